package sim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// Kind is the kind of an attack.
type Kind uint8

// The attack kinds: a melee attack of 1-3 AP, a shot, a special attack (R18),
// or a special attack its card defines (Card, sim/cardattack.go).
const (
	Melee Kind = iota
	Shot
	Bunt
	Bite
	Trample
	Card
)

var kindNames = [...]string{"melee", "shot", "bunt", "bite", "trample", "card"}

// String returns the kind's name: melee, shot, bunt, bite, trample or card.
func (k Kind) String() string { return kindNames[k] }

// Special reports whether k is a special attack (R18).
func (k Kind) Special() bool { return k >= Bunt }

// Attack is an attack as its attacker announces it (R5): kind, AP, the
// characteristics engaged, the effects wanted and where its damage comes from.
type Attack struct {
	Kind    Kind
	AP      int
	Chars   Chars // engaged characteristics (R7)
	Effects Chars // effects wanted (R10), drawn from Chars
	// DamageChar is the engaged characteristic whose value is the damage (R9);
	// ignored when Fixed is set.
	DamageChar Char
	// Fixed chooses the weapon's fixed damage ("3 dgts", "1D5 dgts") instead.
	Fixed bool
	// DamageChosen reports that DamageChar or Fixed was set by the caller; otherwise
	// Prepare picks the best source.
	DamageChosen bool
	// Free marks the free basic attack or lightning shot of an A effect (R7, R10):
	// it cannot be defended with more than two characteristics.
	Free bool
	// Vivid: the attacker uses Vivacity (skills.md #33) on the free attack of
	// each of its A effects, 1 AP more each, paid only when the free attack is
	// made: that free attack engages a second characteristic and deals a full
	// characteristic (sim/skills_more.go). Written "+vivacity" after the attack.
	Vivid bool
	// CardIndex is, for a Card attack, the index of the attack in its
	// attacker's Profile.SpecialAttacks.
	CardIndex uint8
}

// String writes the attack the way --attack reads it, with its effects.
func (a Attack) String() string {
	var s string
	switch a.Kind {
	case Melee:
		s = fmt.Sprintf("%d:%s", a.AP, a.Chars)
	case Shot:
		s = fmt.Sprintf("shot:%d:%s", a.AP, a.Chars)
	case Card:
		if a.CardIndex > 0 {
			return fmt.Sprintf("card:%d", a.CardIndex+1)
		}
		return "card"
	default:
		return a.Kind.String()
	}
	if a.Effects.Len() > 0 {
		s += ":" + a.Effects.String()
	}
	if a.Vivid {
		s += vividSuffix
	}
	return s
}

// ShotName returns the rulebook name of a shot ("lightning", "classic", ...).
func (a Attack) ShotName() string {
	if a.Kind != Shot {
		return ""
	}
	switch {
	case a.AP == 1:
		return "lightning shot"
	case a.AP == 3:
		return "precise shot"
	case a.Chars.Count(A) == 2:
		return "classic shot"
	case a.Chars.Count(V) == 2:
		return "shot in motion"
	}
	return "basic shot"
}

// ParseAttack reads an --attack spec: "AP:CHARS[:EFFECTS]" for melee ("2:PA",
// "3:PPA:PP"), "shot:AP:CHARS[:EFFECTS]" for shots ("shot:2:AV"), "bunt",
// "bite", "trample", or "card" ("card:N": the Nth) for a special attack its
// card defines. Effects left out are chosen by the attack policy.
// The result is not checked against the rules; see Exchange.Check.
func ParseAttack(spec string) (a Attack, effectsGiven bool, err error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	switch s {
	case "bunt":
		return Attack{Kind: Bunt, AP: 2}, true, nil
	case "bite":
		return Attack{Kind: Bite, AP: 2}, true, nil
	case "trample":
		return Attack{Kind: Trample, AP: 2, Chars: CharsOf(C, C)}, true, nil
	case "card":
		return Attack{Kind: Card, AP: 2}, true, nil
	}
	if n, ok := strings.CutPrefix(s, "card:"); ok {
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 || k > 9 {
			return a, false, fmt.Errorf("attack %q: want card or card:N, N from 1 to 9 (the card's Nth special attack)", spec)
		}
		return Attack{Kind: Card, AP: 2, CardIndex: uint8(k - 1)}, true, nil
	}
	s, a.Vivid = strings.CutSuffix(s, vividSuffix)
	parts := strings.Split(s, ":")
	a.Kind = Melee
	if parts[0] == "shot" {
		a.Kind = Shot
		parts = parts[1:]
	}
	if len(parts) < 2 || len(parts) > 3 {
		return a, false, fmt.Errorf("attack %q: want AP:CHARS[:EFFECTS], shot:AP:CHARS[:EFFECTS], bunt, bite, trample or card", spec)
	}
	a.AP, err = strconv.Atoi(parts[0])
	if err != nil || a.AP < 1 || a.AP > 3 {
		return a, false, fmt.Errorf("attack %q: AP must be 1, 2 or 3 (R7)", spec)
	}
	var ok bool
	if a.Chars, ok = ParseChars(strings.ToUpper(parts[1])); !ok {
		return a, false, fmt.Errorf("attack %q: characteristics must be letters among V, P, A, C, at most three (R7)", spec)
	}
	if len(parts) == 3 {
		if a.Effects, ok = ParseChars(strings.ToUpper(parts[2])); !ok {
			return a, false, fmt.Errorf("attack %q: effects must be letters among V, P, A, C (R10)", spec)
		}
		effectsGiven = true
	}
	return a, effectsGiven, nil
}

