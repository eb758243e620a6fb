package tools

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the tools of a camp's season: its standing and its
// notebook (docs/career.md, SEA-STANDING and SEA-NOTEBOOK).

// Tool names of this file. Clients and logs match on them: append only.
const (
	SeasonStanding = "season_standing"
	WriteNotebook  = "write_notebook"
)

// Standing returns the camp's standing in its season.
func (c *Camp) Standing(ctx context.Context) (*pb.SeasonStanding, error) {
	return c.Game.GetSeasonStanding(c.auth(ctx), &pb.GetSeasonStandingRequest{})
}

// Notebook returns the camp's notebook of the season.
func (c *Camp) Notebook(ctx context.Context) (*pb.Notebook, error) {
	return c.Game.GetNotebook(c.auth(ctx), &pb.GetNotebookRequest{})
}

// WriteNotebook replaces the camp's notebook of the season with text; an
// empty text erases it.
func (c *Camp) WriteNotebook(ctx context.Context, text string) (*pb.Notebook, error) {
	return c.Game.SetNotebook(c.auth(ctx), &pb.SetNotebookRequest{Text: text})
}

// seasonTools are the tools of this file, in Table's order.
func seasonTools() []Tool {
	return []Tool{
		{Name: SeasonStanding, Description: lang.T("How your camp is doing in its season: day and days left, your score "+
			"in your ruleset's words, your patron's glory, your feats so far with the standing and verdict they earn; after the "+
			"close, your rank, the ranking, your judgment, titles, eminence points and career. While the season runs, "+
			"the rank and today's ranking show when your ruleset's scores are public; otherwise the other camps' scores are beyond your fog.",
			"Où en est votre camp dans sa saison : jour et jours restants, votre score dans les mots de vos règles, la gloire de votre "+
				"patron, vos faits d'armes jusqu'ici avec la cote et le verdict qu'ils valent ; après la clôture, votre rang, "+
				"le classement, votre jugement, vos titres, vos points d'éminence et votre carrière. Tant que la saison court, "+
				"le rang et le classement du jour paraissent quand les scores de vos règles sont publics ; sinon les scores des autres camps sont hors de votre brouillard."),
			Schema: noArgs, Call: callSeasonStanding},
		{Name: WriteNotebook, Description: lang.T("Replace your notebook: private notes your camp keeps across the days "+
			"of the season (plans, promises made, what you learned), shown back in your view. No other camp reads "+
			"them while the season runs; the chronicle publishes them after it. At most the view's notebook.max_len "+
			"bytes, newlines and tabs but no other control character, a few writes a day; an empty text erases them.",
			"Remplacez votre carnet : les notes privées que votre camp garde d'un jour à l'autre de la saison (plans, "+
				"promesses faites, ce que vous avez appris), reprises dans votre vue. Aucun autre camp ne les lit tant que la "+
				"saison court ; la chronique les publie ensuite. Au plus notebook.max_len octets de la vue, sauts de ligne et "+
				"tabulations mais aucun autre caractère de contrôle, quelques écritures par jour ; un texte vide les efface."),
			Schema: notebookSchema, Call: callWriteNotebook},
	}
}

func callSeasonStanding(ctx context.Context, c *Camp, _ json.RawMessage) (*Result, error) {
	s, err := c.Standing(ctx)
	return reply(c.Lang, s, err, viewtext.SeasonStanding)
}

// NotebookArgs are the arguments of write_notebook.
type NotebookArgs struct {
	Text string `json:"text"`
}

// notebookSchema bounds the text by v's notebook's max_len bytes, in the
// characters that always fit them (charBound).
func notebookSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	text := &jsonschema.Schema{Type: "string", Description: l.Sprintf("the whole notebook: it replaces the last text",
		"le carnet entier : il remplace le texte précédent")}
	if n := charBound(v.GetNotebook().GetMaxLen()); n > 0 {
		text.MaxLength = jsonschema.Ptr(n)
	}
	return &jsonschema.Schema{
		Type:                 "object",
		Properties:           map[string]*jsonschema.Schema{"text": text},
		Required:             []string{"text"},
		AdditionalProperties: falseSchema(),
	}
}

func callWriteNotebook(ctx context.Context, c *Camp, args json.RawMessage) (*Result, error) {
	var in NotebookArgs
	if err := decode(c.Lang, WriteNotebook, args, &in); err != nil {
		return nil, err
	}
	n, err := c.WriteNotebook(ctx, in.Text)
	return reply(c.Lang, n, err, viewtext.NotebookSaved)
}
