package profiles

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// CardAttack is a special attack that a card defines in its own rules rather
// than by a rulebook keyword (skills.md section 3, pattern I: the attached
// beasts' attack; a mount's own attack). Like the rulebook's special attacks
// (R18, seed 000 lines 874-892) it costs 2 AP, in the zone of control, and
// takes no effect; its total is its two engaged characteristics plus the
// level dice; a hit deals one characteristic as damage and may put bleeding
// on the target or daze it. A natural attack: no weapon, it ticks no armour
// box (R12). A data file writes it under the profile (or the mount):
//
//	special_attacks:
//	  - name: Coup de gueule   # the card's label
//	    chars: VV              # the two engaged characteristics, among V, P, A, C
//	    damage: V              # the one dealt as damage, an engaged one
//	    bleeding: 1            # bleeding put on the target by a hit (0-5)
//	    daze: false            # a hit dazes the target
//	    once_per_activation: false
//	    only_attack: true      # it makes no melee attack or shot of its own
//
// Its frequency is open in skills.md (pattern I): by default it is limited
// only by AP (the beasts' only attack); once_per_activation: true reads it as
// the rulebook's special attacks (once per activation, shared with Bunt, Bite
// and Trample). only_attack: true reads "it is their only attack" (the
// attached beasts, skills.md section 3 I): the Safar makes no ordinary melee
// attack or shot; its rulebook special attacks (Bite...) stay.
type CardAttack struct {
	Name              string
	Chars             [2]Char // the engaged characteristics
	Damage            Char    // the characteristic dealt as damage
	Bleeding          int     // bleeding put on the target by a hit
	Daze              bool    // a hit dazes the target
	OncePerActivation bool    // R18's limit instead of AP alone
	OnlyAttack        bool    // the Safar makes no ordinary melee attack or shot
	Pos               Pos
}

// CharSet is a set of characteristics.
type CharSet uint8

// Has reports whether c is in the set.
func (s CharSet) Has(c Char) bool { return s&(1<<c) != 0 }

// With returns the set with c added.
func (s CharSet) With(c Char) CharSet { return s | 1<<c }

// String lists the set's characteristics in card order, "P, A, C, T, I".
func (s CharSet) String() string {
	var out []string
	for c := V; c <= I; c++ {
		if s.Has(c) {
			out = append(out, c.String())
		}
	}
	return strings.Join(out, ", ")
}

var cardAttackFields = []string{"name", "chars", "damage", "bleeding", "daze", "once_per_activation", "only_attack"}

// cardAttacks decodes a special_attacks list.
func (d *decoder) cardAttacks(n *yaml.Node, field string) []CardAttack {
	elems, ok := d.sequence(n, field)
	if !ok {
		return nil
	}
	var out []CardAttack
	for i, e := range elems {
		if a, ok := d.cardAttack(e, index(field, i), ""); ok {
			out = append(out, a)
		}
	}
	return out
}

// DecodeCardAttack decodes one card-defined special attack from the YAML
// mapping n of the file called file, as a special_attacks entry is decoded,
// for other readers (the catalogue's hand mapping of card rules); name is the
// attack's name when n gives none. Every problem is reported at once, each as
// "file:line:col: field: message".
func DecodeCardAttack(file string, n *yaml.Node, field, name string) (CardAttack, error) {
	d := &decoder{file: file, budget: nodeBudget}
	a, _ := d.cardAttack(n, field, name)
	if len(d.errs) > 0 {
		return a, d.errs
	}
	return a, nil
}

// cardAttack decodes one card-defined special attack; name is its name when
// n gives none ("": the name is required).
func (d *decoder) cardAttack(n *yaml.Node, field, name string) (CardAttack, bool) {
	fields, ok := d.mapping(n, field)
	if !ok {
		return CardAttack{}, false
	}
	a := CardAttack{Name: name, Pos: d.pos(deref(n))}
	good := true
	var charsNode, damageNode *yaml.Node
	for _, f := range fields {
		ff := join(field, f.key)
		switch f.key {
		case "name":
			a.Name, ok = d.stringValue(f.v, ff)
			good = good && ok
		case "chars":
			charsNode = f.v
			s, ok := d.stringValue(f.v, ff)
			cs := []Char{}
			for i := 0; ok && i < len(s); i++ {
				c, okc := ParseChar(s[i : i+1])
				if !okc || c > C {
					ok = false
					break
				}
				cs = append(cs, c)
			}
			if !ok || len(cs) != 2 {
				if s != "" {
					d.errorf(deref(f.v), ff, "want two characteristics among V, P, A, C, e.g. VV or PA (2 AP engage two: R7, R18), got %q", s)
				}
				good = false
				continue
			}
			a.Chars = [2]Char{cs[0], cs[1]}
		case "damage":
			damageNode = f.v
			s, ok := d.stringValue(f.v, ff)
			c, okc := ParseChar(s)
			if !ok || !okc || c > C {
				if ok {
					d.errorf(deref(f.v), ff, "want one characteristic among V, P, A, C, got %q", s)
				}
				good = false
				continue
			}
			a.Damage = c
		case "bleeding":
			a.Bleeding, ok = d.intIn(f.v, ff, 0, 5, "bleeding must be from 0 to 5")
			good = good && ok
		case "daze":
			a.Daze, ok = d.boolValue(f.v, ff)
			good = good && ok
		case "once_per_activation":
			a.OncePerActivation, ok = d.boolValue(f.v, ff)
			good = good && ok
		case "only_attack":
			a.OnlyAttack, ok = d.boolValue(f.v, ff)
			good = good && ok
		default:
			d.unknown(f.k, ff, f.key, cardAttackFields)
		}
	}
	switch {
	case a.Name == "" || charsNode == nil || damageNode == nil:
		if good {
			d.errorf(deref(n), field, "name, chars and damage are required")
		}
		return a, false
	case good && a.Damage != a.Chars[0] && a.Damage != a.Chars[1]:
		d.errorf(deref(damageNode), join(field, "damage"), "damage comes from an engaged characteristic (R9): %s is not in %s%s", a.Damage, a.Chars[0], a.Chars[1])
		return a, false
	}
	return a, good
}

// checkCardAttacks reports the card attacks of p that engage a characteristic
// its card does not print (catalogue.md 4.5: a null characteristic cannot be
// engaged).
func (d *decoder) checkCardAttacks(p *Profile, field string) {
	for i, a := range p.SpecialAttacks {
		for _, c := range a.Chars {
			if p.NotPrinted.Has(c) {
				d.errs = append(d.errs, Error{Pos: a.Pos, Field: index(field, i) + ".chars",
					Msg: "engages " + c.String() + ", which the card does not print (stats: " + c.String() + ": ~)"})
				break
			}
		}
	}
}
