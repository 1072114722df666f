package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/sim/dice"
)

// Variant selects the readings of the rules that the rulings file leaves as options.
// The zero Variant is the standard reading.
type Variant struct {
	// CHAutoSuccess: a CH on the attack always succeeds unless the defence is also a
	// CH (R2 option "ch-auto-success").
	CHAutoSuccess bool
	// ArmourLevelDice: armour rolls the wearer's level dice and keeps the best instead
	// of one d10 (R12 option "armour-level-dice").
	ArmourLevelDice bool
	// English reads the English starter rules (seed 000) where the French rules
	// (seed 004), the default, differ (R-FR option "english"): Stable resists
	// only a strictly larger Safar, difficult terrain halves velocity instead of
	// taking 2 off, deployment strips are 2 toises deep instead of 3.
	English bool
}

// VariantNames lists the option names ParseVariant accepts.
var VariantNames = []string{"ch-auto-success", "armour-level-dice", "english"}

// ParseVariant reads a comma-separated list of option names; "" and "standard" are
// the standard reading.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	for _, name := range strings.Split(s, ",") {
		switch strings.TrimSpace(strings.ToLower(name)) {
		case "", "standard":
		case "ch-auto-success":
			v.CHAutoSuccess = true
		case "armour-level-dice", "armor-level-dice":
			v.ArmourLevelDice = true
		case "english":
			v.English = true
		default:
			return v, fmt.Errorf("unknown rules variant %q (known: standard, %s)", name, strings.Join(VariantNames, ", "))
		}
	}
	return v, nil
}

// String returns "standard" or the option names joined with "+".
func (v Variant) String() string {
	var s []string
	if v.CHAutoSuccess {
		s = append(s, "ch-auto-success")
	}
	if v.ArmourLevelDice {
		s = append(s, "armour-level-dice")
	}
	if v.English {
		s = append(s, "english")
	}
	if len(s) == 0 {
		return "standard"
	}
	return strings.Join(s, "+")
}

// Policy holds the decisions of both sides that the rules leave to the players.
// The zero Policy spends no mastery die and answers every attack with the
// defender's best response.
type Policy struct {
	// AttackReroll spends a mastery die (R4) on the attack when the kept face is at
	// most this value, if a die of the field is left; 0 never spends one. The free
	// Master X reroll uses the same threshold.
	AttackReroll int
	// DefenceMastery spends a mastery die on the defence when the kept face would not
	// stop the announced total (R4, R5), if a defensive die is left.
	DefenceMastery bool
	// APValue is what one AP kept after the defence is worth, in HP, to the best
	// response; ties always go to the cheaper defence.
	APValue float64
	// Reserve, when set, replaces APValue: Reserve[k] is what holding k AP after the
	// defence is worth to the defender, in HP (a fight sets it from the damage the
	// attacker can still deal in its activation against k AP).
	Reserve *[8]float64
	// CounterStatus, when set, is what dazing or stunning the attacker with a
	// counter on a defence CH is worth to the defender (a fight sets it beside
	// the Reserve); when nil, those statuses are priced at APValue per AP they
	// take from the attacker (sim/countervalue.go).
	CounterStatus *CounterWorth
	// Defence, when set, is the defence against the main attack instead of the best
	// response. Free attacks from A effects are always met by the best response.
	Defence *Defence
	// Sadistic is the number of extra AP a Sadistic attacker spends for extra damage
	// on an undefended attack (skills list: Sadistic).
	Sadistic int
	// ReflexOnly restricts the defender to the reflex defence (a simple policy to
	// compare with).
	ReflexOnly bool
	// RandomDefence makes the sampler pick a legal defence at random instead of the
	// best response (a simple policy to compare with; the exact engine ignores it).
	RandomDefence bool
}

// DefaultPolicy is the policy of kharn odds: mastery dice spent on attack faces of 5
// or less and on defences that would fail, best response with AP kept worth nothing.
var DefaultPolicy = Policy{AttackReroll: 5, DefenceMastery: true}

