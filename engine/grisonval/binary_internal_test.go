package grisonval

import "testing"

// TestBinaryMinSizes checks the minimum sizes the decoder bounds counts
// with against the encoder: each is the size of its zero value, the
// smallest an element takes. A minimum too large would refuse a valid form.
func TestBinaryMinSizes(t *testing.T) {
	size := func(f func(e *encoder)) int {
		var e encoder
		f(&e)
		return len(e.b)
	}
	for _, tc := range []struct {
		name      string
		got, want int
	}{
		{"zone", size(func(e *encoder) { e.zone(&Zone{}) }), minZone},
		{"memory", size(func(e *encoder) { e.memory(&Memory{}) }), minMemory},
		{"column", size(func(e *encoder) { e.column(&Column{}) }), minColumn},
		{"route", size(func(e *encoder) { e.route(&Route{}) }), minRoute},
		{"siege", size(func(e *encoder) { e.siege(&Siege{}) }), minSiege},
		{"ongoing", size(func(e *encoder) { e.ongoing(&Ongoing{}) }), minOngoing},
		{"cut zone", size(func(e *encoder) { e.cutZone(&CutZone{}) }), minCutZone},
		// One byte of count, then the citizen.
		{"citizen", size(func(e *encoder) { e.citizens(make([]Citizen, 1)) }) - 1, minCitizen},
	} {
		if tc.got != tc.want {
			t.Errorf("a zero %s takes %d bytes; its minimum is %d", tc.name, tc.got, tc.want)
		}
	}
}
