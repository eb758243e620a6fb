package game

import (
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
)

// This file is the ruleset's side of the season layer (seed 003): what the
// server's seasons, rankings, careers and councils ask of a game.

// Season is a ruleset's side of the season layer (seed 003) for a world of
// a given number of camps. A Season may also be a FeatTracker (without,
// its camps earn no feats) and a Council (without, a camp's only seat is
// its ruler's).
type Season interface {
	// Patrons returns camp's patrons (seed 003's "Supérieurs").
	Patrons(camp int) []string
	// Score scores each camp on a state of the season, for the camp
	// ranking at its close (and, with Info.PublicScores, while it runs).
	Score(s State) ([]Score, error)
}

// FeatTracker is implemented by a Season whose camps earn feats (seed
// 003); FeatsOf gives no feats for the others. Optional.
type FeatTracker interface {
	// Feats returns a season's feat tracker: the season's days are given
	// to it in order.
	Feats(seed uint64, season int) Feats
}

// Council is implemented by a Season whose camps have councillors' seats
// besides the ruler's; SeatsOf gives the ruler's alone for the others.
// Optional.
type Council interface {
	// Seats returns the seats of a camp's council that players may hold
	// (docs/seats.md, SEAT-ENROL), the ruler's first: its code is
	// RulerSeat and its domain is every action.
	Seats() []Seat
}

// PackageTeller is implemented by a Season that says what each of seed
// 003's starting packages (REN-PKG) gives in its game, for the faces that
// offer the choice; PackageGivesOf says nothing for the others. Optional.
type PackageTeller interface {
	// PackageGives says what package p gives a camp at the season's
	// start, in words.
	PackageGives(p career.Package) lang.Text
}

// RulerSeat is the code of the ruler's seat, the first of every council:
// the seat that posts the camp's order.
const RulerSeat = "ruler"

// Seat is one seat of a camp's council, as the season layer sees it.
type Seat struct {
	// Code names the seat on the wire: "ruler", "general".
	Code string
	// Name is the seat's name in words.
	Name lang.Text
	// Domain are the actions the seat may propose (SEAT-DOMAIN); nil for
	// the ruler, who posts any.
	Domain []string
}

// Feats derives the camps' feats (seed 003) from a season's days, one day
// at a time and in order: a feat may depend on the days before.
type Feats interface {
	// Day returns each camp's feats of day d, with their rolls.
	Day(d Day) ([][]career.Feat, error)
}

// Day is one resolved day of a season, as the season layer reads it.
type Day struct {
	// Before and After are the states at the start and the end of the day.
	Before, After State
	// Journal holds each camp's journal entries of the day.
	Journal [][]Entry
	// Played holds the action each camp's own order played ("" when it
	// posted none or its order was stale).
	Played []string
}

// Score is one camp's score on a day of a season.
type Score struct {
	Score int
	// Holdings counts what the camp held (Grisonval: zones), stored with
	// the ranking; Summary says the score in the ruleset's own words
	// ("12 zones held", "standing: gold 3, ..."), for a person.
	Holdings int
	Summary  lang.Text
}
