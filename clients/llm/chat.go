// Package llm plays a camp with a model behind any OpenAI-compatible
// chat-completions endpoint (hosted or a local model server), through tool
// calls to the same tools as the MCP server (package tools). Each day it
// shows the model the camp's text view, lets it call tools, retries a
// bounded number of invalid orders with the server's reason fed back, and
// logs the day as one JSON line.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// Message is one chat message: a system or user prompt, an assistant
// answer with its tool calls, or a tool's result.
type Message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []ToolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

// ToolCall is a model's call of a function tool.
type ToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Function FunctionCall `json:"function"`
}

// FunctionCall names the tool and carries its arguments as a JSON string.
type FunctionCall struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// ToolDef is a function tool offered to the model.
type ToolDef struct {
	Type     string      `json:"type"`
	Function FunctionDef `json:"function"`
}

// FunctionDef describes a function tool: its JSON Schema parameters.
type FunctionDef struct {
	Name        string             `json:"name"`
	Description string             `json:"description"`
	Parameters  *jsonschema.Schema `json:"parameters"`
}

// Usage is the endpoint's count of tokens for one completion, or their
// sum over a day or a season: prompt, completion and total tokens as the
// API reports them, the prompt tokens its cache served (cached_tokens,
// part of prompt_tokens), the reasoning tokens (part of
// completion_tokens), and the cost in dollars, the endpoint's own when it
// gives one, else at the runner's prices (0 without prices). The arena
// reads these fields by name: append only.
type Usage struct {
	PromptTokens     int     `json:"prompt_tokens"`
	CompletionTokens int     `json:"completion_tokens"`
	TotalTokens      int     `json:"total_tokens"`
	CachedTokens     int     `json:"cached_tokens"`
	ReasoningTokens  int     `json:"reasoning_tokens"`
	CostUSD          float64 `json:"cost_usd"`
}

func (u *Usage) add(o Usage) {
	u.PromptTokens += o.PromptTokens
	u.CompletionTokens += o.CompletionTokens
	u.TotalTokens += o.TotalTokens
	u.CachedTokens += o.CachedTokens
	u.ReasoningTokens += o.ReasoningTokens
	u.CostUSD = math.Round((u.CostUSD+o.CostUSD)*1e8) / 1e8
}

// ChatRequest is a chat-completions request, with the runner's sampling
// settings.
type ChatRequest struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	Tools    []ToolDef `json:"tools,omitempty"`
	Settings
}

// ChatResponse is the part of a chat-completions answer the runner reads.
type ChatResponse struct {
	Choices []struct {
		Message      AnswerMessage `json:"message"`
		FinishReason string        `json:"finish_reason"`
	} `json:"choices"`
	Usage wireUsage `json:"usage"`
}

// AnswerMessage is an answer's message with the reasoning text that some
// endpoints return beside it: "reasoning_content" (DeepSeek, vLLM and
// others) or "reasoning" (OpenRouter, newer vLLM). The reasoning is logged,
// never sent back: some endpoints refuse it in the messages of a request.
type AnswerMessage struct {
	Message
	ReasoningContent string `json:"reasoning_content,omitempty"`
	Reasoning        string `json:"reasoning,omitempty"`
}

// Completion is one answer of the endpoint: the first choice's message,
// the tokens counted, the model's reasoning text when the endpoint
// returned one, and the HTTP attempts it took.
type Completion struct {
	Message   Message
	Usage     Usage
	Reasoning string
	Attempts  []Attempt
}

// Attempt is one HTTP request of a completion: the status of its answer
// (0 when none came), its error, how long it took, and how long the client
// waited before it (the backoff after the previous attempt).
type Attempt struct {
	Status    int    `json:"status"`
	Error     string `json:"error,omitempty"`
	LatencyMS int64  `json:"latency_ms"`
	WaitedMS  int64  `json:"waited_ms,omitempty"`
}

// Retry defaults of a Client.
const (
	DefaultMaxAttempts = 6
	DefaultBackoff     = time.Second
	DefaultMaxBackoff  = 30 * time.Second
)