// Exchange is one attack against one defence with everything that modifies it.
type Exchange struct {
	Attacker, Defender *Fighter
	Attack             Attack
	// Assault adds the attacker's stature to a melee attack (R8).
	Assault bool
	// Support and DefenceSupport are the support bonus of the side that
	// outnumbers the other in this melee (R8): +1 per supporting ally, or a
	// card's own bonus (+3: skills.md section 3, pattern S, sim/support.go);
	// at most one of them is non-zero.
	Support, DefenceSupport int
	// SupportStature and DefenceSupportStature sum the statures of the attacker's
	// and the defender's supporters in this melee: a C effect repels when the
	// winner's stature plus its supporters' is at least the loser's (R10, seed 000
	// line 814).
	SupportStature, DefenceSupportStature int
	// Supported and DefenceSupported report whether the attacker and the
	// defender have a supporter in this melee, outnumbering or not: only a lone
	// smaller winner repels with CC (R10, seed 000 line 870, seed 004 line 813).
	Supported, DefenceSupported bool
	// AttackerSlippery and DefenderSlippery: the Safar stands on slippery ground,
	// where Stable has no effect (R-FR, seed 000 line 653, seed 004 line 588).
	AttackerSlippery, DefenderSlippery bool
	// DefenderTemerity adds to the defender's temerity tests (a Bite's, R18): +1 in
	// its leader's aura (seed 000 line 402).
	DefenderTemerity int
	// Range is the distance of a shot in toises; 0 means the start of the weapon's
	// effective range.
	Range float64
	// Height is the shooter's height above the target in toises (R8: +2 above 2
	// toises, -2 below -2).
	Height float64
	// Cover is the target's cover bonus against a shot (rulebook "Cover").
	Cover int
	// ExecutionerUsed marks Executioner as already used this activation.
	ExecutionerUsed bool
	// HarassmentUsed marks Harassment as already used this activation (skills
	// list: once per activation).
	HarassmentUsed bool
	// DefenderDazed: every defence costs the defender 1 AP more, and with no AP
	// left it cannot defend (R17). DefenderStunned: it cannot defend at all.
	DefenderDazed, DefenderStunned bool
	// AttackerBerserk adds the attacker's P to its damage; DefenderBerserk keeps the
	// defender from spending AP on defences (skills list: Berserk X).
	AttackerBerserk, DefenderBerserk bool
	// DefenderAlert: the defender is on the alert (generic action, seed 000
	// line 1204, seed 004 line 1142): its main defence adds one characteristic
	// of its choice, its highest, for free; the defences of the free attacks
	// that follow are later defensive actions and do not.
	DefenderAlert bool
	// DefenderWarned: an ally shouted a warning (generic action, seed 000
	// lines 1238-1244, seed 004 lines 1098-1102): the main defence is the free
	// "non modifiable" defence of two characteristics, with no shield. The 2 AP
	// it is played with are given by the caller: Defender.AP includes them (the
	// fight engine adds them and takes back what is left).
	DefenderWarned bool
	// AttackerFate and DefenderFate: the attacker or the defender holds the
	// reroll of a dice-tool spell (rooted-fate: "the ally may reroll one die of
	// its next roll"; sim/fate.go), good for its main roll of this exchange:
	// the attack roll, or the defence roll against the main attack.
	AttackerFate, DefenderFate bool
	// AttackerForced and DefenderForced: the attacker or the defender is
	// under an enemy's forced reroll of a dice-tool spell ("force an enemy
	// reroll"; sim/forced.go) for its main roll of this exchange: its highest
	// die is rolled again when the roll is good for it.
	AttackerForced, DefenderForced bool
	// AttackerFixed and DefenderFixed: the result of the attacker's or the
	// defender's main roll of this exchange is fixed by a dice-tool spell ("a
	// roll's result fixed at the caster's I + 2"; sim/fixed.go), at this value
	// (capped at 10); 0: rolled.
	AttackerFixed, DefenderFixed int
	// AttackerStored and DefenderStored: the attacker or the defender holds a
	// d10 kept by a dice-tool spell ("a d10 kept to replace a later one";
	// sim/stored.go), this face (1-10), for its main roll of this exchange;
	// 0: none.
	AttackerStored, DefenderStored int
	// BeyondCounterReach: the attacker stands beyond the defender's counter
	// reach (its weapon's reach, a reach in defence only, its natural Reach X
	// or its zone of control): a successful 2 or 3 AP defence still stops the
	// attack but deals no counter damage and applies no effect, nor a poison
	// dose (seed 000 lines 1098 and 1644, seed 004 lines 1508-1510: damage and
	// effects "as far as X"). The fight engine sets it from where the two
	// stand; a duel's exchanges after an assault are in base contact.
	BeyondCounterReach bool
	// AttackBonus adds to the attack threshold (the engaged characteristics
	// plus the kept die, seed 004 lines 242 and 605-607) and DamageBonus to
	// the damage of the main attack, not its free attacks: the precision of
	// an ambusher's card on its first attack after the reveal (skills.md #18,
	// sim/ambush.go).
	AttackBonus, DamageBonus int
	// GuardBonus adds to the defence against the main attack (not the free
	// attacks of its A effects, later defensive actions) of a Safar that
	// defends in place of an ally by its card's rule, "+4 to that defence"
	// (skills.md section 3, pattern A; sim/guard.go).
	GuardBonus int
	// DefenderHurt: the defender has lost HP, so it no longer has all its
	// HP; the zero value is a defender at full HP, as a fresh card. A Bite
	// doubled against an unhurt target reads it (bite_double_unhurt,
	// sim/ownrules.go).
	DefenderHurt bool
	// AttackerCFReroll and DefenderCFReroll: the attacker's or the
	// defender's Spearhead still holds its free CF reroll of the game (a
	// card's cf_reroll_once_per_game, skills.md section 3, pattern D;
	// sim/auragrants.go), good for its main roll of this exchange: the
	// attack roll, or the defence roll against the main attack.
	AttackerCFReroll, DefenderCFReroll bool
	// DefenderAutoUsed: the defender's card's free automatic defence of the
	// turn is used (free_auto_defence, sim/autodefence.go); the zero value
	// has it available. The option tables of fights set it, so that they
	// value attacks on it as without the rule.
	DefenderAutoUsed bool
	// DefenderShotReady: the defender's card lets its Riposte's A effect be
	// a free shot (riposte_shot, sim/riposteshot.go) and its shooting weapon
	// is loaded: its Riposte defences engaging A take the A effect first.
	DefenderShotReady bool
	// DoubleDamage: the attacker's attacks (the main one and its free
	// attacks) deal double damage, a special card's rule against a poisoned
	// target (skills.md 3.2; sim/carddouble.go): the damage before the range
	// modifier and armour, its CH bonus included, times 2 (damageSpec.parts).
	// Not its counter damage as a defender.
	DoubleDamage bool
	// PiercingShot: the shot is of armour-piercing ammunition
	// (catalogue.md 4.7; sim/piercing.go): armour-piercing 1 (R12) unless
	// its weapon has its own. Shots only.
	PiercingShot bool
	// HeroicAttack: the attacker has Heroic attack for this exchange (one
	// more die on its melee attacks, skills.md #14), a special card's rule
	// against an enemy bleeding from its attack (skills.md 3.2;
	// sim/cardheroic.go).
	HeroicAttack bool
	// CritDrain: a CH of the attacker's successful 2 or 3 AP combat attack
	// (not a shot) adds no CH bonus to its damage (R9, R9a: the stature; a
	// Bite's bleeding 2, R18): a special card's "3 AP instead of the CH
	// bonus in combat" (skills.md 3.2; sim/cardcrit.go), the AP taken by the
	// fight after the exchange.
	CritDrain bool
	Variant   Variant
	Policy    Policy
}

// field returns the mastery field of the attack.
func (ex *Exchange) field() Fields {
	if ex.Attack.Kind == Shot {
		return FieldShooting
	}
	return FieldOffensive
}

