package sim

import (
	"fmt"
	"sort"

	"github.com/kharn-ages/kharn/profiles"
)

// Fields is a set of mastery fields.
type Fields uint8

// The mastery fields as bits.
const (
	FieldOffensive Fields = 1 << iota
	FieldDefensive
	FieldShooting
	FieldObjective
	FieldEsoteric
)

func fieldBit(f profiles.Field) Fields {
	switch f {
	case profiles.Offensive:
		return FieldOffensive
	case profiles.Defensive:
		return FieldDefensive
	case profiles.Shooting:
		return FieldShooting
	case profiles.Objective:
		return FieldObjective
	case profiles.Esoteric:
		return FieldEsoteric
	}
	return 0
}

// Skills holds the skills of a Safar that change an exchange, read from its card
// (rulings, "Skills that change an exchange").
type Skills struct {
	Brutality        int    // +X damage per P effect
	Bloodlust        int    // +X in attack against a bleeding target
	Duellist         int    // the opponent rerolls X dice, once per turn
	Savage           bool   // after an assault, every attack of the activation gets the bonus (fights)
	Heroic           Fields // one more die in these fields
	HeroicAttacks    uint8  // special attacks (bit 1<<Kind) with one more die: "heroic: bunt"
	Specialist       Fields // no CF in these fields
	Master           Fields // free reroll once per turn in these fields
	MasterWays       uint8  // the same on the esoteric actions of these ways only (bit i: profiles.Ways[i]; sim/magic_masterway.go)
	MasterNegotiate  bool   // the same on Convincing/negotiating only ("master: negotiating", sim/negotiation.go)
	HeroicWays       uint8  // Heroic on the esoteric actions of these ways only (bit i: profiles.Ways[i]; sim/magic_masterway.go)
	SpecialistWays   uint8  // Specialist on the esoteric actions of these ways only (the same bits)
	Executioner      bool   // +1D10 on a 3 AP attack, once per activation
	Sadistic         bool   // extra AP for extra damage on an undefended attack
	SkilledSwordsman bool   // the defender cannot spend more AP than the attacker
	Repelment        bool   // repel C instead of C/2
	Stable           bool   // not repelled by a strictly larger Safar, nor by Repelment
	SurvivalInstinct bool   // free V effect after a successful defence
	Harassment       bool   // free V effect once per activation on a successful attack
	// KeepMasteryOnCH: a mastery die spent on an attack roll that ends a CH
	// is not spent (a list's card_keeps_mastery_on_ch, sim/cardmastery.go).
	KeepMasteryOnCH bool
	HarassmentMelee bool // Harassment's precision: also on every 2 and 3 AP melee attack
	Riposte         bool // a successful 2 AP defence deals damage and an effect, 3 AP two effects
	Cunning         bool // 1 AP more after the defence roll: + a die or a characteristic
	Slender         bool // +1 per V effect to the roll; a C effect repels 1 toise at most
	Stealth         int  // in cover, + this to defences against shots (level by default)
	MasterPopinjay  bool // its shots ignore the -2 for being lower than the target
	TemboHide       bool // each 10 on level d10 cancels level base damage
	Bunt, Bite      bool // special attacks (R18)
	Trample         bool
	// Ambidextrous, Vivacity, MasterArcher and Bulky: skills.md #21, #33, #47,
	// #41 (sim/skills_more.go).
	Ambidextrous bool // a 3 AP attack as two 2 AP attacks, one per weapon (fights)
	Vivacity     bool // 1 AP more per A effect: a free attack of two characteristics
	MasterArcher bool // +1 damage on shots with a bow
	Bulky        bool // V effects move it little; loose, slippery, difficult ground does not slow it (fights)
	// Fearless: Fearless or Bound X, it takes no temerity test, a Bite's
	// included (skills.md #54, #52).
	Fearless bool
	// Aura holds the buffs that are no skill an ally's aura gives it while
	// it stands there (skills.md section 3, pattern D; sim/auragrants.go):
	// its stature on its shots, a free reroll per defence, daze on a CH.
	// No card sets them on itself: only an aura variant's Fighter has them.
	Aura profiles.AuraBuffs
	// Other lists the skills of the card that no exchange rule reads (Endurance,
	// Warlord, Reach, Berserk, Thick skin, ...), for "not modelled" warnings.
	Other []string
}

// exchangeSkills are the skill keywords an exchange models; anything else on a card
// is reported by Skills.Other.
var exchangeSkills = map[string]bool{
	"brutality": true, "bloodlust": true, "heroic": true, "specialist": true,
	"master": true, "executioner": true, "sadistic": true, "skilled swordsman": true,
	"repelment": true, "stable": true, "survival instinct": true, "harassment": true,
	"bunt": true, "bite": true, "trample": true, "riposte": true, "cunning": true, "slender": true, "stealth": true,
	"master popinjay": true, "tembo hide": true, "vivacity": true, "master archer": true,
	"fearless": true, "bound": true,
}

