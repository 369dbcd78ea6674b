package main

import (
	"fmt"
	"io"
	"os"
)

// subcommands are the names run dispatches on before any flag.
var subcommands = []string{"graph", "lsp", "review"}

// mistypedCommand returns the subcommand arg is most likely a typo of, ""
// when arg names an existing path (a path is always a path) or is close to
// no subcommand. Without it, a mistyped review lints a missing file.
func mistypedCommand(arg string) string {
	if _, err := os.Lstat(arg); err == nil {
		return ""
	}
	return closest(arg, subcommands)
}

// unknownCommand says that arg is not a subcommand and which one it is
// close to; exit 2, as for any other usage error.
func unknownCommand(stderr io.Writer, arg, name string) int {
	fmt.Fprintf(stderr, "flinklint: unknown command %q, did you mean %q?\n", arg, name)
	return 2
}