// Check returns an error naming the rule when the exchange cannot happen as given.
func (ex *Exchange) Check() error {
	if ex.Attacker == nil || ex.Defender == nil {
		return errors.New("sim: exchange needs an attacker and a defender")
	}
	a := ex.Attack
	att := ex.Attacker
	w := att.weaponEffects()
	if a.AP > att.AP+0 && !a.Free {
		return ruleErr("R14", "%s has %d AP, the attack costs %d", att.Name(), att.AP, a.AP)
	}
	if !printed(att.Profile, a.Chars) {
		return errNotPrinted(att, a.Chars)
	}
	switch a.Kind {
	case Card:
		ca := att.cardAttack(a)
		if ca == nil {
			return ruleErr("skills.md section 3 I", "%s's card defines no special attack %s", att.Name(), a)
		}
		if a.Chars != cardChars(ca) {
			return ruleErr("skills.md section 3 I", "%s engages %s, got %s", ca.Name, cardChars(ca), a.Chars)
		}
		if a.Effects.Len() > 0 {
			return ruleErr("R18", "special attacks have no effects")
		}
		return ex.checkCommon()
	case Bunt, Bite, Trample:
		has := map[Kind]bool{Bunt: att.Skills.Bunt, Bite: att.Skills.Bite, Trample: att.Skills.Trample}[a.Kind]
		if !has {
			return ruleErr("R18", "%s has no %q keyword on its card", att.Name(), a.Kind)
		}
		if a.Kind == Trample {
			if a.Chars != CharsOf(C, C) {
				return ruleErr("R18", "trample engages C+C")
			}
		} else if a.Chars.Len() != 2 || !charsIn(a.Chars, V, P, A, C) {
			return ruleErr("R18", "%s engages 2 characteristics among V, P, A, C", a.Kind)
		}
		if a.Effects.Len() > 0 {
			return ruleErr("R18", "special attacks have no effects")
		}
		return ex.checkCommon()
	}
	if ca := att.onlyCardAttacks(); ca != nil && !a.Free {
		return ruleErr("skills.md section 3 I", "%s attacks only with its card's %s and its special attacks", att.Name(), ca.Name)
	}
	if a.Chars.Len() != a.AP {
		return ruleErr("R7", "%d AP engage %d characteristic(s), got %d (%s)", a.AP, a.AP, a.Chars.Len(), a.Chars)
	}
	for _, c := range []Char{V, P, A, C} {
		if a.Chars.Count(c) > 2 {
			return ruleErr("R7", "no characteristic more than twice in one action (%s)", a.Chars)
		}
	}
	if a.Kind == Melee {
		if !charsIn(a.Chars, V, P, A, C) {
			return ruleErr("R7", "melee attacks engage V, P, A or C, got %s", a.Chars)
		}
		if att.Weapon != nil && att.Weapon.Kind == profiles.KindRanged {
			return ruleErr("R7", "%s is a shooting weapon: melee attacks are made bare-handed or with a melee weapon", att.Weapon.ID)
		}
	} else {
		if !charsIn(a.Chars, V, A) {
			return ruleErr("R7", "shots engage only V and A, got %s", a.Chars)
		}
		if a.AP == 3 && a.Chars.Count(A) != 2 && a.Chars.Count(V) != 2 {
			return ruleErr("R7", "a precise shot is AAV or VVA, got %s", a.Chars)
		}
		if att.Weapon == nil || att.Weapon.Kind != profiles.KindRanged {
			return ruleErr("rulebook Shooting", "%s shoots with no shooting weapon in hand (%s)", att.Name(), weaponName(att.Weapon))
		}
		if r := w.Range; r != nil && r.Max > 0 && ex.shotRange() > r.Max {
			return ruleErr("rulebook Shooting - Range", "target at %.1f toises is out of range for %s (max %.1f)", ex.shotRange(), att.Weapon.ID, r.Max)
		}
	}
	for _, c := range w.NoAttackWith {
		if a.Chars.Has(c) {
			return ruleErr("R9", "%s: no attack with %s", weaponName(att.Weapon), c)
		}
	}
	if len(w.AttackAP) > 0 && !a.Free {
		ok := false
		for _, ap := range w.AttackAP {
			ok = ok || ap == a.AP
		}
		if !ok {
			return ruleErr("R9", "%s allows attacks of %v AP only, not %d", weaponName(att.Weapon), w.AttackAP, a.AP)
		}
	}
	if a.AP == 1 && a.Effects.Len() > 0 {
		return ruleErr("R9", "a 1 AP attack applies no effect")
	}
	if a.Effects.Len() > a.AP-1 && a.AP > 1 {
		return ruleErr("R9", "%d AP apply at most %d effect(s), got %s", a.AP, a.AP-1, a.Effects)
	}
	if !ex.effectsLegal(a) { // sim/ownrules.go: vv_power_effect
		return ruleErr("R10", "effects %s must come from the engaged characteristics %s", a.Effects, a.Chars)
	}
	if !ownEffectsAllowed(att, a) {
		return ruleErr("skills.md section 3 F", "%s's card allows only the %s effects in attack, got %s", att.Name(), att.Profile.Own.AttackEffects, a.Effects)
	}
	if a.Kind == Shot && !charsIn(a.Effects, V, A) {
		return ruleErr("R10", "shots apply only V or A effects")
	}
	for _, c := range w.NoEffectWith {
		if a.Effects.Has(c) {
			return ruleErr("R10", "%s: no effect with %s", weaponName(att.Weapon), c)
		}
	}
	if !a.Fixed && a.AP > 1 && !a.Chars.Has(a.DamageChar) {
		return ruleErr("R9", "damage comes from an engaged characteristic: %s is not in %s", a.DamageChar, a.Chars)
	}
	if a.Fixed && w.FixedDamage == nil {
		return ruleErr("R9", "%s has no fixed damage", weaponName(att.Weapon))
	}
	if err := ex.checkVivid(); err != nil {
		return err
	}
	return ex.checkCommon()
}

func (ex *Exchange) checkCommon() error {
	if ex.Support > 0 && ex.DefenceSupport > 0 {
		return ruleErr("R8", "only the side that outnumbers the other gets support")
	}
	if ex.GuardBonus < 0 {
		return ruleErr("skills.md section 3 A", "a substitute's defence bonus is not negative, got %d", ex.GuardBonus)
	}
	if ex.Support < 0 || ex.DefenceSupport < 0 {
		return ruleErr("R8", "support is a bonus of the supporting allies, not negative")
	}
	if ex.Attack.Kind == Shot && (ex.Support > 0 || ex.DefenceSupport > 0 || ex.Assault) {
		return ruleErr("R8", "support and assault apply to melee, not to shots")
	}
	if ex.Policy.Sadistic > 0 && !ex.Attacker.Skills.Sadistic {
		return ruleErr("skills: Sadistic", "%s does not have Sadistic", ex.Attacker.Name())
	}
	if ex.Policy.Sadistic > ex.Attacker.AP-ex.Attack.AP {
		return ruleErr("skills: Sadistic", "%s has %d AP left after the attack, wants %d for Sadistic", ex.Attacker.Name(), ex.Attacker.AP-ex.Attack.AP, ex.Policy.Sadistic)
	}
	if d := ex.Policy.Defence; d != nil {
		return ex.CheckDefence(*d, false)
	}
	return nil
}

