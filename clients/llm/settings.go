package llm

import (
	"fmt"
	"math"
)

// This file is what a runner's user sets besides the endpoint: the
// sampling of each call (Settings, sent with every request), the prices
// that turn the API's token counts into a cost (Prices), and the usage as
// the endpoint reports it (wireUsage), which the log keeps per call, per
// day and per season with stable field names (docs/agents.md, "The
// runner's log").

// Tool choices a request may name (Settings.ToolChoice).
const (
	ToolChoiceAuto     = "auto"
	ToolChoiceRequired = "required"
	ToolChoiceNone     = "none"
)

// Settings are the sampling settings sent with every chat request; a zero
// field is left out, so that the endpoint's default applies.
type Settings struct {
	Temperature *float64 `json:"temperature,omitempty"`
	TopP        *float64 `json:"top_p,omitempty"`
	// MaxTokens bounds the tokens of one answer.
	MaxTokens int    `json:"max_tokens,omitempty"`
	Seed      *int64 `json:"seed,omitempty"`
	// ToolChoice is "auto", "required" or "none".
	ToolChoice string `json:"tool_choice,omitempty"`
	// ParallelToolCalls lets the model call several tools in one answer
	// (the runner plays them in order) or not.
	ParallelToolCalls *bool `json:"parallel_tool_calls,omitempty"`
}

// Check returns an error naming the first setting out of its bounds.
func (s Settings) Check() error {
	switch {
	case s.Temperature != nil && (*s.Temperature < 0 || *s.Temperature > 2):
		return fmt.Errorf("temperature %g: want 0 to 2", *s.Temperature)
	case s.TopP != nil && (*s.TopP <= 0 || *s.TopP > 1):
		return fmt.Errorf("top_p %g: want more than 0 and at most 1", *s.TopP)
	case s.MaxTokens < 0:
		return fmt.Errorf("max_tokens %d: want 0 (the endpoint's default) or more", s.MaxTokens)
	case s.ToolChoice != "" && s.ToolChoice != ToolChoiceAuto && s.ToolChoice != ToolChoiceRequired && s.ToolChoice != ToolChoiceNone:
		return fmt.Errorf("tool_choice %q: want auto, required or none", s.ToolChoice)
	}
	return nil
}

// Prices are the endpoint's prices in dollars per million tokens, to say
// what a call cost when the endpoint does not (an endpoint that returns
// usage.cost, as OpenRouter's, is taken at its word). Cached prompt
// tokens are priced at CachedInput when it is set, else at Input.
type Prices struct {
	Input       float64 `json:"input"`
	CachedInput float64 `json:"cached_input"`
	Output      float64 `json:"output"`
}

// cost returns what u cost at p, in dollars.
func (p Prices) cost(u wireUsage) float64 {
	cached := min(u.PromptTokensDetails.CachedTokens, u.PromptTokens)
	cachedPrice := p.CachedInput
	if cachedPrice == 0 {
		cachedPrice = p.Input
	}
	c := (float64(u.PromptTokens-cached)*p.Input + float64(cached)*cachedPrice + float64(u.CompletionTokens)*p.Output) / 1e6
	return math.Round(c*1e8) / 1e8
}

// wireUsage is the usage an endpoint answers: the counts, and the details
// and cost some endpoints add.
type wireUsage struct {
	PromptTokens        int `json:"prompt_tokens"`
	CompletionTokens    int `json:"completion_tokens"`
	TotalTokens         int `json:"total_tokens"`
	PromptTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	Cost *float64 `json:"cost,omitempty"`
}

// usage returns u as the log keeps it, its cost the endpoint's or else
// priced at p.
func (u wireUsage) usage(p Prices) Usage {
	out := Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.TotalTokens,
		CachedTokens: u.PromptTokensDetails.CachedTokens, ReasoningTokens: u.CompletionTokensDetails.ReasoningTokens}
	if out.TotalTokens == 0 {
		out.TotalTokens = out.PromptTokens + out.CompletionTokens
	}
	if u.Cost != nil {
		out.CostUSD = *u.Cost
	} else {
		out.CostUSD = p.cost(u)
	}
	return out
}
