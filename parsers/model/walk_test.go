package model

import "testing"

func TestWalkRefusesACycle(t *testing.T) {
	var w Walk
	a, b := &Node{}, &Node{}
	if !w.Enter(a) || !w.Enter(b) {
		t.Fatal("a fresh walk refused a node")
	}
	if w.Enter(a) {
		t.Error("a node being followed was entered again")
	}
	w.Leave(b)
	if !w.Enter(b) {
		t.Error("a node that was left is refused outside a Once walk (A * A folds A twice)")
	}
}

func TestWalkOnce(t *testing.T) {
	w := Walk{Once: true}
	a := &Node{}
	w.Enter(a)
	w.Leave(a)
	if w.Enter(a) || !w.Visited(a) {
		t.Error("a Once walk entered a node a second time")
	}
}

func TestWalkBounds(t *testing.T) {
	var deep Walk
	for i := range MaxDepth {
		if !deep.Enter(&Node{}) {
			t.Fatalf("refused at depth %d, below MaxDepth", i)
		}
	}
	if deep.Enter(&Node{}) {
		t.Error("entered a node beyond MaxDepth")
	}
	var long Walk
	for i := range MaxSteps {
		n := &Node{}
		if !long.Enter(n) {
			t.Fatalf("refused at step %d, below MaxSteps", i)
		}
		long.Leave(n)
	}
	if n := (&Node{}); long.Enter(n) || long.Visited(n) {
		t.Error("entered a node beyond MaxSteps")
	}
}