// CheckDefence returns an error naming the rule when d cannot answer the attack;
// free reports whether the attack is the free attack of an A effect.
func (ex *Exchange) CheckDefence(d Defence, free bool) error {
	return ex.checkDefence(d, free, true)
}

// errIllegal is what checkDefence returns when the caller only asks whether a
// defence is legal: formatting every rejected candidate's message cost 18% of an
// exact exchange.
var errIllegal = errors.New("sim: illegal defence")

func (ex *Exchange) checkDefence(d Defence, free, describe bool) error {
	// Each refusal answers errIllegal before its message's arguments are
	// built: the plans ask without describe (Exchange.candidates), and boxing
	// the arguments of a message never written was most of what a warm battle
	// still allocated (issue #13, TestCheckDefenceAllocs).
	def := ex.Defender
	a := ex.Attack
	if d.Discard {
		if def.Shield == nil || def.ShieldBoxes < def.Shield.ShieldBoxes || def.ShieldBoxes == 0 {
			if !describe {
				return errIllegal
			}
			return ruleErr("R13", "only an intact shield can be discarded")
		}
		return nil
	}
	if d.AP > def.AP && !d.Auto { // its card's free automatic defence costs none (sim/autodefence.go)
		if !describe {
			return errIllegal
		}
		return ruleErr("R14", "%s has %d AP left, the defence costs %d", def.Name(), def.AP, d.AP)
	}
	if o := &def.Profile.Own; o.NoReflexDefence && d.AP == 0 || o.DefenceDamageOnly && (d.HasEffect || d.HasEffect2) {
		// Its card (skills.md section 3 F, sim/ownrules.go): no defence
		// without characteristics; its defences deal damage only.
		if !describe {
			return errIllegal
		}
		if d.AP == 0 {
			return ruleErr("skills.md section 3 F", "%s's card: it makes no defence without characteristics (no reflex defence)", def.Name())
		}
		return ruleErr("skills.md section 3 F", "%s's card: its successful defences deal damage only, never effects", def.Name())
	}
	if d.Chars.Len() != d.AP {
		if !describe {
			return errIllegal
		}
		return ruleErr("R7", "%d AP engage %d characteristic(s), got %d (%s)", d.AP, d.AP, d.Chars.Len(), d.Chars)
	}
	if !printed(def.Profile, d.Chars) {
		if !describe {
			return errIllegal
		}
		return errNotPrinted(def, d.Chars)
	}
	inVPAC, atMostTwice := combatChars(d.Chars) // sim/exact_legal.go
	if !inVPAC {
		if !describe {
			return errIllegal
		}
		return ruleErr("R7", "defences engage V, P, A or C, got %s", d.Chars)
	}
	if !atMostTwice {
		if !describe {
			return errIllegal
		}
		return ruleErr("R7", "no characteristic more than twice in one action (%s)", d.Chars)
	}
	if d.AP > 0 {
		shared := false
		for i := 0; i < d.Chars.Len(); i++ {
			shared = shared || a.Chars.Has(d.Chars.At(i))
		}
		if !shared && a.Chars.Len() > 0 {
			if !describe {
				return errIllegal
			}
			return ruleErr("R7", "a defence that spends AP engages at least one characteristic of the attack (%s)", a.Chars)
		}
	}
	if (free || a.Free) && d.AP > 2 {
		if !describe {
			return errIllegal
		}
		return ruleErr("R7", "the free attack of an A effect cannot be defended with more than two characteristics")
	}
	if ex.Attacker.Skills.SkilledSwordsman && a.Kind == Melee && d.AP > a.AP && !free {
		if !describe {
			return errIllegal
		}
		return ruleErr("skills: Skilled swordsman", "%s is a skilled swordsman: the defence cannot spend more AP (%d) than the attack (%d)", ex.Attacker.Name(), d.AP, a.AP)
	}
	if a.Kind == Shot && a.ShotName() == "basic shot" && d.AP > 0 {
		st := def.Stats()
		low := A
		if st.V < st.A {
			low = V
		}
		if !d.Chars.Has(low) && st.A != st.V {
			if !describe {
				return errIllegal
			}
			return ruleErr("rulebook basic shot (seed 000 line 1019)", "against a basic (AV) shot the defender uses first its lower characteristic between A and V (%s)", low)
		}
	}
	if d.Shield && (def.Shield == nil || def.ShieldBoxes == 0) {
		if !describe {
			return errIllegal
		}
		return ruleErr("R13", "%s has no usable shield", def.Name())
	}
	return nil
}

// shotRange returns the distance of a shot, the start of the effective range by default.
func (ex *Exchange) shotRange() float64 {
	if ex.Range > 0 {
		return ex.Range
	}
	if r := ex.Attacker.weaponEffects().Range; r != nil {
		return r.Short
	}
	return 0
}

// rangeModifier returns the damage modifier of the shot's range band, applied last
// (rulebook "Shooting - Range"; FR example "Arc 3/6": short range is [0,3)).
func (ex *Exchange) rangeModifier() int {
	r := ex.Attacker.weaponEffects().Range
	if r == nil || ex.Attack.Kind != Shot {
		return 0
	}
	d := ex.shotRange()
	switch {
	case d < r.Short:
		return 1
	case d > r.Long:
		if ex.Attack.AP == 3 {
			return 0 // a precise shot ignores the range and height malus
		}
		return -3
	}
	return 0
}

