// Package pystrategy writes the edits that keep a PyFlink strategy's
// Python timestamp assigner. PyFlink keeps the assigner on the Python
// WatermarkStrategy object, and with_idleness and with_watermark_alignment
// return a new one that wraps only the Java strategy: chained after
// with_timestamp_assigner, they drop the assigner, and before it they do
// not.
package pystrategy

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// AfterAssigner reports whether the Python call c is chained directly on a
// with_timestamp_assigner call, and so returns a strategy without the
// assigner when c is with_idleness or with_watermark_alignment.
func AfterAssigner(c *model.Node) bool {
	return c.File.Lang == model.Python && model.IsCall(c.Recv, "withTimestampAssigner") && c.Recv.Recv != nil
}

// MoveBefore returns the edits that delete the call c, chained directly on
// with_timestamp_assigner (AfterAssigner), and write call (".with_idleness(...)")
// before the assigner instead. src is the text of c's file. It reports
// false when anything but blanks, line continuations and the dot lies
// between the two calls: a comment there would be lost.
func MoveBefore(src []byte, c *model.Node, call string) ([]analysis.TextEdit, bool) {
	assigner := c.Recv
	tf := c.File.Token
	if between := src[tf.Offset(assigner.End()):tf.Offset(c.NamePos())]; strings.Trim(string(between), " \t\r\n\\.") != "" {
		return nil, false
	}
	return []analysis.TextEdit{
		{Pos: assigner.Recv.End(), End: assigner.Recv.End(), NewText: []byte(call)},
		{Pos: assigner.End(), End: c.End()},
	}, true
}

// Call is the text of the call c as MoveBefore writes it: its name and
// arguments after a dot.
func Call(src []byte, c *model.Node) string {
	tf := c.File.Token
	return "." + string(src[tf.Offset(c.NamePos()):tf.Offset(c.End())])
}