// Client calls a chat-completions endpoint. BaseURL is the API root, such
// as "https://api.openai.com/v1" or "http://127.0.0.1:8080/v1"; APIKey may
// be empty for a local server. An answer 429 (too many requests) or 5xx,
// or no answer at all, is retried after a backoff that doubles from
// Backoff up to MaxBackoff (or the answer's Retry-After), at most
// MaxAttempts times in all and never past the deadline Complete is given.
// Zero fields take the defaults. A Client is safe for concurrent use.
type Client struct {
	BaseURL     string
	Model       string
	APIKey      string
	HTTP        *http.Client
	MaxAttempts int
	Backoff     time.Duration
	MaxBackoff  time.Duration
	// Settings are sent with every request; Prices say what a call cost
	// when the endpoint does not.
	Settings Settings
	Prices   Prices
	// Sleep waits d or until ctx is done; nil is a timer. Tests may
	// shorten it.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Complete sends messages and tools and returns the first choice's answer.
// An answer 429 or 5xx, or a request that got no answer, is retried with
// backoff while a retry can start before until (the day's deadline; the
// zero time sets no bound but MaxAttempts). The error of the last attempt
// comes back with the attempts made.
func (c *Client) Complete(ctx context.Context, messages []Message, tools []ToolDef, until time.Time) (Completion, error) {
	req := ChatRequest{Model: c.Model, Messages: messages, Tools: tools, Settings: c.Settings}
	if len(tools) == 0 {
		// Without tools, tool_choice and parallel_tool_calls are refused.
		req.ToolChoice, req.ParallelToolCalls = "", nil
	}
	body, err := json.Marshal(req)
	if err != nil {
		return Completion{}, fmt.Errorf("encode chat request: %w", err)
	}
	attempts, backoff := c.MaxAttempts, c.Backoff
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	if backoff <= 0 {
		backoff = DefaultBackoff
	}
	maxBackoff := c.MaxBackoff
	if maxBackoff <= 0 {
		maxBackoff = DefaultMaxBackoff
	}
	var out Completion
	var waited time.Duration
	for n := 1; ; n++ {
		start := time.Now()
		comp, status, retryAfter, err := c.post(ctx, body)
		out.Attempts = append(out.Attempts, Attempt{Status: status, LatencyMS: time.Since(start).Milliseconds(), WaitedMS: waited.Milliseconds()})
		if err == nil {
			comp.Attempts = out.Attempts
			return comp, nil
		}
		out.Attempts[len(out.Attempts)-1].Error = err.Error()
		out.Usage = comp.Usage
		if !retryable(status) || ctx.Err() != nil {
			return out, err
		}
		wait := retryAfter
		if wait <= 0 {
			wait = min(backoff<<(n-1), maxBackoff)
		}
		switch {
		case n >= attempts:
			return out, fmt.Errorf("%w (gave up after %d attempts)", err, n)
		case !until.IsZero() && time.Now().Add(wait).After(until):
			return out, fmt.Errorf("%w (gave up after %d attempts: a retry in %s would start after the day's deadline)", err, n, wait.Round(time.Millisecond))
		}
		sleep := c.Sleep
		if sleep == nil {
			sleep = sleepCtx
		}
		if err := sleep(ctx, wait); err != nil {
			return out, err
		}
		waited = wait
	}
}

// retryable reports whether an attempt that got status (0: no answer) may
// be retried: too many requests, a fault of the server, or no answer.
func retryable(status int) bool {
	return status == 0 || status == http.StatusTooManyRequests || status >= 500
}

// sleepCtx waits d or until ctx is done.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// post makes one request with body. It returns the answer, the HTTP status
// (0 when no answer came), the wait the answer's Retry-After asks for, and
// an error for anything but a usable answer.
func (c *Client) post(ctx context.Context, body []byte) (Completion, int, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.BaseURL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return Completion{}, -1, 0, fmt.Errorf("build chat request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Completion{}, 0, 0, fmt.Errorf("chat completions: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return Completion{}, 0, 0, fmt.Errorf("read chat answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return Completion{}, resp.StatusCode, retryAfter(resp.Header.Get("Retry-After")),
			fmt.Errorf("chat completions: %s: %.500s", resp.Status, b)
	}
	var out ChatResponse
	if err := json.Unmarshal(b, &out); err != nil {
		return Completion{}, resp.StatusCode, 0, fmt.Errorf("decode chat answer: %w", err)
	}
	if len(out.Choices) == 0 {
		return Completion{Usage: out.Usage.usage(c.Prices)}, resp.StatusCode, 0, fmt.Errorf("chat answer has no choice: %.500s", b)
	}
	m := out.Choices[0].Message
	reasoning := m.ReasoningContent
	if reasoning == "" {
		reasoning = m.Reasoning
	}
	return Completion{Message: m.Message, Usage: out.Usage.usage(c.Prices), Reasoning: reasoning}, resp.StatusCode, 0, nil
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date; 0 when
// absent or unreadable.
func retryAfter(h string) time.Duration {
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(h)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}
