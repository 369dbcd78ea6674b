// Package lowering holds what the Java and Scala front ends share when they
// turn a tree-sitter tree into the model: positions, text, child iteration
// and error bookkeeping.
package lowering

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"slices"
	"time"

	"github.com/flinklint/flinklint/parsers/model"
)

// ErrTooComplex is wrapped by the error a front end's Parse returns for a
// file it gives up on because the file exceeds the per-file budget: parsing
// took longer than Budget allows, or the lowering met nesting deeper than
// MaxDepth. Such a file is skipped, with a problem saying so, instead of
// stalling or crashing the run. The error reads "too complex (why)".
var ErrTooComplex = errors.New("too complex")

// The per-file budget. tree-sitter's own cost grows with nesting (for the
// Scala grammar quadratically: 8,000 chained calls take 1.7 s, 8,000 nested
// anonymous classes 19 s), and the lowering recurses once per level of
// nesting, so both are bounded, far above ordinary code: a 4 MiB file of
// job code, the size cap, parses in about 1 s (Java or Scala, on a loaded
// 2-core machine) against a budget of 37 s. Being a time (tree-sitter 0.22
// has no deterministic operation count), the parse budget could decide
// differently on a slower or busier machine for files near it: it is set so
// that ordinary files stay far from it even on a machine running many jobs
// at once (a budget of 1 s plus 4 µs a byte skipped a dozen of Flink's own
// 100 KB sources in one run on a 2-core machine under a load of 12), at the
// cost of a few more seconds for each hostile file.
const (
	// BaseBudget is the time any file may take to parse.
	BaseBudget = 5 * time.Second
	// MinThroughput, in bytes a second, adds time for larger files; it is
	// about 28 times below the Scala grammar's measured speed.
	MinThroughput = 128 << 10
	// MaxDepth is the deepest nesting of declarations, statements and
	// expressions that the lowering follows. A construct takes one or two
	// levels (a lambda with a block body takes two), so 8,000 nested
	// parentheses lower and 8,000 nested block lambdas do not.
	MaxDepth = 10_000
)

// Budget returns the time tree-sitter may take to parse size bytes.
func Budget(size int) time.Duration {
	return BaseBudget + time.Duration(size)*time.Second/MinThroughput
}

// Base is embedded by a front end's lowerer for one file.
type Base struct {
	Src   []byte
	TF    *token.File
	File  *model.File
	depth int
}

// tooDeep is the panic value with which Enter unwinds the lowering when it
// goes deeper than MaxDepth; Parse recovers it.
type tooDeep struct{}

// Enter counts one level of nesting; every recursive lowering function calls
// it first and defers Leave, so that no input can make the lowering recurse
// without bound.
func (b *Base) Enter() {
	b.depth++
	if b.depth > MaxDepth {
		panic(tooDeep{})
	}
}

// Leave undoes Enter.
func (b *Base) Leave() { b.depth-- }

// Pos returns the position of the start of n.
func (b *Base) Pos(n Node) token.Pos { return b.TF.Pos(int(n.StartByte())) }

// Text returns the source text of n; short ones (names) are interned by
// the parser, so that a model holds each name once rather than at every use.
func (b *Base) Text(n Node) string {
	s := b.Src[n.StartByte():n.EndByte()]
	if len(s) > maxInterned || n.p == nil {
		return string(s)
	}
	return n.p.intern(s)
}

// Node returns a new model node of the given kind spanning n.
func (b *Base) Node(kind model.Kind, n Node) *model.Node {
	m := &model.Node{Kind: kind, File: b.File}
	m.SetSpan(b.Pos(n), b.TF.Pos(int(n.EndByte())))
	return m
}

// EachNamed calls f for each named child of n with its field name.
func EachNamed(n Node, f func(c Node, field string)) {
	eachChild(n, func(c Node, field string) {
		if c.IsNamed() {
			f(c, field)
		}
	})
}