// Defence is a defence choice (R5, R7, R11, R13).
type Defence struct {
	// None is no defence at all: a stunned Safar, or a dazed one with no AP left,
	// cannot defend (R17), so the attack succeeds unless it is a CF.
	None  bool
	AP    int   // 0 is the reflex defence
	Chars Chars // engaged characteristics
	// Shield uses the shield: its bonus, a box ticked (two on a CF), a CH stops the
	// attack outright (R13).
	Shield bool
	// Discard discards an intact shield to stop the attack and its effects, except the
	// critical-hit bonus damage (R13).
	Discard bool
	// Counter is the characteristic dealt as damage after a successful 2 or 3 AP
	// defence (R11); CounterDamage reports whether damage is dealt at all.
	Counter       Char
	CounterDamage bool
	// Effect is the effect applied after a successful 2 AP (instead of damage) or
	// 3 AP (with damage) defence; HasEffect reports whether there is one.
	Effect    Char
	HasEffect bool
	// Effect2 is the second effect of a successful 3 AP defence with Riposte
	// (skills.md #24); HasEffect2 reports whether there is one.
	Effect2    Char
	HasEffect2 bool
	// Auto is its card's free automatic defence (skills.md section 3 F,
	// sim/autodefence.go): a 3 AP defence (its characteristics, counter and
	// effect) that costs no AP, rolls no die and stops the attack, once per
	// turn.
	Auto bool
}

// String writes the defence the way --defence reads it.
func (d Defence) String() string {
	var s string
	switch {
	case d.None:
		return "no defence"
	case d.Discard:
		return "discard shield"
	case d.Auto:
		return fmt.Sprintf("free 3:%s (its card)", d.Chars)
	case d.AP == 0:
		s = "reflex"
	default:
		s = fmt.Sprintf("%d:%s", d.AP, d.Chars)
	}
	if d.Shield {
		s += "+shield"
	}
	return s
}

// ParseDefence reads a --defence spec: "reflex", "AP:CHARS" ("1:A", "2:AC",
// "3:AAC"), optionally followed by "+shield", or "discard". "best" is handled by
// the caller.
func ParseDefence(spec string) (Defence, error) {
	s := strings.ToLower(strings.TrimSpace(spec))
	var d Defence
	if rest, ok := strings.CutSuffix(s, "+shield"); ok {
		d.Shield = true
		s = rest
	}
	switch s {
	case "reflex":
		return d, nil
	case "discard":
		d.Discard = true
		return d, nil
	}
	ap, chars, ok := strings.Cut(s, ":")
	n, err := strconv.Atoi(ap)
	if !ok || err != nil || n < 1 || n > 3 {
		return d, fmt.Errorf("defence %q: want reflex, AP:CHARS (1-3 AP), discard or best", spec)
	}
	d.AP = n
	if d.Chars, ok = ParseChars(strings.ToUpper(chars)); !ok {
		return d, fmt.Errorf("defence %q: characteristics must be letters among V, P, A, C (R7)", spec)
	}
	return d, nil
}

// RuleError is an impossible request: it names the rule it breaks.
type RuleError struct {
	Rule string // "R7", "R9", "rulebook Shooting - Range", ...
	Msg  string
}

// Error returns the message followed by the rule in parentheses.
func (e *RuleError) Error() string { return e.Msg + " (" + e.Rule + ")" }

func ruleErr(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

func charsIn(cs Chars, allowed ...Char) bool {
	for i := 0; i < cs.Len(); i++ {
		ok := false
		for _, a := range allowed {
			if cs.At(i) == a {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func effectsOK(eff, chars Chars) bool {
	for i := 0; i < eff.Len(); i++ {
		if eff.Count(eff.At(i)) > chars.Count(eff.At(i)) {
			return false
		}
	}
	return true
}

func weaponName(w *profiles.Equipment) string {
	if w == nil {
		return "bare hands"
	}
	return w.ID
}
