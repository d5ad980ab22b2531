package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// The playback is reached only through sim's methods (sim.go, playback.go): no other file of
// the package (tests aside) selects a sim's p. There were 35 such reach-throughs.
func TestPlaybackOnlyThroughSim(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "sim.go" || f == "playback.go" {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(af, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "p" {
				t.Errorf("%s: .p reaches through to the playback: use (or add) a method of sim in playback.go", fset.Position(sel.Pos()))
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("only %d files checked", checked)
	}
}
