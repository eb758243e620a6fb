// Package secret writes the files the binaries hand their owner: tokens and
// connection details, readable by the owner alone.
package secret

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write writes text to path, readable by the owner only, creating the
// folders on the way (owner only too). The file appears whole: it is
// written aside in the same folder, then renamed over path, so that a
// reader watching for it (a person, a test, an agent polling the folder)
// never reads a part of it, and a crash leaves the old file or the new one.
func Write(path, text string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".writing-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	// CreateTemp makes the file 0600 already; the rename keeps its mode.
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
