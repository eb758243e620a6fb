package career_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/grisonval/server/engine/career"
)

func TestTitles(t *testing.T) {
	cases := []struct {
		name    string
		entries []career.Entry
		want    []career.Award
	}{
		{
			name:    "TIT-MIN no one scored: no title",
			entries: []career.Entry{{Agent: "a", Tally: career.Tally{MissionsFailed: 3, Glory: 0}}, {Agent: "b"}},
			want:    nil,
		},
		{
			name:    "TIT-MIN no entries: no title",
			entries: nil,
			want:    nil,
		},
		{
			name: "TIT-1 spearhead: most successful missions",
			entries: []career.Entry{
				{Agent: "a", Tally: career.Tally{MissionsSucceeded: 2}},
				{Agent: "b", Tally: career.Tally{MissionsSucceeded: 3}},
			},
			want: []career.Award{{Title: career.Spearhead, Score: 3, Agents: []string{"b"}}},
		},
		{
			name: "TIT-2 most discreet: most successful counter-missions",
			entries: []career.Entry{
				{Agent: "a", Tally: career.Tally{CounterMissionsSucceeded: 1, CounterMissionsFailed: 5}},
				{Agent: "b", Tally: career.Tally{CounterMissionsFailed: 1}},
			},
			want: []career.Award{{Title: career.MostDiscreet, Score: 1, Agents: []string{"a"}}},
		},
		{
			name: "TIT-3 eye of the city: most enemy missions revealed",
			entries: []career.Entry{
				{Agent: "a", Tally: career.Tally{EnemyMissionsRevealed: 4}},
				{Agent: "b", Tally: career.Tally{EnemyMissionsRevealed: 1}},
			},
			want: []career.Award{{Title: career.EyeOfTheCity, Score: 4, Agents: []string{"a"}}},
		},
		{
			name: "TIT-4 agent of chaos: most 666, 111 does not count",
			entries: []career.Entry{
				{Agent: "a", Tally: career.Tally{Interventions: 3, Sixes: 1}},
				{Agent: "b", Tally: career.Tally{Interventions: 2, Sixes: 2}},
			},
			want: []career.Award{{Title: career.AgentOfChaos, Score: 2, Agents: []string{"b"}}},
		},
		{
			name: "TIT-TIE a tie shares the title, holders sorted",
			entries: []career.Entry{
				{Agent: "zoe", Tally: career.Tally{MissionsSucceeded: 2}},
				{Agent: "abel", Tally: career.Tally{MissionsSucceeded: 1}},
				{Agent: "marc", Tally: career.Tally{MissionsSucceeded: 2}},
			},
			want: []career.Award{{Title: career.Spearhead, Score: 2, Agents: []string{"marc", "zoe"}}},
		},
		{
			name: "TIT-TIE every title in title order, one agent may hold several",
			entries: []career.Entry{
				{Agent: "c", Tally: career.Tally{Sixes: 1, EnemyMissionsRevealed: 1}},
				{Agent: "a", Tally: career.Tally{MissionsSucceeded: 1, CounterMissionsSucceeded: 2}},
				{Agent: "b", Tally: career.Tally{Sixes: 1, EnemyMissionsRevealed: 1}},
			},
			want: []career.Award{
				{Title: career.Spearhead, Score: 1, Agents: []string{"a"}},
				{Title: career.MostDiscreet, Score: 2, Agents: []string{"a"}},
				{Title: career.EyeOfTheCity, Score: 1, Agents: []string{"b", "c"}},
				{Title: career.AgentOfChaos, Score: 1, Agents: []string{"b", "c"}},
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := career.Titles(c.entries)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v; want %+v", got, c.want)
			}
		})
	}
	t.Run("TIT-TIE an agent listed twice is refused", func(t *testing.T) {
		_, err := career.Titles([]career.Entry{{Agent: "a"}, {Agent: "a"}})
		if !errors.Is(err, career.ErrDuplicateAgent) {
			t.Errorf("got %v; want ErrDuplicateAgent", err)
		}
	})
}

func TestHeld(t *testing.T) {
	awards := []career.Award{
		{Title: career.Spearhead, Score: 1, Agents: []string{"a"}},
		{Title: career.AgentOfChaos, Score: 1, Agents: []string{"a", "b"}},
	}
	cases := []struct {
		agent string
		want  []career.Title
	}{
		{"a", []career.Title{career.Spearhead, career.AgentOfChaos}},
		{"b", []career.Title{career.AgentOfChaos}},
		{"c", nil},
	}
	for _, c := range cases {
		t.Run(c.agent, func(t *testing.T) {
			if got := career.Held(awards, c.agent); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v; want %v", got, c.want)
			}
		})
	}
}
