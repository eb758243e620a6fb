package tokens

import (
	"strings"
	"testing"
)

// TestCount checks the counter against counts of the o200k encoding known
// from OpenAI's tiktoken (o200k_base): "hello world" is 2 tokens, the empty
// text none, a French sentence 7; and a batch keeps its order.
func TestCount(t *testing.T) {
	long := strings.Repeat("hello world", 100)
	got, err := Count("hello world", "", "Bonjour le monde, ça va ?", long)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{2, 0, 7}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("text %d: got %d tokens; want %d", i, got[i], w)
		}
	}
	if got[3] <= got[0] || got[3] >= len(long)/2 {
		t.Errorf("got %d tokens for %q x 100; want more than one's and fewer than its bytes / 2", got[3], "hello world")
	}
}
