package server

import (
	"github.com/grisonval/server/engine"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// CampView returns camp c's fogged view of w as GameService.GetView gives
// it, less what only the world loop knows (journal, pending order,
// deadline): what a headless simulation shows its bots.
func CampView(w *engine.World, c engine.CampID, controller store.Controller) *pb.CampView {
	return viewToPB(engine.View(w, c), viewExtras{Controller: controller})
}

// EngineOrder converts a wire order as SubmitOrder does.
func EngineOrder(o *pb.Order) engine.Order { return orderFromPB(o) }
