package model

import "go/token"

// Computed stands in SQL text for a piece computed at run time (a variable
// concatenated into the string, an interpolation, a format argument), so
// that the text around it still parses.
const Computed = "flinklint_unknown"

// Script is Flink SQL read from a .sql file, or from the strings a program
// passes to TableEnvironment.executeSql, sqlQuery and the like.
type Script struct {
	File *File // the .sql file, or the Java, Scala or Python file that holds the strings
	// Call is the executeSql (sqlQuery, addInsertSql...) call in code; nil
	// for a .sql file.
	Call       *Node
	Statements []*Statement
}

// StatementKind says what a statement does.
type StatementKind uint8

// The statement kinds flinklint tells apart.
const (
	OtherStatement StatementKind = iota
	SetStatement                 // SET 'key' = 'value'
	ResetStatement               // RESET 'key'
	CreateTable                  // CREATE [TEMPORARY] TABLE
	CreateView                   // CREATE [TEMPORARY] VIEW
	Insert                       // INSERT INTO / OVERWRITE
	Query                        // SELECT, WITH, VALUES
	StatementSet                 // EXECUTE STATEMENT SET BEGIN ... END; Body holds the inner statements
)

// Statement is one SQL statement.
type Statement struct {
	Kind     StatementKind
	Pos, End token.Pos
	Setting  *Setting // SET and RESET (Value is "" for RESET)
	Table    *Table   // CREATE TABLE
	Name     string   // the view of CREATE VIEW, the target table of INSERT
	Hints    []*Hint
	Calls    []*SQLCall // function calls anywhere in the statement, outermost first
	Reads    []string   // tables read: after FROM and JOIN, and TABLE t in table functions
	Body     []*Statement
}

// Setting is one configuration key and its value, wherever it was written:
// SET, a WITH option, a hint, code or a configuration file.
type Setting struct {
	Key, Value       string
	KeyPos, ValuePos token.Pos
	KeyEnd           token.Pos // end of the key as written (quotes included)
}

// Table is the definition of CREATE TABLE.
type Table struct {
	Name      string // as written, with backquotes removed: cat.db.clicks
	NamePos   token.Pos
	Columns   []*Column
	Watermark *Watermark
	Options   []*Setting // the WITH clause
	Like      *Like
	// Descriptor is the TableDescriptor.forConnector call of a table
	// described with the Table API, which is lowered into the CREATE
	// TABLE it stands for; nil for SQL text.
	Descriptor *Node
}

// Option returns the value of the WITH option key, and whether it is set.
func (t *Table) Option(key string) (*Setting, bool) {
	for _, o := range t.Options {
		if o.Key == key {
			return o, true
		}
	}
	return nil, false
}

// Column is a physical, computed or metadata column.
type Column struct {
	Name     string
	NamePos  token.Pos
	Type     string // upper case, as written: BIGINT, TIMESTAMP(3); "" for a computed column
	Computed *SQLExpr
	Metadata bool
	Comment  string // COMMENT '...' or a -- comment on the same line
}

// Watermark is WATERMARK FOR column AS expression.
type Watermark struct {
	Column string
	Pos    token.Pos // the WATERMARK keyword
	Expr   *SQLExpr
}

// Like is the LIKE clause of CREATE TABLE.
type Like struct {
	Table string
	Pos   token.Pos
	// ExcludingOptions is set by EXCLUDING OPTIONS or EXCLUDING ALL: the
	// source's WITH options are then not inherited.
	ExcludingOptions bool
}

// Hint is a /*+ OPTIONS(...) */ table hint.
type Hint struct {
	Table   string // the table it follows
	Pos     token.Pos
	Options []*Setting
}

// SQLCall is a function call such as TO_TIMESTAMP_LTZ(ts, 3).
type SQLCall struct {
	Name string // upper case
	Pos  token.Pos
	Args []*SQLExpr
}

// SQLExpr is an expression, kept as its tokens.
type SQLExpr struct {
	Tokens []SQLToken
	Pos    token.Pos
}

// SQLTokenKind classifies a token.
type SQLTokenKind uint8

// The token kinds.
const (
	SQLIdent  SQLTokenKind = iota + 1 // also keywords; backquotes removed
	SQLString                         // quotes removed, '' unescaped
	SQLNumber
	SQLPunct
)

// SQLToken is one token of an expression.
type SQLToken struct {
	Kind SQLTokenKind
	Text string
	Pos  token.Pos
}

// Configured is a configuration setting made outside SQL scripts: in code
// (tableEnv.getConfig().set("key", "value"), conf.set(Option, value),
// setAutoWatermarkInterval(ms)) or in a configuration file.
type Configured struct {
	Setting
	File *File
	// Call is the call that sets it in code; nil in a configuration file.
	Call *Node
	// ValueNode is the value expression in code when it is not a string
	// (Duration.ofMinutes(1), 0L, a constant holding one); Value is then "".
	ValueNode *Node
}