// attackModifier returns what adds to the attack's dice: characteristics, weapon
// bonus, assault, support, Bloodlust, height (R7, R8).
func (ex *Exchange) attackModifier(a Attack) int {
	att := ex.Attacker
	m := a.Chars.Sum(att.Stats()) + att.weaponEffects().AttackBonus
	if a.Kind.Special() {
		m -= att.weaponEffects().AttackBonus // natural attacks use no weapon
	}
	if a.Kind != Shot {
		if ex.Assault && !a.Free {
			m += att.Profile.Stature
		}
		m += ex.Support
	} else {
		if att.Skills.Aura.ShotStature {
			// An ally's aura: its stature on its shots (skills.md section 3,
			// pattern D; on the threshold, as an assault's, seed 000 l.709).
			m += att.Profile.Stature
		}
		switch {
		case ex.Height > 2:
			m += 2
		case ex.Height < -2 && a.AP != 3 && !att.Skills.MasterPopinjay:
			m -= 2 // Master Popinjay ignores it (skills.md #45, seed 000 line 1640)
		}
	}
	if ex.Defender.Bleeding {
		m += att.Skills.Bloodlust
	}
	if !a.Free {
		m += ex.AttackBonus
	}
	if att.Skills.Slender {
		m += a.Effects.Count(V) // Slender (skills.md #28): +1 per V effect announced
	}
	m += att.RollMod // its card's activation_d10, on all its dice (sim/turnroll.go)
	return m
}

// attackPool returns the attack's dice (R1-R4); dice is the attacker's current pool,
// mastery and master whether a mastery die and the Master X reroll (once per turn)
// are still available, tools the dice tools of spells on the roll: a reroll
// the attacker holds (sim/fate.go), an enemy's forced reroll (sim/forced.go),
// a fixed result (sim/fixed.go).
func (ex *Exchange) attackPool(a Attack, diceN int, mastery, master bool, tools toolBits) dice.Pool {
	att := ex.Attacker
	w := att.weaponEffects()
	f := ex.field()
	p := dice.Pool{Dice: diceN, CritFrom: 10, CFMax: 1}
	if att.Skills.Heroic&f != 0 || a.Kind.Special() && att.Skills.HeroicAttacks&(1<<a.Kind) != 0 ||
		ex.HeroicAttack && f == FieldOffensive && !a.Kind.Special() { // sim/cardheroic.go
		p.Dice++ // R1 + Heroic: in its field, or on the one special attack it names
	}
	if !a.Kind.Special() && w.CriticalFrom >= 2 {
		p.CritFrom = w.CriticalFrom
	}
	p.CritFrom = ownCriticalFrom(att, p.CritFrom) // its card's critical_from (sim/ownrules.go)
	if a.Kind == Shot {
		p.CFMax = 2
		if a.ShotName() == "basic shot" {
			p.CFMax = 3 // R3: the AV shot fails on 1-3
		}
	}
	if att.Skills.Specialist&f != 0 || (!a.Kind.Special() && w.NoCFAttack) {
		p.CFMax = 0
	}
	p.CritFrom = att.criticalFace(p.CritFrom, p.CFMax) // sim/critthresh.go
	if mastery && !a.Free {
		p.Reroll = ex.Policy.AttackReroll
	}
	p.RerollBonus = att.rerollBonus(f) // a charm (sim/items.go)
	if master && att.Skills.Master&f != 0 && !a.Free {
		p.RerollAll = ex.Policy.AttackReroll
	}
	if a.Free {
		return p
	}
	if tools.has(toolFate) {
		p.Fate = fateAttackReroll
	}
	if tools.has(toolForced) {
		p.ForcedFrom = forcedAttackFrom
	}
	if tools.has(toolBoost) {
		p.Boost = fateAttackReroll // an ally's aura's +1D10 on a poor roll (sim/auragrants.go)
	}
	p.CFReroll = ex.AttackerCFReroll // the Spearhead's CF reroll of the game (sim/auragrants.go)
	p.Fixed, p.Stored = tools.fixed(), tools.stored()
	return p
}

// defenceModifier returns what adds to the defence dice: characteristics, weapon and
// shield bonuses, support, cover (R8, R13).
func (ex *Exchange) defenceModifier(a Attack, d Defence) int {
	m := ex.defenceMods(a)
	return m.of(&d)
}

// defMods is what defenceModifier adds for every defence against one attack,
// worked out once: plan.undominated asks it of every legal defence (issue
// #13). The sums are of integers: the same values in any order.
type defMods struct {
	stats   profiles.Stats
	all     int  // the weapon's defence bonus, and cover (with Stealth) or support
	defends int  // the guard bonus and an alert defender's best characteristic: not with no defence, nor against a free attack
	shield  int  // the shield's defence bonus, for a defence with the shield
	own     int  // its card's defence bonus (sim/ownrules.go) and dice modifier (sim/turnroll.go): not with no defence, nor a discard
	slender bool // Slender (skills.md #28): +1 per V effect announced
}

// defenceMods returns the parts of defenceModifier that do not depend on the
// defence.
func (ex *Exchange) defenceMods(a Attack) defMods {
	def := ex.Defender
	m := defMods{stats: def.Stats(), all: def.weaponEffects().DefenceBonus, slender: def.Skills.Slender}
	if !a.Free {
		m.defends += ex.GuardBonus // skills.md section 3, pattern A (sim/guard.go)
		if ex.DefenderAlert {
			st := m.stats
			m.defends += max(st.V, st.P, st.A, st.C)
		}
	}
	if def.Shield != nil {
		m.shield = def.Shield.Effects.DefenceBonus
	}
	if a.Kind == Shot {
		m.all += ex.Cover
		if ex.Cover > 0 {
			m.all += def.Skills.Stealth // Stealth (skills.md #44): in cover, + its level
		}
	} else {
		m.all += ex.DefenceSupport
	}
	m.own = def.DefenceBonus // its card's defence_bonuses while its relatives are in play (sim/ownrules.go)
	m.own += def.RollMod     // its card's activation_d10: every defence that rolls (sim/turnroll.go)
	return m
}

// of returns defenceModifier of d.
func (m *defMods) of(d *Defence) int {
	v := d.Chars.Sum(m.stats) + m.all
	if !d.None {
		v += m.defends
	}
	if d.Shield {
		v += m.shield
	}
	if !d.None && !d.Discard {
		v += m.own
	}
	if m.slender {
		v += d.counterEffects(V)
	}
	return v
}

// defencePool returns the defence dice for an announced total t and CH flag (R5:
// the defender knows them, so a mastery die is spent only when the roll would not
// stop the attack).
func (ex *Exchange) defencePool(a Attack, d Defence, diceN int, mastery, master bool, tools toolBits, t int, ch bool) dice.Pool {
	return ex.defenceRerolls(ex.defenceBase(d), diceN, mastery, master, tools, a, t, ex.defenceModifier(a, d), ch)
}

