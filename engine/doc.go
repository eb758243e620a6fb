// Package engine holds the rules of Grisonval (seed 000): a pure,
// deterministic function from a world, the three camps' orders and the
// world's seed to the next world, the orders' results and the day's journal.
//
// The engine does no I/O, reads no clock, starts no goroutine and uses no
// global random source: every draw comes from a stream keyed by (world seed,
// tick, camp, purpose), see NewRand. Functions never modify the World they
// are given; Resolve returns a new one.
//
// # A tick
//
// Resolve plays one tick (one game day). The three orders are validated
// against the state at the start of the tick and resolved together, in this
// fixed order of phases; no order sees another order of the same tick:
//
//  1. orders: each order is checked again against the start-of-tick state;
//     one that is no longer valid is stale and the camp does nothing.
//  2. actions: each camp's action is applied; actions touch only their own
//     camp (resources, field army, garrisons) and launch columns.
//  3. production: every held zone yields its terrain's income.
//  4. consumption: every camp eats; a camp that cannot eat starves.
//  5. arrivals: columns whose arrival day has come reach their zone; columns
//     of several camps on one zone meet first, then the survivor takes a free
//     zone, joins its garrison or assaults the holder.
//  6. extinction: a camp with no zone and no column left is extinct.
//  7. vision: every camp's memory of the zones it sees is refreshed, and the
//     day's news is delivered to the camps involved or seeing its zone.
//
// docs/rules.md gives every rule an ID and the seed paragraph it comes from.
package engine
