package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfig checks the runner's config file: its keys are the flags'
// names, a flag given on the command line wins, and a key that names no
// flag or a value a flag refuses is an error naming it.
func TestConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	flags := func() (*flag.FlagSet, *float64, *int, *string, *bool) {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		return fs, fs.Float64("temperature", -1, ""), fs.Int("day-tokens", 0, ""), fs.String("model", "", ""), fs.Bool("daily-schema", false, "")
	}
	fs, temp, day, model, daily := flags()
	if err := fs.Parse([]string{"-model", "given"}); err != nil {
		t.Fatal(err)
	}
	err := applyConfig(fs, write("ok.json", `{"temperature": 0.2, "day-tokens": 20000, "model": "from-file", "daily-schema": true}`))
	if err != nil || *temp != 0.2 || *day != 20000 || *model != "given" || !*daily {
		t.Errorf("got %v, temperature %v, day-tokens %d, model %q, daily %v; want 0.2, 20000, the flag's model, true", err, *temp, *day, *model, *daily)
	}
	for _, tt := range []struct{ name, text, want string }{
		{"unknown key", `{"temprature": 1}`, `"temprature" is not a setting`},
		{"bad value", `{"day-tokens": "many"}`, "day-tokens:"},
		{"not an object", `[1]`, "not a JSON object"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fs, _, _, _, _ := flags()
			if err := applyConfig(fs, write(tt.name+".json", tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an error with %q", err, tt.want)
			}
		})
	}
}

// TestSampling checks the flags' sampling settings: left out by default,
// and refused out of their bounds.
func TestSampling(t *testing.T) {
	s, err := sampling(-1, -1, 0, -1, "", "")
	if err != nil || s.Temperature != nil || s.TopP != nil || s.Seed != nil || s.ParallelToolCalls != nil || s.ToolChoice != "" {
		t.Errorf("got %+v, %v; want no setting", s, err)
	}
	s, err = sampling(0, 1, 100, 3, "required", "false")
	if err != nil || *s.Temperature != 0 || *s.TopP != 1 || *s.Seed != 3 || *s.ParallelToolCalls || s.MaxTokens != 100 {
		t.Errorf("got %+v, %v; want every setting", s, err)
	}
	for _, tt := range []struct {
		name string
		err  error
	}{
		{"temperature", func() error { _, err := sampling(3, -1, 0, -1, "", ""); return err }()},
		{"top_p", func() error { _, err := sampling(-1, 1.5, 0, -1, "", ""); return err }()},
		{"tool_choice", func() error { _, err := sampling(-1, -1, 0, -1, "always", ""); return err }()},
		{"parallel", func() error { _, err := sampling(-1, -1, 0, -1, "", "yes please"); return err }()},
	} {
		if tt.err == nil || !strings.Contains(tt.err.Error(), strings.Split(tt.name, "_")[0]) {
			t.Errorf("%s: got %v; want an error naming it", tt.name, tt.err)
		}
	}
}
