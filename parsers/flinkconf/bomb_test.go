package flinkconf

import (
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// An alias bomb, a few lines that expand to gigabytes, is refused quickly.
func TestAliasBomb(t *testing.T) {
	for _, src := range []string{
		// 9 aliases a level: more than the 50 aliases snakeyaml-engine allows.
		"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n" +
			"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
		// 2 aliases a level for 24 levels: within the alias limit, but 2^24 items.
		func() string {
			var b strings.Builder
			b.WriteString("l0: &l0 [x, x]\n")
			for i := 1; i <= 24; i++ {
				b.WriteString(strings.NewReplacer("I", strconv.Itoa(i), "P", strconv.Itoa(i-1)).Replace("lI: &lI [*lP, *lP]\n"))
			}
			return b.String()
		}(),
	} {
		fset := token.NewFileSet()
		tf := fset.AddFile("config.yaml", -1, len(src))
		tf.SetLinesForContent([]byte(src))
		if _, err := Parse(tf, []byte(src), ConfigYAML); err == nil {
			t.Errorf("no error for a bomb of %d bytes", len(src))
		}
	}
}