// Named returns the named children of n.
func Named(n Node) []Node {
	var out []Node
	EachNamed(n, func(c Node, _ string) { out = append(out, c) })
	return out
}

// Parse parses src with p, hands the root to lower and records where the
// parser met errors in the file's Errors. The tree is closed before Parse
// returns, as C trees take about 16 times the source size.
//
// The parser reads text (Src, or a same-length stand-in for it that the
// grammar can read); names and literals are read from Src.
//
// A file over the budget (see Budget and MaxDepth) gives an error wrapping
// ErrTooComplex.
func (b *Base) Parse(p *Parser, text []byte, lower func(root Node)) error {
	return b.ParseRepaired(p, text, nil, lower)
}

// ParseRepaired is Parse with a second chance for valid code the grammar
// rejects: when the tree of text has syntax errors and repair (if not nil)
// returns a different same-length text, that text is parsed too, and the
// tree whose errors cover fewer bytes is lowered. Only files with errors pay
// for the second parse, and a repair can only make a file's tree better.
func (b *Base) ParseRepaired(p *Parser, text []byte, repair func([]byte) []byte, lower func(root Node)) (err error) {
	tree, err := parse(p, text)
	if err != nil {
		return err
	}
	if repair != nil && tree.root().HasError() {
		if fixed := repair(text); len(fixed) == len(text) && !bytes.Equal(fixed, text) {
			second, err := parse(p, fixed)
			if err != nil {
				tree.close()
				return err
			}
			if errorBytes(second.root()) < errorBytes(tree.root()) {
				tree, second = second, tree
			}
			second.close()
		}
	}
	defer tree.close()
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(tooDeep); !ok {
				panic(r)
			}
			err = fmt.Errorf("%w (nested more than %d levels deep)", ErrTooComplex, MaxDepth)
		}
	}()
	root := tree.root()
	lower(root)
	if root.HasError() {
		eachError(root, func(n Node) { b.File.Errors = append(b.File.Errors, b.Pos(n)) })
	}
	return nil
}

// parse parses text within the budget.
func parse(p *Parser, text []byte) (tree, error) {
	if nesting(text) > MaxDepth {
		return tree{}, fmt.Errorf("%w (brackets nested more than %d levels deep)", ErrTooComplex, MaxDepth)
	}
	budget := Budget(len(text))
	t, ok := p.parse(text, budget)
	if !ok {
		return tree{}, fmt.Errorf("%w (parsing takes more than %v)", ErrTooComplex, budget.Round(100*time.Millisecond))
	}
	return t, nil
}

// errorBytes measures how much of a tree its errors cover: the bytes of its
// outermost ERROR nodes, and one for each MISSING node.
func errorBytes(root Node) int {
	n := 0
	eachError(root, func(e Node) { n += max(int(e.EndByte()-e.StartByte()), 1) })
	return n
}

// nesting returns how deep the brackets of text nest, counting those in
// strings and comments too. Lowering a file whose brackets nest deeper than
// MaxDepth would nearly always exceed MaxDepth, after a parse that is long
// for Java and longer than the budget for Scala; the scan costs a
// thousandth of the parse and refuses such a file first.
func nesting(text []byte) int {
	depth, deepest := 0, 0
	for _, c := range text {
		switch c {
		case '(', '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ')', ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return deepest
}

// eachError calls f for the outermost ERROR and MISSING nodes below root in
// source order, entering only the subtrees that hold one. It keeps its own
// stack, as errors can nest as deep as the file.
func eachError(root Node, f func(n Node)) {
	if !root.HasError() {
		return
	}
	stack := []Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.IsError() || n.IsMissing() {
			f(n)
			continue
		}
		top := len(stack)
		eachChild(n, func(c Node, _ string) {
			if c.HasError() || c.IsMissing() {
				stack = append(stack, c)
			}
		})
		slices.Reverse(stack[top:]) // the first child is visited first
	}
}
