package graphout

import "math"

// Place puts each finding on the node its start lies in, in every job
// that has one (a helper's operator may be drawn in two jobs): of the
// nodes of a job in the finding's file whose span contains its start, the
// innermost (the smallest span; the first found among equals). A finding
// no node contains goes to the job of its file whose code there lies
// nearest (see jobOf), as a job-level note, and one in no job's file to
// g.Unplaced. Findings keep their order.
func Place(g *Graph, findings []Located) {
	for _, f := range findings {
		placed := false
		for j := range g.Jobs {
			if n := innermost(&g.Jobs[j], f); n != nil {
				n.Findings = append(n.Findings, f.Finding)
				placed = true
			}
		}
		if placed {
			continue
		}
		if j := jobOf(g, f); j != nil {
			j.Findings = append(j.Findings, f.Finding)
		} else {
			g.Unplaced = append(g.Unplaced, f.Finding)
		}
	}
}

// innermost returns the node of j with the smallest span containing f's
// start, nil when none does.
func innermost(j *Job, f Located) *Node {
	var best *Node
	for i := range j.Nodes {
		n := &j.Nodes[i]
		s := n.Span
		if s.File != f.File || f.Offset < s.Start || f.Offset > s.End {
			continue
		}
		if best == nil || s.End-s.Start < best.Span.End-best.Span.Start {
			best = n
		}
	}
	return best
}

// jobOf returns the job of f's file whose code there lies nearest f's
// start: of the jobs whose extent in the file (from the first to the last
// of its nodes there, and its own start) holds it, the smallest; else the
// closest, the first of equals. Nil when no job is in f's file.
func jobOf(g *Graph, f Located) *Job {
	var best *Job
	bestDist, bestSize := 0, 0
	for i := range g.Jobs {
		j := &g.Jobs[i]
		if j.Span.File != f.File {
			continue
		}
		lo, hi := math.MaxInt, -1
		if j.Span.Start >= 0 {
			lo, hi = j.Span.Start, j.Span.End
		}
		for _, n := range j.Nodes {
			if n.Span.File == f.File && n.Span.Start >= 0 {
				lo, hi = min(lo, n.Span.Start), max(hi, n.Span.End)
			}
		}
		dist := math.MaxInt // a job with no place in the file is the last resort
		if lo <= hi {
			dist = max(lo-f.Offset, f.Offset-hi, 0)
		}
		if best == nil || dist < bestDist || dist == bestDist && hi-lo < bestSize {
			best, bestDist, bestSize = j, dist, hi-lo
		}
	}
	return best
}
