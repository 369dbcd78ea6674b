package main

import "flag"

// parseArgs parses flags wherever they stand among the paths, as
// golangci-lint and ruff do, so that "flinklint . -fail-on error" means
// what it says instead of analyzing a directory named -fail-on. "--" ends
// the flags: the arguments after it are paths even when they start with
// "-".
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(paths, rest...), nil
		}
		if len(rest) == 0 {
			return paths, nil
		}
		paths = append(paths, rest[0])
		args = rest[1:]
	}
}
