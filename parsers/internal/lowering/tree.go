package lowering

// The front ends read trees through tree-sitter's C API directly. smacker's
// binding allocates a Go *Node for every node it hands out and keeps it in a
// per-tree map until the tree is collected, converts every Type() and field
// name from a C string, mallocs a C copy of every field name it looks up,
// and crosses into C once per question; on the corpus that was a third of
// the run's CPU and two thirds of its allocations. Here a Node is a value
// that carries its type, span and flags, one C call fills all children of a
// node with a reused cursor, and type and field names come from tables read
// once per parser. The C functions are tree-sitter's own, linked into the
// binary by smacker's package; the declarations below are those of its
// api.h (tree-sitter 0.22.5), whose ABI the grammars are built against.

/*
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>

typedef struct TSLanguage TSLanguage;
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
void ts_parser_set_timeout_micros(TSParser *self, uint64_t timeout_micros);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_parser_reset(TSParser *self);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
uint16_t ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_has_error(TSNode self);
uint32_t ts_node_child_count(TSNode self);
TSNode ts_node_child(TSNode self, uint32_t child_index);
TSNode ts_node_child_by_field_id(TSNode self, uint16_t field_id);
void ts_tree_cursor_delete(TSTreeCursor *self);
void ts_tree_cursor_reset(TSTreeCursor *self, TSNode node);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
uint32_t ts_language_symbol_count(const TSLanguage *self);
const char *ts_language_symbol_name(const TSLanguage *self, uint16_t symbol);
uint32_t ts_language_field_count(const TSLanguage *self);
const char *ts_language_field_name_for_id(const TSLanguage *self, uint16_t id);

// lw_node is a node with what the lowering asks of it. It holds the TSNode's
// pointers as integers, so that Go's garbage collector and cgo's pointer
// checks need not scan the buffers of them.
typedef struct {
	uint32_t context[4];
	uintptr_t id, tree;
	uint32_t start, end;
	uint16_t symbol, field;
	uint8_t flags;
} lw_node;

enum { lw_named = 1, lw_missing = 2, lw_has_error = 4 };

static TSNode lw_ts(lw_node n) {
	TSNode t = {{n.context[0], n.context[1], n.context[2], n.context[3]}, (const void *)n.id, (const TSTree *)n.tree};
	return t;
}

static lw_node lw_fill(TSNode n, uint16_t field) {
	lw_node out = {{n.context[0], n.context[1], n.context[2], n.context[3]}, (uintptr_t)n.id, (uintptr_t)n.tree, 0, 0, 0, field, 0};
	if (n.id == NULL) return out;
	out.start = ts_node_start_byte(n);
	out.end = ts_node_end_byte(n);
	out.symbol = ts_node_symbol(n);
	out.flags = (ts_node_is_named(n) ? lw_named : 0) | (ts_node_is_missing(n) ? lw_missing : 0) |
		(ts_node_has_error(n) ? lw_has_error : 0);
	return out;
}

// lw_children writes the children of n, with their field ids, to out and
// returns how many there are; when there are more than cap it writes none.
static uint32_t lw_children(TSTreeCursor *c, lw_node ln, lw_node *out, uint32_t cap) {
	TSNode n = lw_ts(ln);
	uint32_t count = ts_node_child_count(n);
	if (count > cap || count == 0) return count;
	ts_tree_cursor_reset(c, n);
	if (!ts_tree_cursor_goto_first_child(c)) return 0;
	uint32_t i = 0;
	do {
		out[i++] = lw_fill(ts_tree_cursor_current_node(c), ts_tree_cursor_current_field_id(c));
	} while (i < count && ts_tree_cursor_goto_next_sibling(c));
	return i;
}

static uint32_t lw_child_count(lw_node n) { return ts_node_child_count(lw_ts(n)); }
static lw_node lw_child(lw_node n, uint32_t i) { return lw_fill(ts_node_child(lw_ts(n), i), 0); }
static lw_node lw_child_by_field(lw_node n, uint16_t field) { return lw_fill(ts_node_child_by_field_id(lw_ts(n), field), field); }
static lw_node lw_root(const TSTree *t) { return lw_fill(ts_tree_root_node(t), 0); }
static TSTreeCursor *lw_cursor_new(void) { return calloc(1, sizeof(TSTreeCursor)); }
static void lw_cursor_free(TSTreeCursor *c) { ts_tree_cursor_delete(c); free(c); }
*/
import "C"

import (
	"slices"
	"time"
	"unsafe"
)

// errorSymbol is tree-sitter's symbol of ERROR nodes.
const errorSymbol = 0xFFFF

// Parser is a tree-sitter parser for one language, with the tables and the
// scratch space the lowering reads its trees with. Like a tree-sitter
// parser it must not be used by two goroutines at once.
type Parser struct {
	c      *C.TSParser
	cursor *C.TSTreeCursor
	// symbols and fields name the language's symbols and field ids;
	// fieldIDs maps a field name to its id.
	symbols, fields []string
	fieldIDs        map[string]C.uint16_t
	// buf holds the children of the nodes being iterated, innermost last.
	buf []C.lw_node
	// names interns the short texts the lowering reads (see Base.Text).
	names map[string]string
}

// Interning bounds: a text longer than maxInterned bytes is copied as is
// (literals, mostly), and the table is cleared when it holds maxNames.
const (
	maxInterned = 64
	maxNames    = 1 << 14
)

// intern returns s as a string, the same one each time for the same
// bytes: a file names the same variables, types and methods over and over,
// and its model keeps each of those names.
func (p *Parser) intern(s []byte) string {
	if t, ok := p.names[string(s)]; ok {
		return t
	}
	if len(p.names) >= maxNames {
		clear(p.names)
	}
	t := string(s)
	p.names[t] = t
	return t
}

