package report

import "fmt"

// Count counts n things named noun for a summary: "1 finding", "2
// findings", "0 info" (a mass noun: severity names read as "2 info", not
// "2 infos").
func Count(n int, noun string) string {
	if n == 1 || noun == "info" {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
