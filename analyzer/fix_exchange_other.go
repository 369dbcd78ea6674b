//go:build !linux

package analyzer

// exchange would swap two names in one step; only Linux can.
func exchange(string, string) error { return errNoExchange }
