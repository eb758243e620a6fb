package secret

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// TestWrite: the file is the owner's alone, its folders are created, a
// second write replaces it, and no temporary file is left behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a", "b", "camp-0.token")
	if err := Write(path, "first\n"); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, "second\n"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "second\n" {
		t.Fatalf("read %q, %v; want %q", b, err, "second\n")
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Mode().Perm(); m != 0o600 {
		t.Errorf("file mode %v, want 0600", m)
	}
	st, err = os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if m := st.Mode().Perm(); m != 0o700 {
		t.Errorf("folder mode %v, want 0700", m)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want the file alone", len(entries))
	}
}

// TestWriteWhole: a reader polling the file while it is written again and
// again reads it absent or whole, never empty or cut (grisonvald's
// connect.txt was read empty by a test that polled it).
func TestWriteWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "connect.txt")
	text := string(make([]byte, 64<<10)) + "end\n"
	var wg sync.WaitGroup
	wg.Add(1)
	stop := make(chan struct{})
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			b, err := os.ReadFile(path)
			if err == nil && string(b) != text {
				t.Errorf("read %d bytes, want %d", len(b), len(text))
				return
			}
		}
	}()
	for range 200 {
		if err := Write(path, text); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
}
