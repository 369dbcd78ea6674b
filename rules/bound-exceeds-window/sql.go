package boundexceedswindow
import "github.com/flinklint/flinklint/parsers/model"
import "golang.org/x/tools/go/analysis"
func checkSQL(pass *analysis.Pass, p *model.Project) {}
