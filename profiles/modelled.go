package profiles

import "slices"

// Spells is what ComputedWithout names for a spellcaster whose way and spells
// the data does not give: it casts nothing in fights (SpellsNotPlayed).
const Spells = "spells"

// WaySkills are the skills that make a Safar cast spells: the five magic ways
// and Archimage (skills.md section 4: who casts).
var WaySkills = []string{SkillOsteomancy, SkillShamanism, SkillBloodAndSteel, SkillSacrificeWay, SkillAdansonia, SkillArchimage}

// CastsSpells reports whether p is a spellcaster: it carries a way skill
// (WaySkills) or a mastery die showing the esoteric field (rulebook "Magic":
// esoteric dice cast spells). Defensive magic skills alone (Awakened,
// Hermeticism, Immunity, Responsive) make no caster.
func CastsSpells(p *Profile) bool {
	for _, n := range WaySkills {
		if _, ok := p.Skill(n); ok {
			return true
		}
	}
	for _, d := range p.Mastery {
		if slices.Contains(d, Esoteric) {
			return true
		}
	}
	return p.Magic != nil && p.Magic.Way != ""
}

// PlayedInFights reports whether fights play the effect of l: damage and
// healing with an amount (sim/magic_fight.go); the other categories of
// skills.md 4.3 are computed by kharn odds --cast only.
func (l SpellLevel) PlayedInFights() bool {
	return (l.Effect == EffectDamage || l.Effect == EffectHealing) && l.Amount != nil
}

// SpellsNotPlayed returns what fights leave out of p's magic: Spells for a
// caster (CastsSpells) with no way in the data or no spell known (an imported
// caster whose list chooses its spells), which so casts nothing, and
// "spell ID (effect)" for each of its known spells with an effect fights do
// not play (PlayedInFights), or "spell ID (unknown spell)" for one the data
// set lacks.
func SpellsNotPlayed(p *Profile) []string {
	if p.Magic == nil || p.Magic.Way == "" {
		if CastsSpells(p) {
			return []string{Spells}
		}
		return nil
	}
	if len(p.Magic.Spells) == 0 {
		return []string{Spells}
	}
	var out []string
	for slot, id := range p.Magic.Spells {
		var s *Spell
		if slot < len(p.Magic.Known) {
			s = p.Magic.Known[slot]
		}
		if s == nil {
			out = append(out, "spell "+id+" (unknown spell)")
			continue
		}
		for _, l := range s.Levels {
			if !s.Played(l) {
				out = append(out, "spell "+id+" ("+string(l.Effect)+")")
				break
			}
		}
	}
	return out
}

// SadisticInFights is what ComputedWithout names for a Sadistic profile: the
// table of skills plays Sadistic in a single exchange only (kharn odds
// --sadistic; its Note), the fight policies never spend AP on it, as sim's
// "not modelled" lists say too.
const SadisticInFights = SkillSadistic + " (never used by the fight policies)"

// ComputedWithout returns what a fight result on p is computed without: the
// skills the engine does not play (NotModelledSkills), Sadistic (played in a
// single exchange only: SadisticInFights), then the spells fights do not play
// (SpellsNotPlayed), and what of its mount fights leave out
// (MountNotModelled). Empty means p is fully modelled for a
// fight; otherwise p is partly modelled and results on it say so ("fair cost
// computed without: ambush, spells").
func ComputedWithout(p *Profile) []string {
	out := NotModelledSkills(p)
	if _, ok := p.Skill(SkillSadistic); ok && !slices.Contains(out, SkillSadistic) {
		out = append(out, SadisticInFights)
	}
	out = append(out, SpellsNotPlayed(p)...)
	return append(out, MountNotModelled(p)...)
}

// FullyModelled reports whether the engine plays everything p does in a
// fight: ComputedWithout(p) is empty.
func FullyModelled(p *Profile) bool { return len(ComputedWithout(p)) == 0 }

// Fielded returns the loadout a list gives p: its base equipment when that
// holds a weapon; otherwise (weapons bought at recruitment, catalogue.md
// section 8: "no weapon in the base equipment") its base equipment plus its
// cheapest legal melee weapon, or its cheapest legal ranged weapon when no
// melee weapon is legal (a fight ends in melee, so a melee weapon comes
// first). Legal is what ds.Equip accepts: items reserved to others and a
// two-handed weapon with a shield are left out; at equal cost the first in
// the data set wins. armed reports whether p holds a weapon at all: false
// only when ds offers it none, and it fights bare-handed. A Safar whose
// card-defined special attack is its only attack (CardAttack.OnlyAttack: the
// attached beasts) buys no weapon: its base equipment, armed.
func (ds *DataSet) Fielded(p *Profile) (l Loadout, armed bool) {
	for _, a := range p.SpecialAttacks {
		if a.OnlyAttack {
			return Loadout{Profile: p}, true
		}
	}
	for _, id := range p.Equipment {
		if it := ds.item(id); it != nil && (it.Kind == KindMelee || it.Kind == KindRanged) {
			return Loadout{Profile: p}, true
		}
	}
	for _, kind := range []Kind{KindMelee, KindRanged} {
		var best *Loadout
		bestCost := 0
		for _, it := range ds.Equipment {
			if it.Kind != kind {
				continue
			}
			lo, err := ds.Equip(p, []string{it.ID}, nil)
			if err != nil {
				continue
			}
			if c := lo.Cost(ds); best == nil || c < bestCost {
				best, bestCost = &lo, c
			}
		}
		if best != nil {
			return *best, true
		}
	}
	return Loadout{Profile: p}, false
}
