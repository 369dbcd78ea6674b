package lineage

import (
	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/jobgraph/internal/ops"
	"github.com/flinklint/flinklint/jobgraph/internal/sources"
	"github.com/flinklint/flinklint/parsers/model"
)

// Bounded reports whether every input the stream s comes from is known to
// end: test sources, files read once, bounded connectors, finite sources of
// the project, and combinations of such streams. A finished input emits
// the final watermark (Long.MAX_VALUE) and holds nothing back.
func (l *Lineage) Bounded(s *model.Node) bool {
	if s == nil {
		return false // the implicit this of an inherited call: unknown
	}
	if b, ok := l.bounded[s]; ok {
		return b
	}
	if l.asking[s] {
		// A stream that comes from itself (s = s.assign...(...)) adds no
		// input of its own: its other values decide.
		l.assumed = true
		return true
	}
	l.asking[s] = true
	outer := l.assumed
	l.assumed = false
	b := l.ends(s)
	delete(l.asking, s)
	if !b || !l.assumed || len(l.asking) == 0 {
		l.bounded[s] = b // a "yes" that assumed an asked stream ends holds only once that is answered
	}
	l.assumed = outer || l.assumed
	return b
}

func (l *Lineage) ends(s *model.Node) bool {
	roots := l.Roots(s)
	asked := map[*model.Node]bool{} // the variables whose every value is asked
	for _, r := range roots {
		for _, v := range r.Reassigned {
			asked[v] = true
		}
	}
	for _, r := range roots {
		if r.Reassigned != nil {
			if !l.allValuesEnd(r.Reassigned) {
				return false
			}
			continue
		}
		if r.Node != nil && r.Node.Kind == model.Ident && asked[l.p.ValueDecl(r.Node)] {
			continue // a field with no initializer, assigned in a constructor: its values are asked above
		}
		if r.Node != nil && r.Node.Name == "assignTimestampsAndWatermarks" && r.Watermarks != None {
			// A generating assigner: whether its input ends is asked of
			// the input.
			if r.Node.Recv == nil || !l.Bounded(r.Node.Recv) {
				return false
			}
			continue
		}
		if r.Bounded != Yes && (r.SourceNode == nil || !sources.IsTestSource(r.SourceNode)) {
			return false
		}
	}
	return len(roots) > 0
}

// allValuesEnd reports whether every value assigned to each of the
// variables vars (its initializer and each later assignment; a field may
// have no initializer and be assigned in a constructor) is a stream known
// to end: then whichever the statements' order picks, it ends.
func (l *Lineage) allValuesEnd(vars []*model.Node) bool {
	for _, v := range vars {
		values := 0
		if v.Init != nil {
			if !l.Bounded(v.Init) {
				return false
			}
			values++
		}
		for _, r := range l.p.Refs(v) {
			if a := r.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) == 2 && a.Args()[0] == r {
				if !l.Bounded(a.Args()[1]) {
					return false
				}
				values++
			}
		}
		if values == 0 {
			return false
		}
	}
	return true
}

// idlenessPassThrough are the operations that missing-idleness follows from
// a watermarked stream to the union, connect or join it feeds.
var idlenessPassThrough = ops.Through(ops.SameOperator | ops.Repartition | ops.RecordWise | ops.ProcessFn)

// Combined returns the union, connect or join that the stream s flows into
// through record-by-record operations (map, filter, keyBy, process...),
// and its other inputs; nil when there is none.
func (l *Lineage) Combined(s *model.Node) (*model.Node, []*model.Node) {
	p := l.p
	for _, u := range flow.Downstream(p, s, idlenessPassThrough) {
		if u.Kind == flow.Receiver && combining[u.At.Name] || u.Kind == flow.Argument && model.IsCall(u.At, "union", "connect", "join", "coGroup", "intervalJoin") {
			var others []*model.Node
			for _, in := range append([]*model.Node{u.At.Recv}, u.At.Args()...) {
				if in != u.Value {
					others = append(others, in)
				}
			}
			return u.At, others
		}
	}
	return nil, nil
}

// oneInput are the operations between a source and
// assignTimestampsAndWatermarks that keep each subtask's records on that
// subtask.
var oneInput = ops.Through(ops.SameOperator | ops.RecordWise | ops.ProcessFn)

// MultiSplitOrigin returns the fromSource call of an unbounded multi-split
// source (Kafka...) that the stream s is read from, through operators that
// keep its partitioning by subtask; nil when there is none.
func (l *Lineage) MultiSplitOrigin(s *model.Node) *model.Node {
	p := l.p
	for _, o := range flow.Origins(p, s, oneInput) {
		if model.IsCall(o, "fromSource") && len(o.Args()) > 0 {
			if info := sources.Describe(p, o.Args()[0]); info.MultiSplit && !info.Bounded {
				return o
			}
		}
	}
	return nil
}

// IdlenessReported reports whether the rule missing-idleness reports the
// missing withIdleness of the generating root r: its source is a
// multi-split connector, or the stream it marks is combined, through
// record-by-record operations, with an input that may not end.
func (l *Lineage) IdlenessReported(r Root) bool {
	p := l.p
	if r.Watermarks != Generated || r.Strategy == nil || r.Strategy.Kind != model.Call {
		return false // legacy assigners and custom strategies are not its
	}
	t := r.Node
	switch {
	case model.IsCall(t, "fromSource") && len(t.Args()) > 0:
		info := sources.Describe(p, t.Args()[0])
		if info.Bounded {
			return false
		}
		if info.MultiSplit {
			return true
		}
	case model.IsCall(t, "assignTimestampsAndWatermarks") && t.Recv != nil:
		if l.Bounded(t.Recv) {
			return false
		}
		if l.MultiSplitOrigin(t.Recv) != nil {
			return true
		}
	default:
		return false
	}
	at, others := l.Combined(t)
	if at == nil {
		return false
	}
	for _, o := range others {
		if o == nil || !l.Bounded(o) {
			return true
		}
	}
	return false
}
