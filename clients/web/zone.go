package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the camp page's zone panel (issue 31, item 4): every zone
// of the camp's map is a link to /camp?zone=N#zone, which opens, above the
// orders, what the camp knows of the zone, its neighbours as links, and
// the legal actions that may take it, each form with the zone picked. It
// is a plain link and plain forms: it works without JavaScript.

// zoneLink is the address of a zone's panel, with its number for %d.
const zoneLink = "/camp?zone=%d#zone"

// zonePanel is a zone picked on the map.
type zonePanel struct {
	ID int32
	// Facts are the zone's facts as the camp knows them, a line each.
	Facts []string
	// Neighbours are the zones next to it.
	Neighbours []int32
	// Menu are the legal actions that may take the zone, numbered as in
	// the whole menu.
	Menu []menuAction
}

// takesZone says whether one of a's zone arguments may be zone.
func takesZone(a *pb.LegalAction, zone int32) bool {
	for _, spec := range a.GetArgs() {
		if spec.GetKind() == pb.ArgKind_ARG_KIND_ZONE && slices.Contains(spec.GetChoices(), zone) {
			return true
		}
	}
	return false
}

// setZone opens the panel of the zone numbered by the page's zone
// parameter, when the camp's map has it; any other value opens none.
func (b *campBody) setZone(l lang.Lang, param string) {
	g := b.Grisonval
	n, err := strconv.Atoi(param)
	if g == nil || err != nil || n < 1 || n > len(g.GetZones()) {
		return
	}
	var z *pb.Zone
	for _, zz := range g.GetZones() {
		if zz.GetId() == int32(n) {
			z = zz
		}
	}
	if z == nil {
		return
	}
	m := mapOfView(l, b.View, g)
	m.Link, m.Picked = zoneLink, z.GetId()
	b.Map = m.SVG()
	p := &zonePanel{ID: z.GetId(), Neighbours: z.GetNeighbors(), Menu: menuFor(l, b.View, z.GetId())}
	for _, hz := range m.Zones {
		if hz.ID == z.GetId() {
			p.Facts = strings.Split(m.tooltip(&hz), "\n")
		}
	}
	if b.Over || (b.Seats != nil && !b.Seats.Ruler) {
		// No order to post, or a councillor's proposals, which the
		// menu below makes with their reason.
		p.Menu = nil
	}
	b.Zone = p
}

// menuGroup is a part of the legal menu: the actions on the map (a zone
// argument), with other camps (a camp argument), of governing (a
// government, seat or citizen argument), and the camp's own (the rest).
type menuGroup struct {
	Title string
	Menu  []menuAction
}

// groupsOf sorts the menu of view v into its groups, by the kinds of each
// action's arguments, read from the wire: no list of actions' names.
func groupsOf(l lang.Lang, v *pb.CampView, menu []menuAction) []menuGroup {
	titles := []string{
		l.Sprintf("On the map", "Sur la carte"),
		l.Sprintf("With other camps", "Avec les autres camps"),
		l.Sprintf("Governing", "Gouverner"),
		l.Sprintf("Your camp", "Votre camp"),
	}
	groups := make([]menuGroup, len(titles))
	for i := range groups {
		groups[i].Title = titles[i]
	}
	kinds := map[string]int{}
	for _, a := range v.GetLegalActions() {
		g := 3
		for _, spec := range a.GetArgs() {
			switch spec.GetKind() {
			case pb.ArgKind_ARG_KIND_ZONE:
				g = min(g, 0)
			case pb.ArgKind_ARG_KIND_CAMP:
				g = min(g, 1)
			case pb.ArgKind_ARG_KIND_GOVERNMENT, pb.ArgKind_ARG_KIND_SEAT, pb.ArgKind_ARG_KIND_CITIZEN:
				g = min(g, 2)
			}
		}
		kinds[a.GetAction()] = g
	}
	for _, m := range menu {
		g := kinds[m.Action]
		groups[g].Menu = append(groups[g].Menu, m)
	}
	return slices.DeleteFunc(groups, func(g menuGroup) bool { return len(g.Menu) == 0 })
}

// menuGroupData is a group of the menu for its template.
type menuGroupData struct {
	Title string
	Data  menuData
}

// menuGroupsData returns the camp's menu in its groups, each as the menu
// template takes it.
func menuGroupsData(b *campBody, csrf string) []menuGroupData {
	var out []menuGroupData
	for _, g := range groupsOf(b.L, b.View, b.Menu) {
		out = append(out, menuGroupData{Title: g.Title, Data: menuData{Menu: g.Menu, CSRF: csrf, ForDay: b.View.GetDay() + 1,
			Propose: b.Seats != nil && !b.Seats.Ruler}})
	}
	return out
}

// GovName names a government by its code in the page's language, from
// the forms the view lists (set_government's); a code it does not list
// stays as it is.
func (b *campBody) GovName(code string) string {
	for _, g := range b.Grisonval.GetGovernments() {
		if g.GetCode() == code && g.GetName() != "" {
			return g.GetName()
		}
	}
	return code
}

// zoneCost words what an action whose price depends on its zone (develop)
// costs on zone: "free" when nothing, "" when the action's price does not
// depend on it.
func zoneCost(l lang.Lang, a *pb.LegalAction, zone int32) string {
	for _, c := range a.GetChoiceCosts() {
		if c.GetValue() != zone {
			continue
		}
		var parts []string
		for _, amt := range c.GetCost() {
			parts = append(parts, fmt.Sprintf("%s %d", viewtext.ResourceName(l, amt.GetResource()), amt.GetAmount()))
		}
		if len(parts) == 0 {
			return l.Sprintf("free", "gratuit")
		}
		return strings.Join(parts, ", ")
	}
	return ""
}
