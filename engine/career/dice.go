package career

import "fmt"

// Source is a stream of uniform draws: Intn returns a value in [0, n). The
// engine's keyed random streams (*engine.Rand) satisfy it.
type Source interface {
	Intn(n int) int
}

// D666 is a roll of three six-sided dice, in the order they were drawn (rule
// CAR-D666). The third die is the quality Q. The zero value means "no roll" and
// has Q 0.
type D666 [3]int

// RollD666 draws three dice from src, each 1 + src.Intn(6).
func RollD666(src Source) D666 {
	var d D666
	for i := range d {
		d[i] = 1 + src.Intn(6)
	}
	return d
}

// Q returns the quality of the roll: its third die, or 0 for the zero value.
func (d D666) Q() int { return d[2] }

// Is111 reports whether the roll is a triple 1.
func (d D666) Is111() bool { return d == D666{1, 1, 1} }

// Is666 reports whether the roll is a triple 6.
func (d D666) Is666() bool { return d == D666{6, 6, 6} }

// Intervention reports whether the roll triggers an intervention: a triple 1
// or a triple 6 (rule CAR-D666).
func (d D666) Intervention() bool { return d.Is111() || d.Is666() }

// Valid reports whether every die is between 1 and 6. The zero value is not
// valid: it is "no roll".
func (d D666) Valid() bool {
	for _, v := range d {
		if v < 1 || v > 6 {
			return false
		}
	}
	return true
}

// String returns the roll as its three digits, such as "256", or "none" for
// the zero value.
func (d D666) String() string {
	if d == (D666{}) {
		return "none"
	}
	return fmt.Sprintf("%d%d%d", d[0], d[1], d[2])
}

// RollFeats returns feats with their d666 drawn from src, in order (rule
// CAR-D666): every feat but a recovery gets the next roll (any roll it had
// is replaced), and a roll of 111 or 666 adds an intervention with that roll
// and the feat's order right after the feat (rule FEAT-AUTHOR). An
// intervention the world rolled itself (rule PAT-D666), which comes with its
// 111 or 666, keeps it and draws nothing. The input is not modified.
func RollFeats(src Source, feats []Feat) []Feat {
	var out []Feat
	for _, f := range feats {
		switch {
		case f.Kind == Recovery:
			out = append(out, Feat{Kind: f.Kind, Order: f.Order})
			continue
		case f.Kind == InterventionTriggered && f.Roll.Intervention():
			out = append(out, f)
			continue
		}
		f.Roll = RollD666(src)
		out = append(out, f)
		if f.Roll.Intervention() {
			out = append(out, Feat{Kind: InterventionTriggered, Roll: f.Roll, Order: f.Order})
		}
	}
	return out
}
