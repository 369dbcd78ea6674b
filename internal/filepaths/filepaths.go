// Package filepaths answers questions about file paths that the standard
// library leaves to its callers.
package filepaths

import "path/filepath"

// Within reports whether path is the directory dir or lies below it, both
// absolute or both relative to the same directory.
func Within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}
