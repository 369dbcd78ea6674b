// Package grammar hands out the TSLanguage of the grammars the front ends
// parse with, for lowering.NewParser. The grammars are compiled into smacker's
// packages; their constructors are reached here through C.
package grammar

/*
const void *tree_sitter_java(void);
const void *tree_sitter_scala(void);
const void *tree_sitter_python(void);
*/
import "C"

import (
	"unsafe"

	_ "github.com/smacker/go-tree-sitter/java"   // defines tree_sitter_java
	_ "github.com/smacker/go-tree-sitter/python" // defines tree_sitter_python
	_ "github.com/smacker/go-tree-sitter/scala"  // defines tree_sitter_scala
)

// Java returns tree-sitter-java's TSLanguage.
func Java() unsafe.Pointer { return C.tree_sitter_java() }

// Scala returns tree-sitter-scala's TSLanguage.
func Scala() unsafe.Pointer { return C.tree_sitter_scala() }

// Python returns tree-sitter-python's TSLanguage.
func Python() unsafe.Pointer { return C.tree_sitter_python() }
