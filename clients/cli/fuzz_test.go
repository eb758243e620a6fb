package main

import (
	"errors"
	"flag"
	"strings"
	"testing"
)

// FuzzParseArgs feeds arbitrary command lines to the CLI's parser: it never
// panics; it answers an invocation with a command, help, or a usage error
// a person can read; and an order it accepts has whole-number arguments.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"view", "expand_to 12 --reason une plaine", "--json journal --since 4", "order send_army 4 15",
		"message 2 bonjour", "standing rest", "help", "send_army four 15", "--since -1 rest", "",
	} {
		f.Add(s)
	}
	env := func(k string) string {
		if k == "GRISONVAL_TOKEN" {
			return "gvc_test"
		}
		return ""
	}
	f.Fuzz(func(t *testing.T, line string) {
		inv, err := parseArgs(strings.Fields(line), env)
		var ue *usageError
		switch {
		case errors.Is(err, flag.ErrHelp):
			return
		case err != nil:
			if !errors.As(err, &ue) || ue.msg == "" {
				t.Fatalf("parseArgs(%q) = %v; want a usage error with a message", line, err)
			}
			return
		case inv.cmd == "":
			t.Fatalf("parseArgs(%q) accepted no command", line)
		}
		switch inv.cmd {
		case "view", "map", "wait", "watch", "journal", "messages", "message", "standing":
			return
		}
		words := inv.args
		if inv.cmd != "order" {
			words = append([]string{inv.cmd}, inv.args...)
		}
		if o, err := parseOrder(inv.lang, words, inv.reason); err == nil && len(o.GetArgs()) != len(words)-1 {
			t.Fatalf("parseOrder(%q) kept %d of %d arguments", words, len(o.GetArgs()), len(words)-1)
		}
	})
}
