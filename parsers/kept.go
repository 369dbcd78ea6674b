package parsers

import (
	"container/list"

	"github.com/flinklint/flinklint/parsers/model"
)

// keptBytes bounds the source behind the models kept: about 20 times
// that in memory.
const keptBytes = 1 << 20

// kept holds the models of the files parsed on demand, the most recently
// used first, up to keptBytes of their source: the declarations one unit
// resolves (a constants class, the Flink classes of a repository that
// holds Flink's own code) are often resolved by the next unit too, which
// then need not parse them again. A model does not change once lowered,
// so projects may share it. Units use it one after another.
type kept struct {
	byPath map[string]*list.Element
	order  list.List // of *keptFile
	size   int64
}

type keptFile struct {
	path  string
	file  *model.File
	lines []int // its line table: a finished unit's files drop theirs
	size  int64
	// problems are those met parsing it, which a unit it is lent to
	// reports too.
	problems *held
}

// get returns the model of path, with its line table restored, and the
// problems of its parse; nil if none is kept.
func (k *kept) get(path string) (*model.File, []Problem) {
	e := k.byPath[path]
	if e == nil {
		return nil, nil
	}
	k.order.MoveToFront(e)
	kf := e.Value.(*keptFile)
	kf.file.Token.SetLines(kf.lines)
	return kf.file, kf.problems.problems
}

// put keeps the model f of path, whose source is size bytes long and
// whose parse met problems, and forgets the least recently used models
// beyond keptBytes.
func (k *kept) put(path string, f *model.File, size int64, problems *held) {
	if size > keptBytes/4 || k.byPath[path] != nil {
		return // a huge file would push out all the others
	}
	if k.byPath == nil {
		k.byPath = map[string]*list.Element{}
	}
	k.byPath[path] = k.order.PushFront(&keptFile{path: path, file: f, lines: f.Token.Lines(), size: size, problems: problems})
	k.size += size
	for k.size > keptBytes {
		old := k.order.Remove(k.order.Back()).(*keptFile)
		delete(k.byPath, old.path)
		k.size -= old.size
	}
}

// forget drops the model of path, which has changed.
func (k *kept) forget(path string) {
	if e := k.byPath[path]; e != nil {
		k.size -= k.order.Remove(e).(*keptFile).size
		delete(k.byPath, path)
	}
}