// ReadSkills extracts the exchange skills of a profile.
func ReadSkills(p *profiles.Profile) Skills {
	var s Skills
	for _, sk := range p.Skills {
		switch sk.Name {
		case "brutality":
			s.Brutality = sk.Value
		case "bloodlust":
			s.Bloodlust = sk.Value
		case "duellist":
			s.Duellist = sk.Value
		case "savage":
			s.Savage = true // a fight rule: it stays in Other for a single exchange
		case "heroic":
			if w := sk.FieldWay(); w != "" {
				s.HeroicWays |= wayBit(w) // sim/magic_masterway.go
				break
			}
			s.Heroic |= fieldBit(sk.Field)
			for k := Bunt; k <= Trample; k++ {
				if sk.Text == k.String() {
					s.HeroicAttacks |= 1 << k // skills.md #14: that special attack only
				}
			}
		case "specialist":
			if w := sk.FieldWay(); w != "" {
				s.SpecialistWays |= wayBit(w) // sim/magic_masterway.go
				break
			}
			s.Specialist |= fieldBit(sk.Field)
		case "master":
			if w := sk.MasterWay(); w != "" {
				s.MasterWays |= wayBit(w) // sim/magic_masterway.go
				break
			}
			if sk.Text == profiles.MasterNegotiating {
				s.MasterNegotiate = true // sim/negotiation.go
				break
			}
			s.Master |= fieldBit(sk.Field)
		case "executioner":
			s.Executioner = true
		case "sadistic":
			s.Sadistic = true
		case "skilled swordsman":
			s.SkilledSwordsman = true
		case "repelment":
			s.Repelment = true
		case "stable":
			s.Stable = true
		case "survival instinct":
			s.SurvivalInstinct = true
		case "harassment":
			s.Harassment = true
			s.HarassmentMelee = s.HarassmentMelee || sk.EveryMelee // its precision (skills.md #29)
		case "riposte":
			s.Riposte = true
		case "cunning":
			s.Cunning = true
		case "slender":
			s.Slender = true
		case "stealth":
			// skills.md #44: its level, or the printed value that replaces it.
			s.Stealth = sk.Value
			if s.Stealth == 0 {
				s.Stealth = max(p.Level, 1)
			}
		case "master popinjay":
			s.MasterPopinjay = true
		case "tembo hide":
			s.TemboHide = true
		case "fearless", "bound":
			s.Fearless = true
		case "bunt":
			s.Bunt = true
		case "bite":
			s.Bite = true
		case "trample":
			s.Trample = true
		default:
			readMoreSkill(&s, sk)
		}
		if !exchangeSkills[sk.Name] {
			s.Other = append(s.Other, sk.Name)
		}
	}
	sort.Strings(s.Other)
	return s
}

// Fighter is a Safar as it stands at the start of an exchange: its card, the
// equipment in hand and the state of its armour, shield, AP and mastery dice.
type Fighter struct {
	Profile *profiles.Profile
	Skills  Skills
	// Weapon is the weapon used for this action, melee or ranged; nil is bare hands.
	Weapon *profiles.Equipment
	// Melee and Ranged are the first melee and shooting weapons it carries (nil:
	// none), the ones a fight uses.
	Melee, Ranged *profiles.Equipment
	// Offhand is a second one-handed melee weapon held with a one-handed Melee
	// and no shield, nil otherwise: "the player must choose the one that is used
	// for the action" (seed 000 line 1722, seed 004 line 1634), so a fight lists
	// the attacks of both and defends with either (sim/fight.go options).
	Offhand *profiles.Equipment
	// Shield is the shield carried, nil if none; ShieldBoxes its unticked boxes.
	Shield      *profiles.Equipment
	ShieldBoxes int
	// Helmet is the helmet worn, nil if none (sim/helmet.go); HelmetBoxes its
	// unticked boxes, for a helmet whose effect wears out (0 otherwise).
	Helmet      *profiles.Equipment
	HelmetBoxes int
	// Armour is the armour worn, nil if none; ArmourBoxes its unticked boxes.
	Armour      *profiles.ArmourStats
	ArmourBoxes int
	// Under is an armour worn in addition to Armour (stacks_with_armour,
	// sim/armour_slots.go), nil if none; UnderBoxes its unticked boxes.
	Under      *profiles.ArmourStats
	UnderBoxes int
	// PoisonDoses is the number of poison doses it carries (sim/poison.go).
	PoisonDoses int
	// Items are what its items do in fights (sim/items.go): mastery-reroll
	// charms, healing flasks, antidotes, poison on a defence and immunity.
	Items ItemEffects
	// AP is the number of AP the Safar still has (R14).
	AP int
	// Dice is the number of dice it rolls per action: its level minus the mastery
	// dice spent since its activation, never below 1 (R1, R4).
	Dice int
	// Mastery holds the fields of each unspent mastery die.
	Mastery []Fields
	// Bleeding reports whether it suffers from a bleeding effect (for Bloodlust).
	Bleeding bool
	// CriticalLower lowers the critical face of its attack and defence rolls
	// by this many: 1 until the start of the next turn once it passed its
	// temerity test as the last Safar of its side (seed 004 lines 1231-1232,
	// sim/critthresh.go).
	CriticalLower int
	// DefenceBonus adds to its defence totals: its card's defence_bonuses
	// while the Safars they name are in play (sim/ownrules.go); fights set
	// it through the plan key (statMod slot modDefence).
	DefenceBonus int
	// RollMod adds to the value of every attack and defence roll it makes:
	// -2 after a 1-3 on its card's activation_d10 (sim/turnroll.go); the CH
	// and the CF read the die as rolled. Fights set it through the plan key
	// (statMod slot modRoll).
	RollMod int
}

