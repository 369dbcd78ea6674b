package graphout

import (
	"cmp"
	"slices"
)

// box is a node placed on the page: its top left corner and size.
type box struct{ x, y, w, h float64 }

// The spacing of the layout, in pixels.
const (
	margin    = 16.0
	columnGap = 90.0
	rowGap    = 28.0
)

// layout places the nodes of j, node i sized by size(i), in columns by rank: a
// source in the first, every other node one column right of the
// furthest node that feeds it. Within a column, nodes follow the mean
// row of what feeds them, so that streams cross less. It returns the
// boxes by node index and the size of the drawing.
func layout(j *Job, size func(i int) (w, h float64)) (boxes []box, width, height float64) {
	rank := ranks(len(j.Nodes), j.Edges)
	columns := [][]int{}
	for i, r := range rank {
		for len(columns) <= r {
			columns = append(columns, nil)
		}
		columns[r] = append(columns[r], i)
	}
	row := make([]float64, len(j.Nodes))
	boxes = make([]box, len(j.Nodes))
	x := margin
	for _, col := range columns {
		for _, i := range col {
			row[i] = feedRow(i, j.Edges, rank, row)
		}
		slices.SortStableFunc(col, func(a, b int) int { return cmp.Compare(row[a], row[b]) })
		y, colWidth := margin, 0.0
		for k, i := range col {
			w, h := size(i)
			boxes[i] = box{x, y, w, h}
			row[i] = float64(k)
			y += h + rowGap
			colWidth = max(colWidth, w)
		}
		height = max(height, y-rowGap+margin)
		x += colWidth + columnGap
	}
	return boxes, max(x-columnGap+margin, 2*margin), max(height, 2*margin)
}

// feedRow is the mean row of the nodes of earlier columns that feed node
// i, or its index when none does (a source keeps the order of the code).
func feedRow(i int, edges []Edge, rank []int, row []float64) float64 {
	sum, n := 0.0, 0
	for _, e := range edges {
		if e.To == i && rank[e.From] < rank[i] {
			sum += row[e.From]
			n++
		}
	}
	if n == 0 {
		return float64(i)
	}
	return sum / float64(n)
}

// ranks returns each node's column: 0 for a node nothing feeds, else one
// more than the largest rank among the nodes that feed it. An edge that
// closes a cycle (an iteration's feedback) is left out, found by a walk
// from the nodes in order.
func ranks(n int, edges []Edge) []int {
	out := make([][]int, n)
	for k, e := range edges {
		out[e.From] = append(out[e.From], k)
	}
	const (
		walking = 1
		done    = 2
	)
	state := make([]int, n)
	back := make([]bool, len(edges))
	var order []int // reverse topological order of the edges kept
	var walk func(v int)
	walk = func(v int) {
		state[v] = walking
		for _, k := range out[v] {
			switch to := edges[k].To; state[to] {
			case walking:
				back[k] = true
			case 0:
				walk(to)
			}
		}
		state[v] = done
		order = append(order, v)
	}
	for v := range n {
		if state[v] == 0 {
			walk(v)
		}
	}
	rank := make([]int, n)
	for _, v := range slices.Backward(order) {
		for _, k := range out[v] {
			if !back[k] {
				rank[edges[k].To] = max(rank[edges[k].To], rank[v]+1)
			}
		}
	}
	return rank
}
