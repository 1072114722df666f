package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/kharn-ages/kharn/sim"
)

// CastMeta says what a casting computation was run on, for the header of its
// output.
type CastMeta struct {
	Caster string `json:"caster"`
	Target string `json:"target"`
	Spell  string `json:"spell"`
	// Allied: the target is on the caster's side and does not defend.
	Allied bool `json:"allied"`
	// WayBonus says the caster's way bonus and what it counts.
	WayBonus string   `json:"way_bonus"`
	Defence  string   `json:"defence"`
	Rules    string   `json:"rules"`
	Notes    []string `json:"notes,omitempty"`
	Data     string   `json:"data"`
	Version  string   `json:"version"`
}

// CastRow is one cast: a difficulty and an incantation with its exact result.
type CastRow struct {
	Difficulty int
	AP         int
	Text       string // the effect chosen with the difficulty, in words
	Result     *sim.CastResult
}

// WriteCasts writes the exact odds of each cast, then the effect distribution of
// each cast whose effect has an amount.
func WriteCasts(w io.Writer, m CastMeta, rows []CastRow) error {
	fmt.Fprintf(w, "Caster:   %s\nTarget:   %s\nSpell:    %s\nDefence:  %s\nWay bonus: %s\n", m.Caster, m.Target, m.Spell, m.Defence, m.WayBonus)
	for _, n := range m.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
	fmt.Fprintf(w, "Rules: %s; data: %s; kharn %s\n", m.Rules, m.Data, m.Version)
	fmt.Fprintln(w, "Exact probabilities (computed, not sampled).")
	t := Table{
		Header: []string{"difficulty", "incantation", "AP", "effect", "P(reached)", "P(success)", "P(CH & success)", "P(CF)", "E[defence AP]", "E[amount]"},
		Right:  []bool{true, false, true, false, true, true, true, true, true, true},
	}
	var warnings []error
	seen := map[string]bool{}
	for _, r := range rows {
		res := r.Result
		amt := "-"
		if res.AmountPMF != nil {
			amt = Num(res.ExpectedAmount)
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(r.Difficulty), sim.Incantation(r.AP), fmt.Sprint(r.AP), string(res.Effect),
			Prob(res.PReached), Prob(res.PSuccess), Prob(res.PCriticalSuccess), Prob(res.PCastCF), Num(res.ExpectedDefenceAP), amt})
		warnings = appendWarnings(warnings, seen, res.Warnings)
	}
	if err := t.Render(w); err != nil {
		return err
	}
	for _, r := range rows {
		res := r.Result
		switch {
		case res.Immune:
			fmt.Fprintf(w, "Difficulty %d: the target is immune to the spell's way (Immunity).\n", r.Difficulty)
		case res.Automatic:
			fmt.Fprintf(w, "Difficulty %d: the spell succeeds with no roll (the target is Responsive to its way).\n", r.Difficulty)
		}
	}
	if len(rows) > 1 {
		fmt.Fprintln(w, "One cast's distribution: --cast SPELL:DIFFICULTY with --cast-ap N (or --json for all).")
	}
	for _, r := range rows {
		if r.Result.AmountPMF == nil || len(rows) > 1 {
			continue
		}
		fmt.Fprintf(w, "%s, difficulty %d, %s incantation (%d AP): HP %s\n", r.Result.Effect, r.Difficulty, sim.Incantation(r.AP), r.AP, amountVerb(string(r.Result.Effect)))
		if err := pmfTable(r.Result.AmountPMF).Render(w); err != nil {
			return err
		}
	}
	writeWarnings(w, warnings)
	return nil
}

func amountVerb(effect string) string {
	switch {
	case strings.HasPrefix(effect, "damage"):
		return "lost by the target, after armour"
	case strings.HasPrefix(effect, "healing"):
		return "healed"
	}
	return "given back"
}

// CastJSON is the JSON object of kharn odds --cast.
type CastJSON struct {
	CastMeta
	Casts []CastRowJSON `json:"casts"`
}

// CastRowJSON is one cast in JSON.
type CastRowJSON struct {
	Difficulty  int    `json:"difficulty"`
	Incantation string `json:"incantation"`
	AP          int    `json:"ap"`
	EffectText  string `json:"effect_text,omitempty"`
	*sim.CastResult
	Warnings []string `json:"warnings"`
}

// NewCastJSON builds the JSON object of the casts.
func NewCastJSON(m CastMeta, rows []CastRow) CastJSON {
	j := CastJSON{CastMeta: m, Casts: []CastRowJSON{}}
	for _, r := range rows {
		j.Casts = append(j.Casts, CastRowJSON{Difficulty: r.Difficulty, Incantation: sim.Incantation(r.AP), AP: r.AP,
			EffectText: r.Text, CastResult: r.Result, Warnings: warningStrings(r.Result.Warnings)})
	}
	return j
}
