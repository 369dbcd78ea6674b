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
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// Stmt is a statement with the script it belongs to and the job that runs
// it.
type Stmt struct {
	*model.Statement
	Script *model.Script
	// Job holds the environments the script runs on: a .sql file's own, or
	// those of the TableEnvironment or StatementSet its SQL is passed to.
	Job []model.Env
}

// Statements returns every statement of the project's scripts, the
// statements inside statement sets included.
func Statements(p *model.Project) []Stmt {
	var out []Stmt
	var add func(s *model.Script, job []model.Env, stmts []*model.Statement)
	add = func(s *model.Script, job []model.Env, stmts []*model.Statement) {
		for _, st := range stmts {
			out = append(out, Stmt{st, s, job})
			add(s, job, st.Body)
		}
	}
	for _, s := range p.Scripts {
		add(s, ScriptJob(p, s), s.Statements)
	}
	return out
}

// ScriptJob returns the environments a script runs on. A .sql file is a
// job of its own; SQL in code belongs to the environment it is passed to,
// or to the method that passes it when that is unknown.
func ScriptJob(p *model.Project, s *model.Script) []model.Env {
	if s.Call == nil {
		return []model.Env{{Scope: model.Scope{File: s.File}}}
	}
	if s.Call.Recv != nil {
		if envs := p.Envs(s.Call.Recv); len(envs) > 0 {
			return envs
		}
	}
	return []model.Env{{Scope: model.ScopeOf(s.Call)}}
}

// SameJob reports whether statements of jobs a and b may run in one job:
// their environments are the same, or both are .sql scripts of one
// directory (read one after the other by the SQL client).
func SameJob(a, b []model.Env) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Same(y) || x.Scope.Node == nil && y.Scope.Node == nil && x.Scope.File.Lang == model.SQL &&
				y.Scope.File.Lang == model.SQL && filepath.Dir(x.Scope.File.Path) == filepath.Dir(y.Scope.File.Path) {
				return true
			}
		}
	}
	return false
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

// Option returns a WITH option of the table that s creates, following LIKE
// to the table it copies (whose options it inherits unless EXCLUDING
// OPTIONS is given). LIKE names a table of the same job: a table of that
// name in another job says nothing about it.
func (t Tables) Option(s Stmt, key string) (*model.Setting, bool) {
	for range model.MaxDepth { // LIKE may form a cycle
		if o, ok := s.Table.Option(key); ok {
			return o, true
		}
		if s.Table.Like == nil || s.Table.Like.ExcludingOptions {
			return nil, false
		}
		found := false
		for _, c := range t[s.Table.Like.Table] {
			if SameJob(s.Job, c.Job) {
				s, found = c, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return nil, false
}

// Connector returns the connector of table, in lower case: 'connector' =
// 'kafka', or the 1.10-era property style 'connector.type' = 'kafka'
// (legacy is then true), which Flink read up to 1.13 through its legacy
// table factories. Both follow LIKE. It returns "" when the table names no
// connector.
func (t Tables) Connector(s Stmt) (name string, legacy bool) {
	if o, ok := t.Option(s, "connector"); ok {
		return strings.ToLower(o.Value), false
	}
	if o, ok := t.Option(s, "connector.type"); ok {
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
	// Job holds the environments the setting is made on: those of its
	// script for SQL, those of the receiver in code (nil when unknown, as
	// for getConfig() called inside an environment class); nil for a
	// configuration file.
	Job []model.Env
	// Statement is the SET statement that makes a setting of Where "SET";
	// Call the call that makes one of Where "code": what a fix deletes.
	Statement *model.Statement
	Call      *model.Node
}

// Settings returns every place the project sets key: SET statements, WITH
// options and hints of any table, code and configuration files.
func Settings(p *model.Project, stmts []Stmt, key string) []Site {
	var out []Site
	for _, s := range stmts {
		f := s.Script.File
		if s.Setting != nil && s.Kind == model.SetStatement && s.Setting.Key == key {
			out = append(out, Site{Setting: s.Setting, File: f, Where: "SET", Job: s.Job, Statement: s.Statement})
		}
		if s.Table != nil {
			if o, ok := s.Table.Option(key); ok {
				out = append(out, Site{Setting: o, File: f, Where: "WITH", Job: s.Job})
			}
		}
		for _, h := range s.Hints {
			for _, o := range h.Options {
				if o.Key == key {
					out = append(out, Site{Setting: o, File: f, Where: "hint", Job: s.Job})
				}
			}
		}
	}
	for _, c := range p.Config {
		if c.Key != key {
			continue
		}
		if c.Call == nil {
			out = append(out, Site{Setting: &c.Setting, File: c.File, Where: "configuration file", ValueNode: c.ValueNode})
		} else if c.Call.Recv != nil {
			out = append(out, Site{Setting: &c.Setting, File: c.File, Where: "code", ValueNode: c.ValueNode,
				Job: p.Envs(c.Call.Recv), Call: c.Call})
		}
	}
	return out
}

// AppliesTo reports whether a global setting made at site applies to a job
// in file f that runs on the environments job. A SET or a setting in code
// applies to the jobs built on the environment it is made on (to those of
// its own file when either environment is unknown), a SET in an init
// script also to the scripts of its directory (sql-client.sh -i init.sql
// -f job.sql); a configuration file
// to the jobs of the project it sits in, which is the directory that holds
// it, or the parent of a conf/, k8s/... directory, so that in a repository
// of several projects one project's configuration does not hide another's
// findings.
func (s Site) AppliesTo(f *model.File, job []model.Env) bool {
	if s.Where != "configuration file" {
		if s.Job == nil || job == nil {
			return s.File == f
		}
		if s.Where == "SET" && initScript(s.File) {
			return SameJob(s.Job, job)
		}
		return model.AnySame(s.Job, job)
	}
	dir := filepath.Dir(s.File.Path)
	if configDirs[strings.ToLower(filepath.Base(dir))] {
		dir = filepath.Dir(dir)
	}
	rel, err := filepath.Rel(dir, f.Path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// initScript reports whether f is a .sql script that only configures the
// session (SET, USE, CREATE CATALOG...): a SQL client init script, which
// defines no table and runs no job of its own.
func initScript(f *model.File) bool {
	if f.Lang != model.SQL || f.Script == nil {
		return false
	}
	for _, st := range f.Script.Statements {
		if st.Kind != model.SetStatement && st.Kind != model.ResetStatement && st.Kind != model.OtherStatement {
			return false
		}
	}
	return true
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
