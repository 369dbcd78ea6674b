package parsers

import "github.com/flinklint/flinklint/parsers/model"

// Holder returns whether the prefilter of the one keyword k passes a
// file, for the keyword audit.
func Holder(k string) func(path string, src []byte) bool {
	f := newPrefilter([]string{k}, nil, nil)
	return func(path string, src []byte) bool {
		return f.passes(path, f.scan(src, Lang(path) == model.Scala, func([]byte) {}))
	}
}

// Declared returns what the survey s keeps of the names its files declare.
func Declared(s *Survey) model.Pending { return s.declared }

// MaxRecord is maxRecord, the bound of a survey record.
const MaxRecord = maxRecord
