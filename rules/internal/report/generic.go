package report

import "github.com/flinklint/flinklint/parsers/model"

// Generic writes the call name with the type argument t, as lang does:
// <T>forBoundedOutOfOrderness in Java (after the receiver's dot),
// forBoundedOutOfOrderness[T] in Scala; name alone in Python or when t is
// "". A fix needs it where it chains a call on a generic factory, which
// stops Java and Scala from inferring its type argument.
func Generic(lang model.Lang, name, t string) string {
	switch {
	case t == "" || lang == model.Python:
		return name
	case lang == model.Java:
		return "<" + t + ">" + name
	}
	return name + "[" + t + "]"
}
