package missingidleness

import (
	"slices"
	"strconv"
	"strings"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/parsers/model"
)

// clusters gives the settings (.flinklint.yaml) that apply to a file: what
// the team's clusters do, which the project does not show. A nil Finder
// gives the defaults.
type clusters struct{ finder *config.Finder }

// of returns the settings of f. A configuration that fails to load gives
// the defaults: the command line has reported it and exits with 2.
func (c clusters) of(f *model.File) config.Settings {
	e, _ := c.finder.For(f.Path)
	return e.Settings
}

// logConnector reports whether the SQL or Table API connector conn reads an
// unbounded log split in partitions: one Flink ships, or one the settings
// name.
func logConnector(conn string, s config.Settings) bool {
	conn = strings.ToLower(conn)
	return logConnectors[conn] || slices.ContainsFunc(s.MultiSplitConnectors, func(c string) bool { return strings.EqualFold(c, conn) })
}

// perTableTimeout reports whether the Flink version the settings target
// knows 'scan.watermark.idle-timeout' (FLIP-296, 1.18); true when the
// version is not set.
func perTableTimeout(s config.Settings) bool {
	major, minor, ok := strings.Cut(s.FlinkVersion, ".")
	maj, err1 := strconv.Atoi(major)
	mnr, err2 := strconv.Atoi(strings.SplitN(minor, ".", 2)[0])
	if !ok || err1 != nil || err2 != nil {
		return true
	}
	return maj > 1 || maj == 1 && mnr >= 18
}
