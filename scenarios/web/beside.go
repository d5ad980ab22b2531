package web

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"leaselab/scenarios"
)

// WriteBeside writes a scenario's page (it plays it headless) next to another HTML file (chaos's
// porcupine history of the same reproducer), as NAME.diagram.html, and adds a line to that file
// linking to the page's first violation (#violation scrolls to it). It returns the page's path.
func WriteBeside(other string, s *scenarios.Scenario) (string, error) {
	p, err := Record(s, nil)
	if err != nil {
		return "", err
	}
	path := strings.TrimSuffix(other, ".html") + ".diagram.html"
	if err := WriteFile(path, p); err != nil {
		return "", err
	}
	b, err := os.ReadFile(other)
	if err != nil {
		return path, err
	}
	link := fmt.Sprintf(`<p style="font:14px sans-serif;margin:8px;padding:6px;background:#FFF4D6;border:1px solid #D7AF5F">`+
		`The same reproducer as a space-time diagram, at its violation: <a href="%s#violation">%s</a></p>`,
		html.EscapeString(filepath.Base(path)), html.EscapeString(filepath.Base(path)))
	page := string(b)
	if i := strings.Index(page, "<body>"); i >= 0 {
		page = page[:i+len("<body>")] + link + page[i+len("<body>"):]
	} else {
		page += link
	}
	return path, os.WriteFile(other, []byte(page), 0o644)
}
