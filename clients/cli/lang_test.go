package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
)

// TestCLILanguage plays the same camp in English and in French (DESIGN
// decision 8): each shows only its own language's texts, English by
// default; $GRISONVAL_LANG chooses, --lang wins over it, and a language
// the CLI does not know is a usage error that names the flag or variable.
func TestCLILanguage(t *testing.T) {
	srv := testserver.Start(t)
	token := srv.CampToken(t, 0)
	cli := func(langEnv string, args ...string) (int, string, string) {
		env := map[string]string{"GRISONVAL_ADDR": srv.Addr, "GRISONVAL_TOKEN": token, "GRISONVAL_LANG": langEnv}
		var out, errb bytes.Buffer
		code := run(context.Background(), args, func(k string) string { return env[k] }, false, &out, &errb)
		return code, out.String(), errb.String()
	}
	english := []string{"Legal actions for day 1", "Zones: 7 visible", "No order posted for day 1 yet", "Journal: nothing yet."}
	french := []string{"Actions permises pour le jour 1", "Zones : 7 visibles", "Aucun ordre posté pour le jour 1", "Journal : rien encore."}
	tests := []struct {
		name      string
		env       string
		args      []string
		want, not []string
	}{
		{"default English", "", []string{"view"}, english, french},
		{"GRISONVAL_LANG=fr", "fr", []string{"view"}, french, english},
		{"GRISONVAL_LANG with a region", "fr_CH.UTF-8", []string{"view"}, french, english},
		{"--lang fr", "", []string{"view", "--lang", "fr"}, french, english},
		{"--lang wins over GRISONVAL_LANG", "fr", []string{"--lang", "en", "view"}, english, french},
		{"map in French", "fr", []string{"map"}, []string{"Camps : 0 Grisonval, vous, 1 pas rencontré", "Terrain : p plaine, f forêt, m montagne, c côte"}, []string{"Terrain: p plains"}},
		{"order in French", "", []string{"--lang=fr", "rest", "--reason", "le moral"}, []string{"Ordre accepté pour le jour 1 : rest (raison : le moral)"}, []string{"Order accepted"}},
		{"help in French", "fr", []string{"help"}, []string{"usage : cli [options] COMMANDE", "--lang en|fr", "Votre camp : monde 1 (grisonval), camp 0", "Actions permises pour le jour 1"}, []string{"Commands:", "Legal actions"}},
		{"help in English", "", []string{"help"}, []string{"usage: cli [flags] COMMAND", "--lang en|fr", "Legal actions for day 1"}, []string{"Commandes", "Actions permises"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := cli(tt.env, tt.args...)
			if code != 0 {
				t.Fatalf("exit code %d, stderr %q", code, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("got:\n%s\nwant it to contain %q", out, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("got:\n%s\nwant no %q (the other language)", out, w)
				}
			}
		})
	}
	refusals := []struct {
		name string
		env  string
		args []string
		want string
	}{
		{"bad --lang", "", []string{"view", "--lang", "de"}, `cli: --lang: unknown language "de": en (English) or fr (French)`},
		{"bad GRISONVAL_LANG", "german", []string{"view"}, `cli: $GRISONVAL_LANG: unknown language "german"`},
		{"a usage error in French", "fr", []string{"view", "extra"}, "cli: view ne prend aucun argument ; reçu [\"extra\"]\nlancez 'cli help' pour l'usage"},
		{"a usage error in English", "", []string{"view", "extra"}, "cli: view takes no argument; got [\"extra\"]\nrun 'cli help' for usage"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := cli(tt.env, tt.args...)
			if code != 2 || out != "" || !strings.Contains(errs, tt.want) {
				t.Errorf("got exit code %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, tt.want)
			}
		})
	}
}
