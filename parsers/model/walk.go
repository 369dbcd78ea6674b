package model

// The bounds of every walk that follows a name to its definition, a value to
// its uses, a method to its callers or a parameter to its arguments. Real
// code never comes near them; they exist so that a cycle the guard cannot see
// or a project built to blow a walk up costs a bounded amount of work.
const (
	// MaxDepth bounds how many definitions, variables, helper methods,
	// parameters or links of a chain one path of a walk follows.
	MaxDepth = 32
	// MaxSteps bounds how many nodes one walk enters in all, so that a walk
	// that branches (A = B + B; B = C + C; ...) stays linear, not exponential.
	MaxSteps = 1 << 12
)

// Walk guards a walk over the model that follows bindings rather than the
// tree (self-assignment w = w.allowedLateness(...), mutual recursion between
// helper methods and recursive constants make such walks cyclic). A walk
// enters a node before following it and leaves it when done; Enter refuses
// a node that is already being followed, and any node once the walk is
// MaxDepth deep or has entered MaxSteps nodes.
//
// A loop that follows a chain (a = b; b = c) enters each link and leaves
// none, so that the links count towards MaxDepth. The zero Walk is ready to
// use; it is not safe for use by several goroutines.
type Walk struct {
	// Once makes a node that was left stay refused: for walks that collect
	// (the uses of a variable), where a node reached a second time adds
	// nothing. Without it, a node is refused only while it is being
	// followed, as a fold needs (A * A folds A twice).
	Once bool

	on           map[*Node]bool
	depth, steps int
}

// Enter reports whether the walk may follow n. When it returns true, call
// Leave(n) once done with n.
func (w *Walk) Enter(n *Node) bool {
	if w.on[n] || w.depth >= MaxDepth || w.steps >= MaxSteps {
		return false
	}
	if w.on == nil {
		w.on = map[*Node]bool{}
	}
	w.on[n] = true
	w.depth++
	w.steps++
	return true
}

// Visited reports whether n is being followed or, in a Once walk, was
// followed: then Enter refuses it because of a cycle or a second path, not
// because the walk ran out of depth or steps.
func (w *Walk) Visited(n *Node) bool {
	return w.on[n]
}

// Leave ends following n, which Enter accepted.
func (w *Walk) Leave(n *Node) {
	w.depth--
	if !w.Once {
		delete(w.on, n)
	}
}