// defenceRerolls completes a defence pool from its base: the dice the defender
// rolls now, and the target-aware mastery (R4) and Master X rerolls, the latter only
// when the defender has Master in the defensive field and it is still available,
// and the reroll of a dice-tool spell the defender holds (fate, sim/fate.go),
// with the same target-aware threshold, an enemy's forced reroll (forced,
// sim/forced.go) of a face that would stop the attack, and a fixed result
// (sim/fixed.go): tools. None is used against the free attack of an A effect.
func (ex *Exchange) defenceRerolls(p dice.Pool, diceN int, mastery, master bool, tools toolBits, a Attack, t, dmod int, ch bool) dice.Pool {
	p.Dice += diceN
	if !a.Free {
		p.CFReroll = ex.DefenderCFReroll // the Spearhead's CF reroll of the game (sim/auragrants.go)
	}
	if ex.Defender.Skills.Aura.DefenceReroll {
		// An ally's aura: one free reroll of one die per defence, free
		// attacks' included (skills.md section 3, pattern D; sim/auragrants.go).
		p.Aura = ex.defenceReroll(p, t, dmod, ch)
	}
	if a.Free {
		return p
	}
	if mastery && ex.Policy.DefenceMastery {
		p.Reroll = ex.defenceReroll(p, t, dmod, ch)
	}
	if master && ex.Defender.Skills.Master&FieldDefensive != 0 {
		p.RerollAll = ex.defenceReroll(p, t, dmod, ch)
	}
	if tools.has(toolFate) {
		p.Fate = ex.defenceReroll(p, t, dmod, ch)
	}
	if tools.has(toolForced) {
		p.ForcedFrom = forcedDefenceFrom(ex.defenceReroll(p, t, dmod, ch))
	}
	p.Fixed, p.Stored = tools.fixed(), tools.stored()
	return p
}

// defenceBase returns the defence dice that do not depend on the state or the
// total: Heroic's extra die (in Dice), CF range, critical face.
func (ex *Exchange) defenceBase(d Defence) dice.Pool {
	def := ex.Defender
	p := dice.Pool{CritFrom: 10, CFMax: 1, RerollBonus: def.rerollBonus(FieldDefensive)} // a charm (sim/items.go)
	if def.Skills.Heroic&FieldDefensive != 0 {
		p.Dice++
	}
	if def.Skills.Specialist&FieldDefensive != 0 || def.weaponEffects().NoCFDefence ||
		(d.Shield && def.Shield != nil && def.Shield.Effects.NoCFDefence) {
		p.CFMax = 0
	}
	p.CritFrom = def.criticalFace(p.CritFrom, p.CFMax) // sim/critthresh.go
	return p
}

// defenceReroll returns the mastery threshold of a defence with modifier dmod
// against total t (R4, R5): reroll the faces that do not reach t (ties go to the
// defender, R6) and CFs.
func (ex *Exchange) defenceReroll(p dice.Pool, t, dmod int, ch bool) int {
	k := t - dmod - 1
	if ex.Variant.CHAutoSuccess && ch {
		k = 9 // only a CH stops a CH under ch-auto-success (R2 option)
		if p.CritFrom > 0 {
			k = p.CritFrom - 1 // a critical threshold lowered (sim/critthresh.go)
		}
	}
	return min(max(k, p.CFMax), 9)
}

// succeeds applies R6 (and the R2 option, R13 shield CH) to rolled outcomes.
func succeeds(v Variant, att dice.Result, t int, def dice.Result, dt int, shield bool) bool {
	if att.Failure {
		return false
	}
	if def.Critical && shield {
		return false // R13: a defence CH with the shield stops the attack outright.
	}
	if v.CHAutoSuccess && att.Critical && !def.Critical {
		return true
	}
	// R2a: with two CHs the option gives no automatic success; the totals decide.
	return def.Failure || t > dt
}

// damageSpec is what an attack's damage is made of before the dice: R9.
type damageSpec struct {
	// raw is the distribution of the rolled part: a characteristic value (a point
	// mass), the weapon's fixed damage dice, 1D5 for Bunt and Bite; index = value.
	raw []float64
	// rawDice rolls the same with a PCG.
	rawN, rawSides, rawPlus int
	half                    bool // 1 AP attacks and lightning shots: divided by 2, rounded up
	bonus                   int  // P effects, Brutality, weapon damage bonus, Sadistic
	executioner             bool // +1D10 (3 AP attack, once per activation)
	critStature             int  // R9: + stature on a CH of a 2-3 AP melee action
	critDouble              bool // R9: shots x2 on a CH
	rangeMod                int  // R9: +1 short, -3 long, applied last
	double                  bool // a card's double damage (Exchange.DoubleDamage): x2 before rangeMod
	bleeding                int  // bleeding put on the target by a success
	critBleeding            int  // Bite: bleeding 2 on a CH instead of the stature bonus
	rawTimes                int  // the rolled part multiplied (0 or 1: once; 2: a Bite doubled, sim/ownrules.go)
	onCritical              profiles.Status
	daze                    bool // Trample dazes the target
	biteTest                bool // Bite: temerity test (10)
	piercing                *profiles.Dice
	ignore                  int  // target armour protects N less
	ticks                   bool // the attack damages armour (not bare hands, shields, natural attacks)
	// helmetHit and helmetCrit: the target's helmet takes an effect of this
	// damage away on every hit, or on a CH (sim/helmet.go); a helmet with
	// boxes then ticks one.
	helmetHit, helmetCrit bool
}

// parts returns the base and critical-bonus damage of a hit from the rolled raw
// value and the executioner die (R9): the CH bonus is kept apart because a natural
// 10 on armour stops only the base damage (R12).
func (s *damageSpec) parts(raw, exec int, ch bool) (base, crit int) {
	base = raw
	if s.half {
		base = (raw + 1) / 2
	}
	base += s.bonus + exec
	if ch && s.critDouble {
		crit = max(base, 0)
	}
	if ch {
		crit += s.critStature
	}
	if s.double {
		// Exchange.DoubleDamage: as a shot's CH doubles, before the range
		// modifier (R9; seed 004 lines 952-964).
		base, crit = 2*base, 2*crit
	}
	base += s.rangeMod
	if base < 0 {
		// R9: the range modifier applies last, to the doubled damage ("(5 dégâts
		// de l'arme x 2 à cause de la RC)-3", seed 004 lines 952-964), and only the
		// total is kept from going below 0: what the base cannot absorb comes off
		// the CH part, so a 2-damage CH at long range deals (2x2)-3 = 1, not 2.
		crit = max(crit+base, 0)
		base = 0
	}
	return base, crit
}

