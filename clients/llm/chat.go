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
	"net/http"
	"strings"

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

// Usage is the endpoint's count of tokens for one completion.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

func (u *Usage) add(o Usage) {
	u.PromptTokens += o.PromptTokens
	u.CompletionTokens += o.CompletionTokens
	u.TotalTokens += o.TotalTokens
}

// ChatRequest is a chat-completions request.
type ChatRequest struct {
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	Tools    []ToolDef `json:"tools,omitempty"`
}

// ChatResponse is the part of a chat-completions answer the runner reads.
type ChatResponse struct {
	Choices []struct {
		Message      Message `json:"message"`
		FinishReason string  `json:"finish_reason"`
	} `json:"choices"`
	Usage Usage `json:"usage"`
}

// Client calls a chat-completions endpoint. BaseURL is the API root, such
// as "https://api.openai.com/v1" or "http://127.0.0.1:8080/v1"; APIKey may
// be empty for a local server. A Client is safe for concurrent use.
type Client struct {
	BaseURL string
	Model   string
	APIKey  string
	HTTP    *http.Client
}

// Complete sends messages and tools and returns the first choice's message
// and the usage.
func (c *Client) Complete(ctx context.Context, messages []Message, tools []ToolDef) (Message, Usage, error) {
	body, err := json.Marshal(ChatRequest{Model: c.Model, Messages: messages, Tools: tools})
	if err != nil {
		return Message{}, Usage{}, fmt.Errorf("encode chat request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.BaseURL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return Message{}, Usage{}, fmt.Errorf("build chat request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Message{}, Usage{}, fmt.Errorf("chat completions: %w", err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return Message{}, Usage{}, fmt.Errorf("read chat answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return Message{}, Usage{}, fmt.Errorf("chat completions: %s: %.500s", resp.Status, b)
	}
	var out ChatResponse
	if err := json.Unmarshal(b, &out); err != nil {
		return Message{}, Usage{}, fmt.Errorf("decode chat answer: %w", err)
	}
	if len(out.Choices) == 0 {
		return Message{}, out.Usage, fmt.Errorf("chat answer has no choice: %.500s", b)
	}
	return out.Choices[0].Message, out.Usage, nil
}
