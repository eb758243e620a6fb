// Package rating rates the arena's entrants from the final rankings of their
// matches (docs/arena.md, section "Ratings"). It has two parts:
//
//   - an online rating, updated after every match: Weng and Lin's Bayesian
//     approximation with the Plackett-Luce model (Weng and Lin 2011,
//     Algorithm 4; the model of the OpenSkill libraries), a mean Mu and an
//     uncertainty Sigma per entrant (Model, Rating);
//   - a batch fit for the published table: the maximum of the Plackett-Luce
//     likelihood over all the matches at once (Bradley-Terry when matches
//     have two camps), with an optional strength term per camp position,
//     anchored on a reference entrant, and percentile bootstrap intervals
//     over matches (Fit).
//
// The package is pure: no I/O, no clock, no goroutines and no global random
// source. The bootstrap draws from a generator built from the seed it is
// given, so the same matches, options and seed always give the same table.
package rating
