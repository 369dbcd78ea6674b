package sources

import "github.com/flinklint/flinklint/parsers/model"

// attributes set a property of the operator they are called on and return
// it, so a chain of them still names the source.
var attributes = map[string]bool{
	"name": true, "uid": true, "setUidHash": true, "setDescription": true, "slotSharingGroup": true,
	"setMaxParallelism": true, "returns": true, "disableChaining": true, "startNewChain": true,
}

// SingleSubtask reports whether the fromSource or addSource call src runs
// as one subtask, as the code shows it: setParallelism(1) on the source
// operator (src.setParallelism(1), also after name or uid), or
// env.setParallelism(1) on the environment the source is read from. A
// source with one subtask feeds every downstream subtask while any of its
// splits has data: none of them is left without records.
func SingleSubtask(p *model.Project, src *model.Node) bool {
	for o := model.Outer(src); o != nil; o = model.Outer(o) {
		if model.IsCall(o, "setParallelism") {
			return isOne(p, o)
		}
		if !attributes[o.Name] {
			break
		}
	}
	if src.Recv == nil {
		return false
	}
	env := p.ValueDecl(src.Recv) // the variable the source is read from: an environment
	envs := p.Envs(src.Recv)
	for _, c := range p.Calls("setParallelism") {
		if c.Kind != model.Call || c.Recv == nil || !isOne(p, c) {
			continue
		}
		if env != nil && p.ValueDecl(c.Recv) == env {
			return true
		}
		if !IsEnvironment(p, c.Recv) {
			continue // an operator's parallelism, not the job's
		}
		for _, a := range p.Envs(c.Recv) {
			for _, b := range envs {
				if a.Var != nil && a.Same(b) {
					return true
				}
			}
		}
	}
	return false
}

func isOne(p *model.Project, setParallelism *model.Node) bool {
	if len(setParallelism.Args()) != 1 {
		return false
	}
	v := p.Value(setParallelism.Args()[0])
	return v.Kind == model.Number && v.Value() == "1"
}

// IsEnvironment reports whether n is a StreamExecutionEnvironment: made by
// one of its factories, or declared with its type.
func IsEnvironment(p *model.Project, n *model.Node) bool {
	if model.IsCall(p.Value(n), "getExecutionEnvironment", "createLocalEnvironment",
		"createLocalEnvironmentWithWebUI", "createRemoteEnvironment") {
		return true
	}
	d := p.ValueDecl(n)
	return d != nil && d.Type() == "StreamExecutionEnvironment"
}
