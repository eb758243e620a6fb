// Package tokens counts the tokens an LLM reads in a text with the real o200k
// encoding (GPT-4o's), offline: it runs scripts/tokens/count.mjs, which uses
// npm's gpt-tokenizer and its bundled vocabulary (make test-deps installs it).
// The tests that bound what an agent reads (the text view, the tool list, a
// runner's call) count with it, never with bytes / 4.
package tokens

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// ErrMissing is returned when node or the script's npm packages are not
// installed.
var ErrMissing = errors.New("the o200k counter is not installed: run make test-deps (node and npm ci in scripts/tokens)")

// script returns the path of count.mjs, found from this file's place in the
// module.
func script() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "scripts", "tokens", "count.mjs")
}

// Count returns the number of o200k tokens of each text, in order, with one
// run of node for all of them.
func Count(texts ...string) ([]int, error) {
	s := script()
	if _, err := exec.LookPath("node"); err != nil {
		return nil, ErrMissing
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(s), "node_modules", "gpt-tokenizer")); err != nil {
		return nil, ErrMissing
	}
	in, err := json.Marshal(texts)
	if err != nil {
		return nil, err
	}
	var out, stderr bytes.Buffer
	cmd := exec.Command("node", s)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stdout = &out
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("node %s: %w: %s", s, err, stderr.Bytes())
	}
	var counts []int
	if err := json.Unmarshal(out.Bytes(), &counts); err != nil {
		return nil, fmt.Errorf("read the counts: %w", err)
	}
	if len(counts) != len(texts) {
		return nil, fmt.Errorf("got %d counts for %d texts", len(counts), len(texts))
	}
	return counts, nil
}
