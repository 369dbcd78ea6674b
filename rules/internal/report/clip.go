package report

// Clip shortens a name or value written into a headline to about max
// characters, never inside one: a table name or a setting's value can be
// of any length, and a headline must read at a glance.
func Clip(s string, max int) string {
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "..."
	}
	return s
}
