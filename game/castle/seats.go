package castle

import (
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
)

// Seats returns the Castle's council: the lord alone (rule CAS-SEATS). A
// city of seed 004 has no councillors, so each city takes one player.
func (seasonLayer) Seats() []game.Seat {
	return []game.Seat{{Code: game.RulerSeat, Name: lang.T("lord", "seigneur")}}
}