// NewFighter returns a fresh Safar of profile p carrying items (its loadout), with
// all its AP, dice, mastery dice and lifespan boxes. The first melee or ranged
// weapon in items is the one in hand; use WithWeapon to pick another. Items
// beyond p's base equipment give it the skills they grant: f.Profile is
// then a copy of p with them (profiles.HolderOf).
func NewFighter(p *profiles.Profile, items []*profiles.Equipment) *Fighter {
	p = profiles.HolderOf(p, items) // the skills its added items grant (catalogue.md 3.8)
	f := &Fighter{Profile: p, Skills: ReadSkills(p), AP: p.AP, Dice: max(p.Level, 1)}
	for _, m := range p.Mastery {
		var b Fields
		for _, fl := range m {
			b |= fieldBit(fl)
		}
		f.Mastery = append(f.Mastery, b)
	}
	if p.Armour != nil {
		f.Armour = p.Armour
		f.ArmourBoxes = p.Armour.Boxes
	}
	worn := false // an armour item is worn: it replaces the printed one
	for _, it := range items {
		switch it.Kind {
		case profiles.KindMelee, profiles.KindRanged:
			if f.Weapon == nil {
				f.Weapon = it
			}
			// A second copy of the weapon in hand is an off-hand weapon too
			// (profiles/copies.go): two daggers.
			if it.Kind == profiles.KindMelee && f.Melee != nil && f.Offhand == nil && it.Hands == 1 {
				f.Offhand = it
			}
			if it.Kind == profiles.KindMelee && f.Melee == nil {
				f.Melee = it
			}
			if it.Kind == profiles.KindRanged && f.Ranged == nil {
				f.Ranged = it
			}
		case profiles.KindShield:
			if f.Shield == nil {
				f.Shield = it
				f.ShieldBoxes = it.ShieldBoxes
			}
		case profiles.KindHelmet:
			if f.Helmet == nil {
				f.Helmet = it
				f.HelmetBoxes = it.HelmetBoxes
			}
		case profiles.KindArmour:
			wearArmour(f, p, it.Armour, &worn) // sim/armour_slots.go
		}
	}
	if f.Offhand != nil && (f.Melee.Hands != 1 || f.Shield != nil) {
		f.Offhand = nil // two hands: one weapon and its other hand's shield, or a two-handed one
	}
	wearWeaponArmour(f) // a weapon that also protects (sim/armour_slots.go)
	f.PoisonDoses = poisonDoses(items)
	f.Items = itemEffects(items)
	ambidextrousRiposte(f)
	return f
}

// WithWeapon returns a copy of f holding w (nil for bare hands).
func (f *Fighter) WithWeapon(w *profiles.Equipment) *Fighter {
	g := *f
	g.Weapon = w
	return &g
}

// Name returns the profile id, for messages.
func (f *Fighter) Name() string {
	if f.Profile == nil {
		return "?"
	}
	return f.Profile.ID
}

// Stats returns the characteristics of the Safar.
func (f *Fighter) Stats() profiles.Stats { return f.Profile.Stats }

// weaponEffects returns the effects of the weapon in hand (zero when bare-handed).
func (f *Fighter) weaponEffects() profiles.Effects {
	if f.Weapon == nil {
		return profiles.Effects{}
	}
	return f.Weapon.Effects
}

// String returns the profile id and the weapon in hand, for messages.
func (f *Fighter) String() string {
	w := "bare hands"
	if f.Weapon != nil {
		w = f.Weapon.ID
	}
	return fmt.Sprintf("%s (%s)", f.Name(), w)
}
