package config

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/flinklint/flinklint/parsers/flinkconf"
)

// Keys returns the keys each mapping of the schema accepts, by the path of
// the mapping ("" for the top level, "rules.*" for a rule). The decoder
// refuses any other key, and a test checks that docs/configuration.md
// documents each one.
func Keys() map[string][]string {
	return map[string][]string{
		"":            {"rules", "exclude", "overrides", "settings"},
		"rules.*":     {"enabled", "severity"},
		"overrides[]": {"paths", "rules"},
		"settings":    {"idle-timeout", "multi-split-connectors", "flink-version"},
	}
}

// Severities are the values of a rule's severity.
func Severities() []string { return []string{"error", "warning", "info"} }

// flinkVersion is a Flink release: a major and a minor version.
var flinkVersion = regexp.MustCompile(`^[12]\.[0-9]{1,2}$`)

// decoder walks the yaml.Node tree of a configuration, so that every error
// carries the line and column of the node at fault.
type decoder struct {
	file    string
	ruleIDs []string
}

func (d *decoder) errorf(n *yaml.Node, key, format string, args ...any) error {
	return &Error{File: d.file, Line: n.Line, Column: n.Column, Key: key, Message: fmt.Sprintf(format, args...)}
}

// resolve follows an alias to its anchor.
func resolve(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// isNull reports whether n is an empty value ("key:" with nothing after it).
func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// mapping calls f for each entry of the mapping n, refusing duplicate keys
// and keys that Keys()[schema] does not list; a schema Keys does not have
// (the ids of "rules", which the caller checks) takes any key. key is the
// path of n, for messages.
func (d *decoder) mapping(n *yaml.Node, key, schema string, f func(k string, kn, v *yaml.Node) error) error {
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return d.errorf(n, key, "want a mapping, not %s", describe(n))
	}
	allowed := Keys()[schema]
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if kn.Kind != yaml.ScalarNode {
			return d.errorf(kn, key, "a key must be a plain name")
		}
		k := kn.Value
		full := join(key, k)
		if k == "<<" {
			return d.errorf(kn, full, "merge keys are not supported; write the keys out")
		}
		if allowed != nil && !slices.Contains(allowed, k) {
			return d.errorf(kn, full, "unknown key %q (want %s)", k, strings.Join(allowed, ", "))
		}
		if seen[k] {
			return d.errorf(kn, full, "duplicate key %q", k)
		}
		seen[k] = true
		if err := f(k, kn, v); err != nil {
			return err
		}
	}
	return nil
}

func join(key, k string) string {
	if key == "" {
		return k
	}
	return key + "." + k
}

// describe names the kind of a node for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}

// scalar returns the text of a scalar node.
func (d *decoder) scalar(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode || isNull(n) {
		return "", d.errorf(n, key, "want a value, not %s", describe(n))
	}
	return n.Value, nil
}

// strings returns the texts of a list of scalars, none empty.
func (d *decoder) strings(n *yaml.Node, key string) ([]string, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, key, "want a list, not %s", describe(n))
	}
	var out []string
	for i, e := range n.Content {
		e = resolve(e)
		k := fmt.Sprintf("%s[%d]", key, i)
		s, err := d.scalar(e, k)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(s) == "" {
			return nil, d.errorf(e, k, "empty")
		}
		out = append(out, s)
	}
	return out, nil
}

// globs returns a list of path globs: .gitignore patterns of one line.
func (d *decoder) globs(n *yaml.Node, key string) ([]string, error) {
	out, err := d.strings(n, key)
	for i, g := range out {
		if strings.ContainsAny(g, "\n\r") || strings.HasPrefix(g, "#") {
			return nil, d.errorf(resolve(n.Content[i]), fmt.Sprintf("%s[%d]", key, i), "%q is not a path glob", g)
		}
	}
	return out, err
}

func (d *decoder) top(n *yaml.Node, f *File) error {
	return d.mapping(n, "", "", func(k string, _, v *yaml.Node) error {
		var err error
		switch k {
		case "rules":
			f.Rules, err = d.rules(v, k)
		case "exclude":
			f.Exclude, err = d.globs(v, k)
		case "overrides":
			f.Overrides, err = d.overrides(v, k)
		case "settings":
			err = d.settings(v, k, &f.Settings)
		}
		return err
	})
}

func (d *decoder) rules(n *yaml.Node, key string) (map[string]Rule, error) {
	out := map[string]Rule{}
	err := d.mapping(n, key, "rules", func(id string, kn, v *yaml.Node) error {
		full := join(key, id)
		if !slices.Contains(d.ruleIDs, id) {
			return d.errorf(kn, full, "unknown rule %q (flinklint -rules lists them)", id)
		}
		var r Rule
		err := d.mapping(v, full, "rules.*", func(k string, _, v *yaml.Node) error {
			s, err := d.scalar(v, join(full, k))
			if err != nil {
				return err
			}
			switch k {
			case "enabled":
				var b bool
				if v.Tag != "!!bool" || v.Decode(&b) != nil {
					return d.errorf(v, join(full, k), "want true or false, not %q", s)
				}
				r.Enabled = &b
			case "severity":
				if !slices.Contains(Severities(), s) {
					return d.errorf(v, join(full, k), "unknown severity %q (want %s)", s, strings.Join(Severities(), ", "))
				}
				r.Severity = s
			}
			return nil
		})
		out[id] = r
		return err
	})
	return out, err
}

func (d *decoder) overrides(n *yaml.Node, key string) ([]Override, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, d.errorf(n, key, "want a list, not %s", describe(n))
	}
	var out []Override
	for i, e := range n.Content {
		k := fmt.Sprintf("%s[%d]", key, i)
		var o Override
		err := d.mapping(e, k, "overrides[]", func(name string, _, v *yaml.Node) error {
			var err error
			switch name {
			case "paths":
				o.Paths, err = d.globs(v, join(k, name))
			case "rules":
				o.Rules, err = d.rules(v, join(k, name))
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(o.Paths) == 0 {
			return nil, d.errorf(resolve(e), k, "an override needs paths")
		}
		out = append(out, o)
	}
	return out, nil
}

func (d *decoder) settings(n *yaml.Node, key string, s *Settings) error {
	return d.mapping(n, key, "settings", func(k string, _, v *yaml.Node) error {
		full := join(key, k)
		if k == "multi-split-connectors" {
			var err error
			s.MultiSplitConnectors, err = d.strings(v, full)
			return err
		}
		text, err := d.scalar(v, full)
		if err != nil {
			return err
		}
		switch k {
		case "idle-timeout":
			dur, err := flinkconf.ParseDuration(text)
			if err != nil {
				return d.errorf(v, full, "%q is not a Flink duration: %v", text, err)
			}
			s.IdleTimeout, s.IdleTimeoutValue = text, dur
		case "flink-version":
			if !flinkVersion.MatchString(text) {
				return d.errorf(v, full, "%q is not a Flink version such as \"1.20\" or \"2.0\"", text)
			}
			s.FlinkVersion = text
		}
		return nil
	})
}
