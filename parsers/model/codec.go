package model

import (
	"encoding/binary"
	"errors"
	"fmt"
	"go/token"
	"math"
)

// The codec stores a lowered File as compact bytes, so that a run over an
// unchanged file decodes its model instead of parsing it (the driver keeps
// the bytes in internal/cache, keyed by the file's content digest).
//
// Layout: the magic "FLMC" and a version byte; the number of nodes; the
// string table (count, each length, then all the bytes); the file. Strings
// are indexes into the table, 0 being "". Positions are offsets in the
// file plus one (0 is NoPos), so that they hold whatever base the file gets
// in the FileSet of the run that decodes them; a node's End and NamePos are
// stored as differences from its Pos. Node references outside the tree
// (Script.Call, Configured.Call and ValueNode) are preorder indexes, in the
// order of File.Inspect. Parent, File and order are not stored: decoding
// sets them as Link does. gob cannot do this: it follows Parent pointers.
const (
	codecMagic   = "FLMC"
	codecVersion = 2
	// maxCodecDepth bounds the nesting of nodes and statements, so that
	// decoding hostile bytes cannot exhaust the stack. Front ends stop at
	// lowering.MaxDepth (10,000) syntax levels, which is more than the
	// model's nesting.
	maxCodecDepth = 20_000
	// minNodeBytes is the fewest bytes a node takes (kind, flags, Pos):
	// the node count is bounded by it.
	minNodeBytes = 3
	// nodeChunk is how many nodes the decoder allocates at once at most, so
	// that a node count that lies costs no more than the nodes decoded.
	nodeChunk = 1024
)

// The flags of an encoded node: which fields are set. The common ones come
// first, to fit one varint byte.
const (
	nName = 1 << iota
	nRecv
	nArgs
	nStmt
	nBody
	nInit
	nValue
	nRaw
	nType
	nTypeArgs
	nParams
	nClass
	nSupers
	nStatic
	nFinal
	nWritten
)

// The flags of an encoded statement.
const (
	sSetting = 1 << iota
	sTable
	sName
	sHints
	sCalls
	sReads
	sBody
)

// EncodeFile returns the bytes of f for DecodeFile. It fails on a model it
// cannot store faithfully: a position outside f.Token, a node or script of
// another file, nesting deeper than the decoder accepts.
func EncodeFile(f *File) ([]byte, error) {
	if f.Token == nil {
		return nil, errors.New("model: encode: file has no token.File")
	}
	e := &encoder{f: f, strs: map[string]uint64{"": 0}, base: f.Token.Base(), size: f.Token.Size()}
	e.file()
	if e.err != nil {
		return nil, fmt.Errorf("model: encode %s: %w", f.Path, e.err)
	}
	out := make([]byte, 0, len(e.buf)+e.strBytes+2*len(e.table)+32)
	out = append(out, codecMagic...)
	out = append(out, codecVersion)
	out = binary.AppendUvarint(out, uint64(e.nodes))
	out = binary.AppendUvarint(out, uint64(e.slots))
	out = binary.AppendUvarint(out, uint64(len(e.table)))
	for _, s := range e.table {
		out = binary.AppendUvarint(out, uint64(len(s)))
	}
	for _, s := range e.table {
		out = append(out, s...)
	}
	return append(out, e.buf...), nil
}

type encoder struct {
	f          *File
	buf        []byte
	strs       map[string]uint64
	table      []string // strings 1...
	strBytes   int
	base, size int
	nodes      int
	slots      int           // elements of node lists
	last       int           // Pos of the last node written, offset plus one
	index      map[*Node]int // preorder index of each node, built when a reference needs it
	depth      int
	err        error
}

func (e *encoder) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf(format, args...)
	}
}

func (e *encoder) uvarint(v uint64) { e.buf = binary.AppendUvarint(e.buf, v) }
func (e *encoder) varint(v int64)   { e.buf = binary.AppendVarint(e.buf, v) }

