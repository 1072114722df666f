package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kharn-ages/kharn/sim"
)

// OddsMeta says what an odds computation was run on, for the header of its output.
type OddsMeta struct {
	Attacker  string   `json:"attacker"`
	Defender  string   `json:"defender"`
	Defence   string   `json:"defence"`
	Rules     string   `json:"rules"`
	Modifiers []string `json:"modifiers,omitempty"`
	Data      string   `json:"data"`
	Version   string   `json:"version"`
}

func (m OddsMeta) write(w io.Writer) {
	fmt.Fprintf(w, "Attacker: %s\nDefender: %s\nDefence:  %s\n", m.Attacker, m.Defender, m.Defence)
	if len(m.Modifiers) > 0 {
		fmt.Fprintf(w, "Modifiers: %s\n", strings.Join(m.Modifiers, ", "))
	}
	fmt.Fprintf(w, "Rules: %s; data: %s; kharn %s\n", m.Rules, m.Data, m.Version)
}

// WeaponOptions is the list of attack options with one weapon in hand.
type WeaponOptions struct {
	Weapon  string
	Options []sim.Option
}

// WriteOptions writes the table of every attack option, per weapon, with its exact
// figures.
func WriteOptions(w io.Writer, m OddsMeta, rows []WeaponOptions) error {
	m.write(w)
	fmt.Fprintln(w, "Exact probabilities (computed, not sampled); best effects per attack; sorted by expected damage per AP.")
	t := Table{
		Header: []string{"weapon", "attack", "AP", "effects", "P(success)", "P(CH & success)", "E[damage]", "E[damage]/AP", "E[counter]"},
		Right:  []bool{false, false, true, false, true, true, true, true, true},
	}
	var warnings []error
	seen := map[string]bool{}
	for _, row := range rows {
		for _, o := range row.Options {
			a := o.Attack
			eff := a.Effects.String()
			if eff == "" {
				eff = "-"
			}
			r := o.Result
			t.Rows = append(t.Rows, []string{row.Weapon, attackName(a), fmt.Sprint(a.AP), eff, Prob(r.PSuccess), Prob(r.PCriticalSuccess),
				Num(r.ExpectedDamage), Num(o.PerAP()), Num(r.ExpectedCounter)})
			warnings = appendWarnings(warnings, seen, r.Warnings)
		}
	}
	if err := t.Render(w); err != nil {
		return err
	}
	writeWarnings(w, warnings)
	return nil
}

func attackName(a sim.Attack) string {
	switch {
	case a.Kind == sim.Shot:
		return a.ShotName() + " " + a.Chars.String()
	case a.Kind.Special():
		return a.Kind.String() + " " + a.Chars.String()
	}
	if a.Vivid {
		return "melee " + a.Chars.String() + " +vivacity"
	}
	return "melee " + a.Chars.String()
}

// OptionJSON is one attack option in JSON.
type OptionJSON struct {
	Weapon string `json:"weapon"`
	Attack string `json:"attack"`
	AP     int    `json:"ap"`
	*sim.Result
	ExpectedPerAP float64  `json:"expected_damage_per_ap"`
	Warnings      []string `json:"warnings"`
}

// OptionsJSON is the JSON object of an odds table.
type OptionsJSON struct {
	OddsMeta
	Options []OptionJSON `json:"options"`
	// Splits are the Ambidextrous splits (reports/odds_split.go).
	Splits []SplitJSON `json:"ambidextrous_splits,omitempty"`
}

// NewOptionsJSON builds the JSON object of an odds table.
func NewOptionsJSON(m OddsMeta, rows []WeaponOptions) OptionsJSON {
	j := OptionsJSON{OddsMeta: m, Options: []OptionJSON{}}
	for _, row := range rows {
		for _, o := range row.Options {
			oj := OptionJSON{Weapon: row.Weapon, Attack: o.Attack.String(), AP: o.Attack.AP, Result: o.Result,
				ExpectedPerAP: o.PerAP(), Warnings: warningStrings(o.Result.Warnings)}
			j.Options = append(j.Options, oj)
		}
	}
	return j
}

func warningStrings(ws []error) []string {
	out := []string{}
	for _, e := range ws {
		out = append(out, e.Error())
	}
	return out
}

// appendWarnings appends to ws each warning of more whose message is not
// in seen yet, and records it there: a table whose rows share a warning
// prints it once (writeWarnings).
func appendWarnings(ws []error, seen map[string]bool, more []error) []error {
	for _, e := range more {
		if !seen[e.Error()] {
			seen[e.Error()] = true
			ws = append(ws, e)
		}
	}
	return ws
}

func writeWarnings(w io.Writer, ws []error) {
	for _, e := range ws {
		fmt.Fprintf(w, "warning: %v\n", e)
	}
}