// armourParts applies R12 to base+crit damage with an armour face (1..10); boxes
// is the number of unticked boxes after armour piercing. It returns the damage
// taken, split into what is left of the base damage and of the CH bonus (the
// armour's reduction comes off the base damage first; Tembo hide, which cancels
// base damage only, reads the split), and the boxes ticked by the roll.
func armourParts(a *profiles.ArmourStats, boxes, base, crit, face, ignore int, ticks bool) (baseLeft, critLeft, ticked int) {
	if base+crit <= 0 {
		return 0, 0, 0
	}
	if a == nil || boxes <= 0 {
		return base, crit, 0
	}
	if ticks {
		ticked = 1
	}
	switch {
	case face == 10:
		return 0, crit, ticked // stops all the base damage, not the CH bonus
	case face == 1:
		if ticks && boxes > 1 {
			ticked = 2
		}
		return base, crit, ticked
	}
	red := a.Failure
	if face >= a.Threshold {
		red = a.Success
	}
	red = max(red-ignore, 0)
	return max(base-red, 0), max(crit-max(red-base, 0), 0), ticked
}

// hideDice returns how many d10 f rolls for Tembo hide (skills.md #40): its
// level, 0 without the skill. Each 10 cancels as much base damage as its level.
func hideDice(f *Fighter) int {
	if !f.Skills.TemboHide {
		return 0
	}
	return max(f.Profile.Level, 1)
}

// hideTens returns the distribution of the number of 10s among n d10.
func hideTens(n int) []float64 {
	p := []float64{1}
	for range n {
		next := make([]float64, len(p)+1)
		for k, q := range p {
			next[k] += q * 0.9
			next[k+1] += q * 0.1
		}
		p = next
	}
	return p
}

// damage builds the damage spec of attack a.
func (ex *Exchange) damage(a Attack) *damageSpec {
	s := ex.baseDamage(a)
	if ex.AttackerBerserk {
		s.bonus += ex.Attacker.Stats().P // Berserk: "always adds its P to its damage rolls"
	}
	if !a.Free {
		s.bonus += ex.DamageBonus // an ambusher's first attack (sim/ambush.go), special attacks too
	}
	if ex.Attacker.Skills.Aura.DazeOnCrit && s.onCritical == "" {
		// An ally's aura: daze on a CH (skills.md section 3, pattern D; R17);
		// a weapon's stun on a CH stays.
		s.onCritical = profiles.Daze
	}
	if ex.CritDrain && a.Kind != Shot {
		// The staff's AP instead of the CH bonus (sim/cardcrit.go), before
		// the helmet's guard: there is no CH bonus for it to stop.
		s.critStature, s.critBleeding = 0, 0
	}
	if ex.PiercingShot && a.Kind == Shot {
		pierceShot(s) // sim/piercing.go, before the helmet that guards against armour piercing
	}
	helmetGuard(s, ex.Defender)
	s.double = ex.DoubleDamage // sim/carddouble.go
	return s
}

// baseDamage builds the damage spec of attack a before Berserk.
func (ex *Exchange) baseDamage(a Attack) *damageSpec {
	att := ex.Attacker
	st := att.Stats()
	w := att.weaponEffects()
	s := newDamageSpec() // planchunks.go
	s.ticks = att.Weapon != nil
	point := func(v int) {
		s.raw = pointDist(max(v, 0))
		s.rawPlus = max(v, 0)
	}
	switch a.Kind {
	case Bunt, Bite:
		s.raw = sharedDiceDist(1, 5, 0)
		s.rawN, s.rawSides = 1, 5
		s.ticks = false // a natural attack, like bare hands (R12)
		if a.Kind == Bunt {
			s.bleeding = 1
			s.critStature = att.Profile.Stature
		} else {
			// Fearless and Bound X take no temerity test (skills.md #54, #52).
			s.biteTest = !ex.Defender.Skills.Fearless
			s.critBleeding = 2
			if att.Profile.Own.BiteDoubleUnhurt && !ex.DefenderHurt {
				// Its card: double damage against a target that has all its HP
				// (skills.md section 3 F, sim/ownrules.go): the 1D5 doubled.
				s.raw, s.rawTimes = doubledD5[:11:11], 2
			}
		}
		return s
	case Trample:
		point(st.C)
		s.ticks = false
		s.daze = true
		s.critStature = att.Profile.Stature
		return s
	case Card:
		if ca := att.cardAttack(a); ca != nil {
			cardAttackDamage(s, ca, att) // sim/cardattack.go
		} else {
			point(0)
		}
		return s
	}
	if a.Fixed && w.FixedDamage != nil {
		fd := w.FixedDamage
		s.raw = sharedDiceDist(fd.N, fd.Sides, fd.Plus)
		s.rawN, s.rawSides, s.rawPlus = fd.N, fd.Sides, fd.Plus
	} else {
		c := a.DamageChar
		if a.AP == 1 {
			c = a.Chars.At(0)
		}
		point(st.Get(c))
	}
	s.half = a.AP == 1 && !a.Vivid // Vivacity: one full characteristic (skills.md #33)
	s.bonus = w.DamageBonus
	s.bleeding = w.Bleeding
	s.onCritical = w.OnCritical
	s.piercing = w.ArmourPiercing
	s.ignore = w.ArmourIgnore
	if a.AP > 1 {
		pp := a.Effects.Count(P)
		if a.Kind == Melee {
			s.bonus += pp * (1 + att.Skills.Brutality) // R10: P +1, + Brutality X
			s.critStature = att.Profile.Stature
			s.executioner = a.AP == 3 && att.Skills.Executioner && !ex.ExecutionerUsed
		} else {
			s.critDouble = true
			if o := &att.Profile.Own; o.ShotCritical {
				// Its card: a shooting CH adds its characteristic as well as
				// its stature (skills.md section 3 F, sim/ownrules.go).
				s.critStature = att.Profile.Stature + max(st.Get(o.ShotCriticalAdds), 0)
			}
		}
	}
	if !a.Free {
		// R-Sadistic: any undefended attack, 1 AP included (seed 000 line 1652
		// sets no AP minimum); added after the halving of a 1 AP attack.
		s.bonus += ex.Policy.Sadistic
	}
	if a.Kind == Shot {
		s.bonus += masterArcher(att) // skills.md #47: before the range modifier, which applies last
		s.rangeMod = ex.rangeModifier()
	}
	return s
}