func (e *encoder) bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

func (e *encoder) str(s string) {
	i, ok := e.strs[s]
	if !ok {
		e.table = append(e.table, s)
		e.strBytes += len(s)
		i = uint64(len(e.table))
		e.strs[s] = i
	}
	e.uvarint(i)
}

func (e *encoder) strs2(ss []string) {
	e.uvarint(uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

// rel returns p as an offset in the file plus one, 0 for NoPos.
func (e *encoder) rel(p token.Pos) int {
	if p == token.NoPos {
		return 0
	}
	off := int(p) - e.base
	if off < 0 || off > e.size {
		e.fail("position %d outside the file (base %d, size %d)", p, e.base, e.size)
		return 0
	}
	return off + 1
}

func (e *encoder) pos(p token.Pos) { e.uvarint(uint64(e.rel(p))) }

func (e *encoder) file() {
	f := e.f
	e.str(f.Path)
	e.buf = append(e.buf, byte(f.Lang))
	e.str(f.Package)
	e.str(f.Token.Name())
	e.uvarint(uint64(e.size))
	lines := f.Token.Lines()
	e.uvarint(uint64(len(lines)))
	prev := 0
	for _, l := range lines {
		e.uvarint(uint64(l - prev))
		prev = l
	}
	e.uvarint(uint64(len(f.Imports)))
	for _, im := range f.Imports {
		e.str(im.Path)
		e.bool(im.Static)
		e.bool(im.Wildcard)
		e.pos(im.End)
		e.str(im.Alias)
	}
	e.uvarint(uint64(len(f.Errors)))
	for _, p := range f.Errors {
		e.pos(p)
	}
	e.nodeList(f.Decls)
	if f.Script == nil {
		e.bool(false)
	} else {
		e.bool(true)
		if f.Script.File != f {
			e.fail("script of another file")
		}
		e.ref(f.Script.Call)
		e.statements(f.Script.Statements)
	}
	e.uvarint(uint64(len(f.Config)))
	for _, c := range f.Config {
		if c == nil {
			e.fail("nil setting")
			continue
		}
		if c.File != f {
			e.fail("setting of another file")
		}
		e.setting(&c.Setting)
		e.ref(c.Call)
		e.ref(c.ValueNode)
	}
}

func (e *encoder) nodeList(ns []*Node) {
	e.uvarint(uint64(len(ns)))
	e.slots += len(ns)
	for _, n := range ns {
		e.node(n)
	}
}

// node writes n: its kind (0 for nil), flags, positions, then the fields
// the flags name.
func (e *encoder) node(n *Node) {
	if n == nil {
		e.buf = append(e.buf, 0)
		return
	}
	if n.Kind == 0 {
		e.fail("node of kind 0")
		return
	}
	if e.depth++; e.depth > maxCodecDepth {
		e.fail("nested more than %d levels deep", maxCodecDepth)
		return
	}
	defer func() { e.depth-- }()
	e.nodes++
	var fl uint64
	set := func(b bool, bit uint64) {
		if b {
			fl |= bit
		}
	}
	set(n.Name != "", nName)
	set(n.Value() != "", nValue)
	set(n.Raw() != "", nRaw)
	set(n.Type() != "", nType)
	set(n.Recv != nil, nRecv)
	set(len(n.TypeArgs()) > 0, nTypeArgs)
	set(len(n.Args()) > 0, nArgs)
	set(len(n.Params()) > 0, nParams)
	set(n.Init != nil, nInit)
	set(len(n.Body()) > 0, nBody)
	set(n.Class() != nil, nClass)
	set(len(n.Supers()) > 0, nSupers)
	set(n.Static, nStatic)
	set(n.Final, nFinal)
	set(n.Stmt, nStmt)
	set(n.Written() != n.Name, nWritten)
	e.buf = append(e.buf, byte(n.Kind))
	e.uvarint(fl)
	pos := e.rel(n.Pos())
	e.varint(int64(pos - e.last))
	e.last = pos
	e.varint(int64(e.rel(n.End()) - pos))
	e.varint(int64(e.rel(n.NamePos()) - pos))
	if fl&nName != 0 {
		e.str(n.Name)
	}
	if fl&nValue != 0 {
		e.str(n.Value())
	}
	if fl&nRaw != 0 {
		e.str(n.Raw())
	}
	if fl&nType != 0 {
		e.str(n.Type())
	}
	if fl&nRecv != 0 {
		e.node(n.Recv)
	}
	if fl&nTypeArgs != 0 {
		e.strs2(n.TypeArgs())
	}
	if fl&nArgs != 0 {
		e.nodeList(n.Args())
	}
	if fl&nParams != 0 {
		e.nodeList(n.Params())
	}
	if fl&nInit != 0 {
		e.node(n.Init)
	}
	if fl&nBody != 0 {
		e.nodeList(n.Body())
	}
	if fl&nClass != 0 {
		e.node(n.Class())
	}
	if fl&nSupers != 0 {
		e.strs2(n.Supers())
	}
	if fl&nWritten != 0 {
		e.str(n.Written())
	}
}

// ref writes a reference to a node of the file: its preorder index plus
// one, 0 for nil.
func (e *encoder) ref(n *Node) {
	if n == nil {
		e.uvarint(0)
		return
	}
	if e.index == nil {
		e.index = map[*Node]int{}
		e.f.Inspect(func(m *Node) bool {
			e.index[m] = len(e.index)
			return true
		})
	}
	i, ok := e.index[n]
	if !ok {
		e.fail("reference to a node outside the file")
	}
	e.uvarint(uint64(i + 1))
}

func (e *encoder) statements(ss []*Statement) {
	e.uvarint(uint64(len(ss)))
	for _, s := range ss {
		e.statement(s)
	}
}

func (e *encoder) statement(s *Statement) {
	if s == nil {
		e.fail("nil statement")
		return
	}
	if e.depth++; e.depth > maxCodecDepth {
		e.fail("nested more than %d levels deep", maxCodecDepth)
		return
	}
	defer func() { e.depth-- }()
	var fl uint64
	if s.Setting != nil {
		fl |= sSetting
	}
	if s.Table != nil {
		fl |= sTable
	}
	if s.Name != "" {
		fl |= sName
	}
	if len(s.Hints) > 0 {
		fl |= sHints
	}
	if len(s.Calls) > 0 {
		fl |= sCalls
	}
	if len(s.Reads) > 0 {
		fl |= sReads
	}
	if len(s.Body) > 0 {
		fl |= sBody
	}
	e.buf = append(e.buf, byte(s.Kind))
	e.uvarint(fl)
	pos := e.rel(s.Pos)
	e.uvarint(uint64(pos))
	e.varint(int64(e.rel(s.End) - pos))
	if fl&sSetting != 0 {
		e.setting(s.Setting)
	}
	if fl&sTable != 0 {
		e.table1(s.Table)
	}
	if fl&sName != 0 {
		e.str(s.Name)
	}
	if fl&sHints != 0 {
		e.uvarint(uint64(len(s.Hints)))
		for _, h := range s.Hints {
			if h == nil {
				e.fail("nil hint")
				return
			}
			e.str(h.Table)
			e.pos(h.Pos)
			e.settings(h.Options)
		}
	}
	if fl&sCalls != 0 {
		e.uvarint(uint64(len(s.Calls)))
		for _, c := range s.Calls {
			if c == nil {
				e.fail("nil call")
				return
			}
			e.str(c.Name)
			e.pos(c.Pos)
			e.uvarint(uint64(len(c.Args)))
			for _, a := range c.Args {
				e.expr(a)
			}
		}
	}
	if fl&sReads != 0 {
		e.strs2(s.Reads)
	}
	if fl&sBody != 0 {
		e.statements(s.Body)
	}
}

func (e *encoder) setting(s *Setting) {
	e.str(s.Key)
	e.str(s.Value)
	e.pos(s.KeyPos)
	e.pos(s.ValuePos)
	e.pos(s.KeyEnd)
}

func (e *encoder) settings(ss []*Setting) {
	e.uvarint(uint64(len(ss)))
	for _, s := range ss {
		if s == nil {
			e.fail("nil setting")
			return
		}
		e.setting(s)
	}
}

func (e *encoder) table1(t *Table) {
	e.str(t.Name)
	e.pos(t.NamePos)
	e.uvarint(uint64(len(t.Columns)))
	for _, c := range t.Columns {
		if c == nil {
			e.fail("nil column")
			return
		}
		e.str(c.Name)
		e.pos(c.NamePos)
		e.str(c.Type)
		e.expr(c.Computed)
		e.bool(c.Metadata)
		e.str(c.Comment)
	}
	if w := t.Watermark; w != nil {
		e.bool(true)
		e.str(w.Column)
		e.pos(w.Pos)
		e.expr(w.Expr)
	} else {
		e.bool(false)
	}
	e.settings(t.Options)
	if l := t.Like; l != nil {
		e.bool(true)
		e.str(l.Table)
		e.pos(l.Pos)
		e.bool(l.ExcludingOptions)
	} else {
		e.bool(false)
	}
}

// expr writes x as its token count plus one (0 for nil), Pos and tokens.
func (e *encoder) expr(x *SQLExpr) {
	if x == nil {
		e.uvarint(0)
		return
	}
	e.uvarint(uint64(len(x.Tokens)) + 1)
	e.pos(x.Pos)
	for _, t := range x.Tokens {
		e.buf = append(e.buf, byte(t.Kind))
		e.str(t.Text)
		e.pos(t.Pos)
	}
}

// DecodeFile decodes bytes from EncodeFile, registering the file in fset
// with the name, size and lines it had when encoded.
func DecodeFile(data []byte, fset *token.FileSet) (*File, error) {
	return DecodeFileFunc(data, func(name string, size int) *token.File { return fset.AddFile(name, -1, size) })
}

// DecodeFileFunc is DecodeFile for a driver that registers files itself
// (in the order of its paths, whichever worker decodes them): add returns a
// new token.File of that name and size. Decoding calls it once, after the
// header is read and checked, and sets its lines. If decoding fails after
// that, the driver may parse the source into the token.File add returned.
//
// Malformed bytes give an error, never a panic; every count is checked
// against the bytes left before anything is allocated for it.
func DecodeFileFunc(data []byte, add func(name string, size int) *token.File) (*File, error) {
	d := &decoder{b: data}
	f := d.decode(add)
	if d.err != nil {
		return nil, fmt.Errorf("model: decode: %w", d.err)
	}
	return f, nil
}

var errMalformed = errors.New("malformed model")

type decoder struct {
	b         []byte // still to read
	strs      []string
	base      int // the file's base minus one: a stored position plus base is a Pos
	size      int
	f         *File
	nodes     []Node  // nodes allocated, not yet used
	nodesLeft int     // nodes still to allocate
	slots     []*Node // all the elements of node lists, allocated at once
	last      int64   // Pos of the last node read, offset plus one
	refs      []*Node
	depth     int
	err       error
}

// fail records the first error and drops the rest of the input, so that
// every later read fails at once and every loop ends.
func (d *decoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
	d.b = nil
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail(errMalformed)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail(errMalformed)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) byte1() byte {
	if len(d.b) == 0 {
		d.fail(errMalformed)
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) bool() bool {
	switch d.byte1() {
	case 0:
		return false
	case 1:
		return true
	}
	d.fail(errMalformed)
	return false
}

// count reads the length of a list whose elements take at least min bytes
// each: more than the bytes left is malformed.
func (d *decoder) count(minBytes int) int {
	n := d.uvarint()
	if n > uint64(len(d.b)/minBytes) {
		d.fail(errMalformed)
		return 0
	}
	return int(n)
}

func (d *decoder) str() string {
	i := d.uvarint()
	if i > uint64(len(d.strs)) {
		d.fail(errMalformed)
		return ""
	}
	if i == 0 {
		return ""
	}
	return d.strs[i-1]
}

func (d *decoder) strList() []string {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.str()
	}
	return ss
}

// at turns a stored position (offset plus one, 0 for NoPos) into a Pos.
func (d *decoder) at(rel int64) token.Pos {
	if off := d.offset(rel); off != 0 {
		return token.Pos(d.base + int(off))
	}
	return token.NoPos
}

// offset checks a stored position, which a Node keeps as it is (see
// Node.Pos): 0 if it lies outside the file.
func (d *decoder) offset(rel int64) uint32 {
	if rel < 0 || rel > int64(d.size)+1 {
		d.fail(errMalformed)
		return 0
	}
	return uint32(rel)
}

func (d *decoder) pos() token.Pos {
	return d.at(int64(min(d.uvarint(), math.MaxInt32)))
}

func (d *decoder) decode(add func(name string, size int) *token.File) *File {
	if len(d.b) < len(codecMagic)+1 || string(d.b[:len(codecMagic)]) != codecMagic {
		d.fail(errors.New("not an encoded model"))
		return nil
	}
	if v := d.b[len(codecMagic)]; v != codecVersion {
		d.fail(fmt.Errorf("model encoded by version %d, want %d", v, codecVersion))
		return nil
	}
	d.b = d.b[len(codecMagic)+1:]
	nodes := d.count(minNodeBytes)
	slots := d.count(1)
	nstr := d.count(1)
	lens := make([]int, nstr)
	total := 0
	for i := range lens {
		lens[i] = int(min(d.uvarint(), uint64(len(d.b))))
		total += lens[i]
		if total > len(d.b) {
			d.fail(errMalformed)
			return nil
		}
	}
	if d.err != nil {
		return nil
	}
	blob := string(d.b[:total]) // one allocation: every string is a slice of it
	d.b = d.b[total:]
	d.strs = make([]string, nstr)
	for i, n := range lens {
		d.strs[i], blob = blob[:n], blob[n:]
	}

	f := &File{}
	d.f = f
	f.Path = d.str()
	f.Lang = Lang(d.byte1())
	f.Package = d.str()
	name := d.str()
	size := d.uvarint()
	if size > math.MaxInt32 {
		d.fail(errMalformed)
	}
	d.size = int(size)
	nl := d.count(1)
	var lines []int
	if nl > 0 {
		lines = make([]int, nl)
	}
	prev := 0
	for i := range lines {
		delta := d.uvarint()
		if (i > 0 && delta == 0) || delta > uint64(d.size) {
			d.fail(errMalformed)
			return nil
		}
		prev += int(delta)
		lines[i] = prev
	}
	// SetLines wants every line to start inside the file; an empty file
	// has the one line token.File starts with.
	defaultLines := len(lines) == 1 && lines[0] == 0
	if d.err != nil || (!defaultLines && prev >= d.size) {
		d.fail(errMalformed)
		return nil
	}
	tf := add(name, d.size)
	if tf == nil || tf.Size() != d.size || (!defaultLines && !tf.SetLines(lines)) {
		d.fail(errors.New("cannot register the file"))
		return nil
	}
	f.Token = tf
	d.base = tf.Base() - 1
	d.nodesLeft = nodes
	d.slots = make([]*Node, slots)

	if n := d.count(4); n > 0 {
		f.Imports = make([]Import, n)
		for i := range f.Imports {
			im := &f.Imports[i]
			im.Path = d.str()
			im.Static = d.bool()
			im.Wildcard = d.bool()
			im.End = d.pos()
			im.Alias = d.str()
		}
	}
	if n := d.count(1); n > 0 {
		f.Errors = make([]token.Pos, n)
		for i := range f.Errors {
			f.Errors[i] = d.pos()
		}
	}
	f.Decls = d.nodeList(nil)
	number(f)
	if d.bool() {
		f.Script = &Script{File: f}
		f.Script.Call = d.ref()
		f.Script.Statements = d.statements()
	}
	if n := d.count(7); n > 0 {
		f.Config = make([]*Configured, n)
		for i := range f.Config {
			c := &Configured{File: f}
			d.setting(&c.Setting)
			c.Call = d.ref()
			c.ValueNode = d.ref()
			f.Config[i] = c
		}
	}
	if d.err == nil && (len(d.b) > 0 || len(d.nodes)+d.nodesLeft > 0 || len(d.slots) > 0) {
		d.fail(errors.New("malformed model: bytes or nodes left over"))
	}
	return f
}

func (d *decoder) nodeList(parent *Node) []*Node {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	if n > len(d.slots) {
		d.fail(errMalformed)
		return nil
	}
	ns := d.slots[:n:n] // full: an append copies, not overwrites the next list
	d.slots = d.slots[n:]
	for i := range ns {
		ns[i] = d.node(parent)
	}
	return ns
}

func (d *decoder) node(parent *Node) *Node {
	k := Kind(d.byte1())
	if k == 0 || d.err != nil {
		return nil
	}
	if len(d.nodes) == 0 && d.nodesLeft > 0 {
		n := min(d.nodesLeft, nodeChunk)
		d.nodes, d.nodesLeft = make([]Node, n), d.nodesLeft-n
	}
	if k > lastKind || len(d.nodes) == 0 {
		d.fail(errMalformed)
		return nil
	}
	if d.depth++; d.depth > maxCodecDepth {
		d.fail(errMalformed)
		return nil
	}
	defer func() { d.depth-- }()
	n := &d.nodes[0]
	d.nodes = d.nodes[1:]
	n.Kind, n.Parent, n.File = k, parent, d.f
	fl := d.uvarint()
	rel := d.last + max(min(d.varint(), math.MaxInt32), math.MinInt32)
	d.last = rel
	n.pos = d.offset(rel)
	n.end = d.offset(rel + max(min(d.varint(), math.MaxInt32), math.MinInt32))
	n.namePos = d.offset(rel + max(min(d.varint(), math.MaxInt32), math.MinInt32))
	if fl&nName != 0 {
		n.Name = d.str()
	}
	if fl&nValue != 0 {
		n.SetValue(d.str())
	}
	if fl&nRaw != 0 {
		n.SetRaw(d.str())
	}
	if fl&nType != 0 {
		n.SetType(d.str())
	}
	if fl&nRecv != 0 {
		n.Recv = d.node(n)
	}
	if fl&nTypeArgs != 0 {
		n.SetTypeArgs(d.strList())
	}
	if fl&nArgs != 0 {
		n.SetArgs(d.nodeList(n))
	}
	if fl&nParams != 0 {
		n.SetParams(d.nodeList(n))
	}
	if fl&nInit != 0 {
		n.Init = d.node(n)
	}
	if fl&nBody != 0 {
		n.SetBody(d.nodeList(n))
	}
	if fl&nClass != 0 {
		n.SetClass(d.node(n))
	}
	if fl&nSupers != 0 {
		n.SetSupers(d.strList())
	}
	if fl&nWritten != 0 {
		n.SetWritten(d.str())
	}
	n.Static, n.Final, n.Stmt = fl&nStatic != 0, fl&nFinal != 0, fl&nStmt != 0
	return n
}

// ref reads a reference written by encoder.ref.
func (d *decoder) ref() *Node {
	i := d.uvarint()
	if i == 0 || d.err != nil {
		return nil
	}
	if d.refs == nil {
		d.f.Inspect(func(n *Node) bool {
			d.refs = append(d.refs, n)
			return true
		})
	}
	if i > uint64(len(d.refs)) {
		d.fail(errMalformed)
		return nil
	}
	return d.refs[i-1]
}

func (d *decoder) statements() []*Statement {
	n := d.count(4)
	if n == 0 {
		return nil
	}
	ss := make([]*Statement, n)
	for i := range ss {
		ss[i] = d.statement()
	}
	return ss
}

func (d *decoder) statement() *Statement {
	if d.depth++; d.depth > maxCodecDepth {
		d.fail(errMalformed)
		return nil
	}
	defer func() { d.depth-- }()
	s := &Statement{Kind: StatementKind(d.byte1())}
	fl := d.uvarint()
	rel := int64(min(d.uvarint(), math.MaxInt32))
	s.Pos = d.at(rel)
	s.End = d.at(rel + max(min(d.varint(), math.MaxInt32), math.MinInt32))
	if fl&sSetting != 0 {
		s.Setting = &Setting{}
		d.setting(s.Setting)
	}
	if fl&sTable != 0 {
		s.Table = d.table()
	}
	if fl&sName != 0 {
		s.Name = d.str()
	}
	if fl&sHints != 0 {
		s.Hints = make([]*Hint, d.count(3))
		for i := range s.Hints {
			h := &Hint{Table: d.str(), Pos: d.pos()}
			h.Options = d.settings()
			s.Hints[i] = h
		}
	}
	if fl&sCalls != 0 {
		s.Calls = make([]*SQLCall, d.count(3))
		for i := range s.Calls {
			c := &SQLCall{Name: d.str(), Pos: d.pos()}
			if n := d.count(1); n > 0 {
				c.Args = make([]*SQLExpr, n)
				for j := range c.Args {
					c.Args[j] = d.expr()
				}
			}
			s.Calls[i] = c
		}
	}
	if fl&sReads != 0 {
		s.Reads = d.strList()
	}
	if fl&sBody != 0 {
		s.Body = d.statements()
	}
	return s
}

func (d *decoder) setting(s *Setting) {
	s.Key = d.str()
	s.Value = d.str()
	s.KeyPos = d.pos()
	s.ValuePos = d.pos()
	s.KeyEnd = d.pos()
}

func (d *decoder) settings() []*Setting {
	n := d.count(5)
	if n == 0 {
		return nil
	}
	ss := make([]*Setting, n)
	for i := range ss {
		ss[i] = &Setting{}
		d.setting(ss[i])
	}
	return ss
}

func (d *decoder) table() *Table {
	t := &Table{Name: d.str(), NamePos: d.pos()}
	if n := d.count(6); n > 0 {
		t.Columns = make([]*Column, n)
		for i := range t.Columns {
			c := &Column{Name: d.str(), NamePos: d.pos(), Type: d.str()}
			c.Computed = d.expr()
			c.Metadata = d.bool()
			c.Comment = d.str()
			t.Columns[i] = c
		}
	}
	if d.bool() {
		w := &Watermark{Column: d.str(), Pos: d.pos()}
		w.Expr = d.expr()
		t.Watermark = w
	}
	t.Options = d.settings()
	if d.bool() {
		t.Like = &Like{Table: d.str(), Pos: d.pos(), ExcludingOptions: d.bool()}
	}
	return t
}

func (d *decoder) expr() *SQLExpr {
	n := d.uvarint()
	if n == 0 || d.err != nil {
		return nil
	}
	if n-1 > uint64(len(d.b)/3) {
		d.fail(errMalformed)
		return nil
	}
	x := &SQLExpr{Pos: d.pos()}
	if n > 1 {
		x.Tokens = make([]SQLToken, n-1)
		for i := range x.Tokens {
			x.Tokens[i] = SQLToken{Kind: SQLTokenKind(d.byte1()), Text: d.str(), Pos: d.pos()}
		}
	}
	return x
}