// NewParser returns a Parser for the grammar whose TSLanguage pointer
// (tree_sitter_java() and the like) is lang. Close releases it.
func NewParser(lang unsafe.Pointer) *Parser {
	l := (*C.TSLanguage)(lang)
	p := &Parser{c: C.ts_parser_new(), cursor: C.lw_cursor_new(), fieldIDs: map[string]C.uint16_t{}, names: map[string]string{}}
	C.ts_parser_set_language(p.c, l)
	for s := range C.ts_language_symbol_count(l) {
		p.symbols = append(p.symbols, C.GoString(C.ts_language_symbol_name(l, C.uint16_t(s))))
	}
	p.fields = []string{""}
	for id := C.uint16_t(1); id <= C.uint16_t(C.ts_language_field_count(l)); id++ {
		name := C.GoString(C.ts_language_field_name_for_id(l, id))
		p.fields = append(p.fields, name)
		p.fieldIDs[name] = id
	}
	return p
}

// Close releases the tree-sitter parser.
func (p *Parser) Close() {
	if p.c != nil {
		C.ts_parser_delete(p.c)
		C.lw_cursor_free(p.cursor)
		p.c, p.cursor = nil, nil
	}
}

// tree is a parsed C tree; close deletes it.
type tree struct {
	c *C.TSTree
	p *Parser
}

// parse parses text; it gives up, returning false, after timeout.
func (p *Parser) parse(text []byte, timeout time.Duration) (tree, bool) {
	C.ts_parser_set_timeout_micros(p.c, C.uint64_t(timeout.Microseconds()))
	var ptr *C.char
	if len(text) > 0 {
		ptr = (*C.char)(unsafe.Pointer(&text[0]))
	}
	t := C.ts_parser_parse_string(p.c, nil, ptr, C.uint32_t(len(text)))
	if t == nil {
		C.ts_parser_reset(p.c) // else the next parse would resume this one, on another file
		return tree{}, false
	}
	return tree{t, p}, true
}

func (t tree) root() Node { return Node{C.lw_root(t.c), t.p} }

// close deletes the C tree; its nodes must no longer be used. A buffer that
// a huge file grew is let go.
func (t tree) close() {
	C.ts_tree_delete(t.c)
	t.p.buf = t.p.buf[:0]
	if cap(t.p.buf) > 1<<14 {
		t.p.buf = nil
	}
}

// Node is a node of a tree being lowered, valid until the tree is closed.
// The zero-ID Node, which ChildByFieldName returns for a missing field, is
// null (see IsNull).
type Node struct {
	n C.lw_node
	p *Parser
}

// IsNull tells whether n stands for no node.
func (n Node) IsNull() bool { return n.n.id == 0 }

// Type returns the node's type, "" for a null node.
func (n Node) Type() string {
	switch {
	case n.IsNull():
		return ""
	case n.n.symbol == errorSymbol:
		return "ERROR"
	case int(n.n.symbol) < len(n.p.symbols):
		return n.p.symbols[n.n.symbol]
	}
	return ""
}

// StartByte returns the offset where n starts.
func (n Node) StartByte() uint32 { return uint32(n.n.start) }

// EndByte returns the offset where n ends.
func (n Node) EndByte() uint32 { return uint32(n.n.end) }

// IsNamed tells whether n is a named node, not punctuation or a keyword.
func (n Node) IsNamed() bool { return n.n.flags&C.lw_named != 0 }

// IsMissing tells whether the parser inserted n to recover from an error.
func (n Node) IsMissing() bool { return n.n.flags&C.lw_missing != 0 }

// HasError tells whether n is or holds a syntax error.
func (n Node) HasError() bool { return n.n.flags&C.lw_has_error != 0 }

// IsError tells whether n is an ERROR node.
func (n Node) IsError() bool { return !n.IsNull() && n.n.symbol == errorSymbol }

// ChildCount returns the number of children of n.
func (n Node) ChildCount() int {
	if n.IsNull() {
		return 0
	}
	return int(C.lw_child_count(n.n))
}

// Child returns the i-th child of n. tree-sitter finds it by walking from the
// first; iterate with EachNamed or eachChild instead when there are many.
func (n Node) Child(i int) Node {
	if n.IsNull() || i < 0 {
		return n
	}
	return Node{C.lw_child(n.n, C.uint32_t(i)), n.p}
}

// ChildByFieldName returns the child of n in the named field, or a null node.
func (n Node) ChildByFieldName(name string) Node {
	if n.IsNull() {
		return n
	}
	id, ok := n.p.fieldIDs[name]
	if !ok {
		return Node{p: n.p}
	}
	return Node{C.lw_child_by_field(n.n, id), n.p}
}

// eachChild calls f for each child of n with its field name. The children
// are read in one call into the parser's buffer, above those of the nodes
// being iterated further out, and f may iterate in turn.
func eachChild(n Node, f func(c Node, field string)) {
	if n.IsNull() {
		return
	}
	p := n.p
	top := len(p.buf)
	for {
		free := p.buf[top:cap(p.buf)]
		var out *C.lw_node
		if len(free) > 0 {
			out = &free[0]
		}
		k := int(C.lw_children(p.cursor, n.n, out, C.uint32_t(len(free))))
		if k <= len(free) {
			p.buf = p.buf[:top+k]
			break
		}
		p.buf = slices.Grow(p.buf, k)
	}
	for i := top; i < len(p.buf); i++ {
		c := p.buf[i] // f may grow and move the buffer
		f(Node{c, p}, p.fields[c.field])
	}
	p.buf = p.buf[:top]
}
