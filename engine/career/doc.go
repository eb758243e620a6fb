// Package career holds the pure rules of seed 003, the season and career
// layer above the world: feats and the glory they bring to a patron, the
// season's individual titles, the agent's standing and judgment, eminence
// points, the ruler's character sheet with its purchases at re-enrolment and
// the bonuses it gives in the world, and the camp score of the season's camp
// ranking.
//
// Every function is pure and deterministic: no I/O, no clock, no global
// random source. Dice are drawn from a Source the caller passes in, so the
// engine's keyed random streams can be used. The package imports nothing of
// the project; the server converts engine state into the small descriptions
// defined here (Zone, Tally). The rule IDs cited in doc comments (CAR-*,
// GLO-*, TIT-*, JUD-*, EP-*, REN-*, SHEET-*) are those of docs/career.md.
package career
