package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/lsp"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

const lspUsage = `usage: flinklint lsp [-enable ids] [-disable ids] [-config file] [-no-cache] [-cache-dir dir]

flinklint lsp is a language server (LSP) on stdin and stdout: editors
start it to show the findings while you type, offer the fixes and
explain the rules (docs/editors.md).

Flags:
`

// serveLSP runs the language server on stdin and stdout until the editor
// exits it: 0 after a shutdown, 1 without one (as the protocol says), 2
// when it cannot start.
func serveLSP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := commandFlags("flinklint lsp", lspUsage, stderr)
	disable := fs.String("disable", "", "comma-separated `ids` of rules not to run")
	enable := fs.String("enable", "", "comma-separated `ids` of the only rules to run")
	configFile := fs.String("config", "", "use this configuration `file` for every file, instead of the nearest .flinklint.yaml above each")
	noCache := fs.Bool("no-cache", false, "neither read nor write the cache of parsed files")
	cacheDir := fs.String("cache-dir", "", "keep the cache in `dir` (default: flinklint in the user's cache directory)")
	fs.Bool("stdio", true, "talk on stdin and stdout (the only way; editors pass it)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		report.Note(stderr, fmt.Sprintf("lsp: unexpected argument %q", fs.Arg(0)))
		return 2
	}
	selected, err := selectRules(*enable, *disable)
	if err != nil {
		report.Note(stderr, "lsp: "+err.Error())
		return 2
	}
	if *configFile != "" { // the server compares it with the files that change
		if *configFile, err = filepath.Abs(*configFile); err != nil {
			report.Note(stderr, "lsp: -config: "+err.Error())
			return 2
		}
	}
	opts := lsp.Options{Rules: selected, KnownRules: ruleIDs(), ConfigFile: *configFile, Version: buildVersion(), Log: stderr}
	if !*noCache {
		if opts.CacheSalt = executableDigest(); opts.CacheSalt != nil {
			opts.Cache = openCache(stderr, *cacheDir)
		}
		if opts.Cache != nil {
			defer func() { _ = opts.Cache.Close() }()
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := lsp.Serve(ctx, stdin, stdout, opts); err != nil {
		report.Note(stderr, "lsp: "+err.Error())
		return 1
	}
	return 0
}