// WriteResult writes the full exact result of one attack: probabilities, effects and
// the damage distribution.
func WriteResult(w io.Writer, m OddsMeta, a sim.Attack, r *sim.Result) error {
	m.write(w)
	fmt.Fprintf(w, "Attack: %s (%d AP)\n", describeAttack(a), a.AP)
	fmt.Fprintln(w, "Exact probabilities (computed, not sampled).")
	t := Table{Header: []string{"figure", "value"}, Right: []bool{false, true}}
	add := func(name, v string) { t.Rows = append(t.Rows, []string{name, v}) }
	// addProb and addNum add the row of a figure only an attack with the
	// matching skill or weapon gives: none when it is 0.
	addProb := func(name string, p float64) {
		if p > 0 {
			add(name, Prob(p))
		}
	}
	addNum := func(name string, x float64) {
		if x > 0 {
			add(name, Num(x))
		}
	}
	add("P(success)", Prob(r.PSuccess))
	add("P(CH and success)", Prob(r.PCriticalSuccess))
	add("P(attack CH)", Prob(r.PAttackCritical))
	add("P(attack CF)", Prob(r.PAttackCF))
	add("P(defence CF)", Prob(r.PDefenceCF))
	add("E[damage to defender]", Num(r.ExpectedDamage))
	add("E[damage]/AP", Num(r.ExpectedPerAP(a, 0)))
	add("E[counter damage to attacker]", Num(r.ExpectedCounter))
	add("E[AP spent by defender]", Num(r.ExpectedDefenceAP))
	addProb("P(defender bleeding)", r.PBleeding)
	addProb("P(defender dazed)", r.PDazed)
	addProb("P(defender stunned)", r.PStunned)
	addProb("P(defender set on fire)", r.PBurning) // sim/fire.go
	addProb("P(defender frostbitten)", r.PFrostbite)
	addProb("P(failed temerity test)", r.PFeared)
	if r.PRepelled > 0 {
		add("P(defender repelled)", Prob(r.PRepelled))
		add("E[repel distance, toises]", Num(r.ExpectedRepel))
	}
	addProb("P(attacker repelled)", r.PAttackerRepelled)
	// The statuses the counters' weapon puts on the attacker (R11a, R9a).
	if r.PAttackerBleeding > 0 {
		add("P(attacker bleeding)", Prob(r.PAttackerBleeding))
		add("E[bleeding on attacker]", Num(r.ExpectedAttackerBleeding))
	}
	addProb("P(attacker dazed)", r.PAttackerDazed)
	addProb("P(attacker stunned)", r.PAttackerStunned)
	addProb("P(attacker free move)", r.PAttackerMove)
	addProb("P(defender free move)", r.PDefenderMove)
	addNum("E[armour boxes ticked]", r.ExpectedArmourBoxes)
	addNum("E[shield boxes ticked]", r.ExpectedShieldBoxes)
	if err := t.Render(w); err != nil {
		return err
	}
	fmt.Fprintln(w, "Damage to the defender (HP lost):")
	if err := pmfTable(r.DamagePMF).Render(w); err != nil {
		return err
	}
	writeWarnings(w, r.Warnings)
	return nil
}

func describeAttack(a sim.Attack) string {
	switch {
	case a.Kind == sim.Shot:
		s := a.ShotName() + " " + a.Chars.String()
		if a.Effects.Len() > 0 {
			s += ", effects " + a.Effects.String()
		}
		return s
	case a.Kind.Special():
		return a.Kind.String() + " " + a.Chars.String()
	}
	s := a.Chars.String()
	if a.Effects.Len() > 0 {
		s += ", effects " + a.Effects.String()
	}
	if !a.Fixed && a.AP > 1 {
		s += ", damage " + a.DamageChar.String()
	} else if a.Fixed {
		s += ", weapon damage"
	}
	if a.Vivid {
		s += ", Vivacity on its free attacks (1 AP more each, paid when made)"
	}
	return s
}

// pmfTable tabulates a damage distribution with "at least" and a bar.
func pmfTable(p []float64) *Table {
	t := &Table{Header: []string{"HP", "P(exactly)", "P(at least)", ""}, Right: []bool{true, true, true, false}}
	tail := 0.0
	at := make([]float64, len(p))
	for k := len(p) - 1; k >= 0; k-- {
		tail += p[k]
		at[k] = tail
	}
	for k, q := range p {
		if q < 5e-7 && k > 0 {
			continue
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(k), Prob(q), Prob(at[k]), strings.Repeat("#", int(q*50+0.5))})
	}
	return t
}

// ResultJSON is the JSON object of one exact exchange result.
type ResultJSON struct {
	OddsMeta
	Attack string `json:"attack"`
	AP     int    `json:"ap"`
	*sim.Result
	ExpectedPerAP float64  `json:"expected_damage_per_ap"`
	Warnings      []string `json:"warnings"`
}

// NewResultJSON builds the JSON object of one result.
func NewResultJSON(m OddsMeta, a sim.Attack, r *sim.Result) ResultJSON {
	return ResultJSON{OddsMeta: m, Attack: a.String(), AP: a.AP, Result: r, ExpectedPerAP: r.ExpectedPerAP(a, 0), Warnings: warningStrings(r.Warnings)}
}

// WriteJSON writes v as indented JSON.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
