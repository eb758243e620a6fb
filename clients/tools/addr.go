package tools

import "os"

// DefaultAddr is the game server's address when nothing else is said.
const DefaultAddr = "127.0.0.1:7777"

// Addr returns the game server's address from $GRISONVAL_ADDR, or
// DefaultAddr: the default of every client's --addr flag.
func Addr() string {
	if a := os.Getenv("GRISONVAL_ADDR"); a != "" {
		return a
	}
	return DefaultAddr
}
