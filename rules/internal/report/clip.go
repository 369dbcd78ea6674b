package report

// Clip shortens a name or value written into a headline to about max
// bytes: a table name or a setting's value can be of any length, and a
// headline must read at a glance.
func Clip(s string, max int) string {
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
