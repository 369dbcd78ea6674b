//go:build ignore

// Repogen writes a generated repository (see package repogen):
//
//	go run ./internal/repogen/gen.go -files 10000 -seed 1 DIR
//
// It prints the planted mistakes with -planted. It is a program to run,
// never to install: the build constraint keeps it out of `go install
// ./...`, which is how pre-commit builds the hook, so the hook's
// environment gets the flinklint command alone.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/flinklint/flinklint/internal/repogen"
)

func main() {
	var o repogen.Options
	flag.IntVar(&o.Files, "files", 1000, "files a run reads")
	flag.Int64Var(&o.Seed, "seed", 1, "random seed")
	flag.Float64Var(&o.Jobs, "jobs", 0, "share of files that are Flink jobs (0 means 0.1; 1 makes every file pass the prefilter)")
	planted := flag.Bool("planted", false, "print the planted mistakes (path rule) instead of writing")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: repogen [-files n] [-seed s] [-jobs share] [-planted] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *planted {
		for _, m := range repogen.Planted(o) {
			fmt.Println(m.Path, m.Rule)
		}
		return
	}
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := repogen.Write(flag.Arg(0), o); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
