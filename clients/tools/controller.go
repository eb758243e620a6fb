package tools

import (
	"strings"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// ControllerNames are the names the admin's faces (the CLI's admin
// commands, the web console) give who plays a camp.
var ControllerNames = []string{"human", "agent", "ai-aggressive", "ai-growth", "ai-prudent"}

// ParseController returns the controller a name of ControllerNames
// stands for, or false.
func ParseController(name string) (*pb.Controller, bool) {
	kind, posture, _ := strings.Cut(name, "-")
	c := &pb.Controller{}
	switch kind {
	case "human":
		c.Kind = pb.ControllerKind_CONTROLLER_KIND_HUMAN
	case "agent":
		c.Kind = pb.ControllerKind_CONTROLLER_KIND_AGENT
	case "ai":
		p, ok := pb.Posture_value["POSTURE_"+strings.ToUpper(posture)]
		if !ok || p == 0 || posture != strings.ToLower(posture) {
			return nil, false
		}
		c.Kind, c.Posture = pb.ControllerKind_CONTROLLER_KIND_AI, pb.Posture(p)
		return c, true
	default:
		return nil, false
	}
	return c, posture == ""
}

// ControllerName names a controller as ParseController reads it; "" for
// one it does not know.
func ControllerName(c *pb.Controller) string {
	switch c.GetKind() {
	case pb.ControllerKind_CONTROLLER_KIND_HUMAN:
		return "human"
	case pb.ControllerKind_CONTROLLER_KIND_AGENT:
		return "agent"
	case pb.ControllerKind_CONTROLLER_KIND_AI:
		return "ai-" + strings.ToLower(strings.TrimPrefix(c.GetPosture().String(), "POSTURE_"))
	}
	return ""
}