// counterWeapon returns the weapon f deals counter damage with: the one in hand,
// unless it is a shooting weapon (a counter is a melee blow, then bare-handed).
func (f *Fighter) counterWeapon() *profiles.Equipment {
	if f.Weapon != nil && f.Weapon.Kind == profiles.KindRanged {
		return nil
	}
	return f.Weapon
}

// counterDamage builds the damage spec of the counter damage of a successful 2 or
// 3 AP defence d (R11), nil when d deals none. R11a: it is dealt with the
// defender's weapon: the engaged characteristic d.Counter, or the weapon's fixed
// damage when its mean is higher, plus the weapon's damage bonus (and 1 +
// Brutality for a P effect); the weapon's armour-piercing and armour-ignoring
// apply, and it ticks the attacker's armour only when it is weapon damage (R12:
// not bare hands). R9a: a CH on the defence adds the defender's stature once.
func (ex *Exchange) counterDamage(d Defence) *damageSpec {
	if !d.CounterDamage || d.AP < 2 {
		return nil
	}
	def := ex.Defender
	w := def.counterWeapon()
	var eff profiles.Effects
	if w != nil {
		eff = w.Effects
	}
	v := max(def.Stats().Get(d.Counter), 0)
	// The weapon's bleeding and on-CH status land on the attacker
	// (sim/counterstatus.go), unless its helmet guards against them.
	s := newDamageSpec() // planchunks.go
	*s = damageSpec{ticks: w != nil, critStature: def.Profile.Stature,
		bonus: eff.DamageBonus, piercing: eff.ArmourPiercing, ignore: eff.ArmourIgnore,
		bleeding: eff.Bleeding, onCritical: eff.OnCritical}
	if fd := eff.FixedDamage; fd != nil && float64(fd.N)*float64(fd.Sides+1)/2+float64(fd.Plus) > float64(v) {
		s.raw = sharedDiceDist(fd.N, fd.Sides, fd.Plus)
		s.rawN, s.rawSides, s.rawPlus = fd.N, fd.Sides, fd.Plus
	} else {
		s.raw = pointDist(v)
		s.rawPlus = v
	}
	// R10: P +1, + Brutality X, per P effect (two with Riposte and PP engaged).
	s.bonus += d.counterEffects(P) * (1 + def.Skills.Brutality)
	s.bonus += ownCounterBonus(def, ex.Attacker) // defence_damage_vs (sim/ownrules.go)
	helmetGuard(s, ex.Attacker)
	return s
}

// diceDist returns the distribution of n dice of sides faces plus plus.
func diceDist(n, sides, plus int) []float64 {
	if sides != 5 {
		sides = 10
	}
	d := []float64{1}
	for range n {
		next := make([]float64, len(d)+sides)
		for v, q := range d {
			for f := 1; f <= sides; f++ {
				next[v+f] += q / float64(sides)
			}
		}
		d = next
	}
	if plus != 0 {
		out := make([]float64, max(len(d)+plus, 1))
		for v, q := range d {
			out[max(v+plus, 0)] += q
		}
		d = out
	}
	return d
}

// freeAttack returns the free attack of an A effect of a (R10): a 1 AP basic attack,
// or a lightning shot after a shot, with the attacker's best allowed characteristic.
func (ex *Exchange) freeAttack(a Attack) Attack {
	att := ex.Attacker
	st := att.Stats()
	w := att.weaponEffects()
	from := []Char{P, A, C, V}
	if a.Kind == Shot {
		from = []Char{A, V}
	}
	best, bv := Char(255), math.MinInt
	for _, c := range from {
		forbidden := att.Profile.NotPrinted.Has(c) // catalogue.md 4.5
		for _, f := range w.NoAttackWith {
			forbidden = forbidden || f == c
		}
		if !forbidden && st.Get(c) > bv {
			best, bv = c, st.Get(c)
		}
	}
	f := Attack{Kind: a.Kind, AP: 1, Free: true}
	if best != 255 {
		f.Chars = CharsOf(best)
		if a.Vivid {
			f.Chars, f.Vivid = CharsOf(best, best), true // skills.md #33
		}
	}
	if a.Kind.Special() {
		f.Kind = Melee
	}
	return f
}

// repelSide is what a C effect reads of the winner's side and the ground.
type repelSide struct {
	supported bool // the winner has a supporter in this melee
	stature   int  // the sum of its supporters' statures
	english   bool // R-FR option english: Stable resists only a strictly larger Safar
	slippery  bool // the loser stands on slippery ground: Stable has no effect
}

// repel returns how far a successful C effect pushes the loser (R10, Repelment,
// Stable), with n the number of C effects.
func repel(winner, loser *Fighter, n int, rs repelSide) float64 {
	if n == 0 {
		return 0
	}
	c := float64(winner.Stats().C)
	ws, ls := winner.Profile.Stature+rs.stature, loser.Profile.Stature
	stable := loser.Skills.Stable && !rs.slippery
	switch {
	case stable && rs.english && ws > ls:
		return 0 // seed 000 line 1664: not pushed back by a strictly larger warrior
	case stable && !rs.english && winner.Profile.Stature <= ls:
		// R-FR, seed 004 line 1580: "ne peut être physiquement repoussé que par
		// un combattant ayant une stature strictement supérieure".
		return 0
	}
	d := c / 2
	if n == 2 {
		d = c
		if ws < ls {
			if rs.supported {
				return 0 // only a lone smaller winner still repels with CC
			}
			d = c / 2 // seed 000 line 870: a lone smaller winner using CC repels C/2
		}
	} else if ws < ls {
		return 0
	}
	if winner.Skills.Repelment && !stable {
		d = max(d, c)
	}
	if winner.Skills.Slender {
		// Slender (skills.md #28): a C effect repels 1 toise at most; CC does
		// not lengthen it, it only lets a lone smaller winner repel (above).
		d = min(d, 1)
	}
	return d
}
