package parsers

// Spellings is spellings, for the keyword audit.
var Spellings = spellings
