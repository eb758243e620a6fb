package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/grisonval/server/server/store"
)

// OperatorAdmin is the name, in the admin audit and ListAdminTokens, of the
// admin credential a deployment's operator provides (SetOperatorToken).
const OperatorAdmin = "operator"

// MinOperatorToken is the shortest operator token SetOperatorToken takes,
// in bytes: 32 random characters of base64 carry 192 bits.
const MinOperatorToken = 32

// SetOperatorToken makes token, which the operator of the deployment
// provides (a Kubernetes Secret, a file), the admin token called
// OperatorAdmin. Every replica of a store does so at its start with the
// same token: the first stores it, the others find it there and change
// nothing, so that a replica starting never rotates the operator's
// credential; an operator who changes the token rotates it (the earlier
// one stops working). The token is never issued, logged or printed here.
// A token shorter than MinOperatorToken, or with a character that is not
// printable ASCII or is a space, is refused.
func (s *Server) SetOperatorToken(ctx context.Context, token string) error {
	if len(token) < MinOperatorToken {
		return fmt.Errorf("operator token: %d bytes; want at least %d random ones (openssl rand -base64 32)", len(token), MinOperatorToken)
	}
	for _, c := range token {
		if c <= ' ' || c > '~' {
			return errors.New("operator token: only printable ASCII without spaces, as it travels in an HTTP header")
		}
	}
	hash := sha256.Sum256([]byte(token))
	has := func() (bool, error) {
		t, err := s.cfg.Store.TokenByHash(ctx, hash[:])
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("operator token: %w", err)
		}
		if t.Role != store.RoleAdmin || t.Name != OperatorAdmin {
			return false, fmt.Errorf("operator token: the store holds it as another token (%s %q): choose another", t.Role, t.Name)
		}
		return true, nil
	}
	if ok, err := has(); ok || err != nil {
		return err
	}
	err := s.auth.put(ctx, store.Token{Hash: hash[:], Role: store.RoleAdmin, Camp: -1, Name: OperatorAdmin})
	if err != nil {
		// Another replica, starting at the same time, stored it first.
		if ok, herr := has(); ok && herr == nil {
			return nil
		}
		return fmt.Errorf("operator token: %w", err)
	}
	s.log.Info().Str("admin", OperatorAdmin).Msg("operator's admin token set")
	return nil
}
