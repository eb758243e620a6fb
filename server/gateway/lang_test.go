package gateway

import (
	"context"
	"net/http/httptest"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestLangMetadata checks that an HTTP caller's language reaches the call's
// metadata: the Grisonval-Lang header, else ?lang=, else the first language
// of Accept-Language the game speaks, else none (English).
func TestLangMetadata(t *testing.T) {
	for _, tc := range []struct {
		name, url, header, accept, want string
	}{
		{"header", "/GameService/GetView", "fr", "en", "fr"},
		{"query", "/GameService/GetView?lang=fr", "", "en", "fr"},
		{"accept-language", "/GameService/GetView", "", "de-CH, fr-CH;q=0.8, en;q=0.5", "fr"},
		{"accept-language english", "/GameService/GetView", "", "en-GB,en;q=0.9", "en"},
		{"none", "/GameService/GetView", "", "", ""},
		{"none spoken", "/GameService/GetView", "", "de, it", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", tc.url, nil)
			if tc.header != "" {
				req.Header.Set("Grisonval-Lang", tc.header)
			}
			if tc.accept != "" {
				req.Header.Set("Accept-Language", tc.accept)
			}
			got := langMetadata(context.Background(), req).Get(pb.LangKey)
			if (tc.want == "" && len(got) != 0) || (tc.want != "" && (len(got) != 1 || got[0] != tc.want)) {
				t.Errorf("metadata %v; want %q", got, tc.want)
			}
		})
	}
}
