// Package flinksql answers the rules' questions about a project's Flink SQL
// and configuration: which tables exist, what options they end up with
// (following LIKE), and which settings apply to a script, wherever they
// were made (SET, code, configuration files).
package flinksql

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/flinklint/flinklint/parsers/flinkconf"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/constant"
)

// Stmt is a statement with the script it belongs to.
type Stmt struct {
	*model.Statement
	Script *model.Script
}

// Statements returns every statement of the project's scripts, the
// statements inside statement sets included.
func Statements(p *model.Project) []Stmt {
	var out []Stmt
	var add func(s *model.Script, stmts []*model.Statement)
	add = func(s *model.Script, stmts []*model.Statement) {
		for _, st := range stmts {
			out = append(out, Stmt{st, s})
			add(s, st.Body)
		}
	}
	for _, s := range p.Scripts {
		add(s, s.Statements)
	}
	return out
}

// Tables indexes the CREATE TABLE statements of a project by table name.
type Tables map[string][]Stmt

// NewTables indexes the tables of stmts.
func NewTables(stmts []Stmt) Tables {
	t := Tables{}
	for _, s := range stmts {
		if s.Kind == model.CreateTable {
			t[s.Table.Name] = append(t[s.Table.Name], s)
		}
	}
	return t
}

// Option returns a WITH option of table, following LIKE to the table it
// copies (whose options it inherits unless EXCLUDING OPTIONS is given).
func (t Tables) Option(table *model.Table, key string) (*model.Setting, bool) {
	for range model.MaxDepth { // LIKE may form a cycle
		if o, ok := table.Option(key); ok {
			return o, true
		}
		if table.Like == nil || table.Like.ExcludingOptions || len(t[table.Like.Table]) == 0 {
			return nil, false
		}
		table = t[table.Like.Table][0].Table
	}
	return nil, false
}

// Connector returns the connector of table, in lower case: 'connector' =
// 'kafka', or the 1.10-era property style 'connector.type' = 'kafka'
// (legacy is then true), which Flink read up to 1.13 through its legacy
// table factories. Both follow LIKE. It returns "" when the table names no
// connector.
func (t Tables) Connector(table *model.Table) (name string, legacy bool) {
	if o, ok := t.Option(table, "connector"); ok {
		return strings.ToLower(o.Value), false
	}
	if o, ok := t.Option(table, "connector.type"); ok {
		return strings.ToLower(o.Value), true
	}
	return "", false
}

// Describe names a table in a message: "table clicks", or "this table"
// when its name is computed in code ($tableName, %s), whose placeholder
// means nothing to a reader.
func Describe(table *model.Table) string {
	if strings.Contains(table.Name, model.Computed) {
		return "this table"
	}
	return "table " + table.Name
}

// Site is a setting and where it was made.
type Site struct {
	*model.Setting
	File *model.File
	// Where says how it was made: "SET", "WITH", "hint", "code" or
	// "configuration file".
	Where string
	// ValueNode is the value expression of a setting made in code with a
	// value that is not a literal.
	ValueNode *model.Node
}

// Settings returns every place the project sets key: SET statements, WITH
// options and hints of any table, code and configuration files.
func Settings(p *model.Project, stmts []Stmt, key string) []Site {
	var out []Site
	for _, s := range stmts {
		f := s.Script.File
		if s.Setting != nil && s.Kind == model.SetStatement && s.Setting.Key == key {
			out = append(out, Site{s.Setting, f, "SET", nil})
		}
		if s.Table != nil {
			if o, ok := s.Table.Option(key); ok {
				out = append(out, Site{o, f, "WITH", nil})
			}
		}
		for _, h := range s.Hints {
			for _, o := range h.Options {
				if o.Key == key {
					out = append(out, Site{o, f, "hint", nil})
				}
			}
		}
	}
	for _, c := range p.Config {
		if c.Key == key {
			where := "code"
			if c.Call == nil {
				where = "configuration file"
			}
			out = append(out, Site{&c.Setting, c.File, where, c.ValueNode})
		}
	}
	return out
}

// AppliesTo reports whether a global setting made at site applies to SQL
// in file f: a SET or a setting in code to the script or program of its own
// file; a configuration file to the jobs of the project it sits in, which is
// the directory that holds it, or the parent of a conf/, k8s/... directory,
// so that in a repository of several projects one project's configuration
// does not hide another's findings.
func (s Site) AppliesTo(f *model.File) bool {
	if s.Where != "configuration file" {
		return s.File == f
	}
	dir := filepath.Dir(s.File.Path)
	if configDirs[strings.ToLower(filepath.Base(dir))] {
		dir = filepath.Dir(dir)
	}
	rel, err := filepath.Rel(dir, f.Path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// configDirs hold a project's configuration rather than its code.
var configDirs = map[string]bool{
	"conf": true, "config": true, "k8s": true, "kubernetes": true, "deploy": true, "deployment": true,
	"manifests": true, "helm": true, "charts": true, "resources": true,
}

// Duration returns the value of a setting as a duration: a string parsed
// with Flink's duration grammar, or a value set in code with an expression
// (Duration.ZERO, 0L, a constant holding one) folded. It reports false for
// values it cannot read.
func (s Site) Duration(p *model.Project) (time.Duration, bool) {
	if s.ValueNode != nil {
		return constant.Duration(p, s.ValueNode)
	}
	d, err := flinkconf.ParseDuration(s.Value)
	return d, err == nil
}
