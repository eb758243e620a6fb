package bot

import (
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestFrameKey checks that each camp sees the land around its capital in
// the same frame: the three capitals (and any zone turned with them) get
// one key, so tie-breaks lead the three camps the same way (AI-FAIR).
func TestFrameKey(t *testing.T) {
	turn := func(q, r int32) (int32, int32) { return r, -q - r } // 120°, as the map's symmetry
	for _, z := range [][2]int32{{4, -4}, {3, -3}, {5, -5}, {0, 0}, {1, 2}} {
		q, r := z[0], z[1]
		var keys [3][2]int32
		for c := range int32(3) {
			kq, kr := frameKey(&pb.Zone{Q: q, R: r}, c)
			keys[c] = [2]int32{kq, kr}
			q, r = turn(q, r)
		}
		if keys[0] != keys[1] || keys[1] != keys[2] {
			t.Errorf("zone %v turned with each camp: keys %v; want one key", z, keys)
		}
	}
}
