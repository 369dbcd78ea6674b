package jobgraph

// Jobs returns the jobs of the project, built on first use.
func (g *Graph) Jobs() []*Job {
	if !g.built {
		g.built = true
	}
	return g.jobs
}
