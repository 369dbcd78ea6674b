package main

import (
	"io"
	"os"
	"strconv"
)

// detailsFlag is -details: whether the text format writes each finding's
// evidence, help and note under it. Unset, it follows golangci-lint and
// ruff: on when stdout is a terminal, where a person reads it, and off
// when piped, where a program does; -details and -details=false decide.
type detailsFlag struct {
	set, value bool
}

func (d *detailsFlag) String() string {
	if d == nil || !d.set {
		return "auto"
	}
	return strconv.FormatBool(d.value)
}

func (d *detailsFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	d.set, d.value = true, on
	return nil
}

func (d *detailsFlag) IsBoolFlag() bool { return true }

// on says whether to write the details on an output that is a terminal
// or not.
func (d *detailsFlag) on(terminal bool) bool {
	if d.set {
		return d.value
	}
	return terminal
}

// isTerminal reports whether w is a character device: a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
