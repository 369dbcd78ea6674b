package parsers

import "github.com/flinklint/flinklint/parsers/model"

// Spellings is spellings, for the keyword audit.
var Spellings = spellings

// Declared returns what the survey s keeps of the names its files declare.
func Declared(s *Survey) model.Pending { return s.declared }

// MaxRecord is maxRecord, the bound of a survey record.
const MaxRecord = maxRecord
