package profiles

import (
	"fmt"
	"slices"
	"strings"
)

// Way is a path of magic (English seed 000 lines 1392-1416, "IV. Magic on Safar";
// French seed 004 lines 1331-1360). A Safar casts spells only when it masters a
// way (skills.md 4.1: "a model that masters no way casts nothing").
type Way string

// The five paths of magic of the rulebook, each of one faction.
const (
	Osteomancy    Way = "osteomancy"      // Fangs (seed 000 line 1394)
	Shamanism     Way = "shamanism"       // Goûns (line 1398)
	BloodAndSteel Way = "blood-and-steel" // Khârns (line 1402)
	SacrificeWay  Way = "sacrifice"       // Khérops (line 1408)
	Adansonia     Way = "adansonia"       // Tembos (line 1414)
)

// WayBonus says what a way's casting bonus counts on the battlefield: +1 per
// counted Safar (seed 000 lines 1396-1416; skills.md 4.2).
type WayBonus string

// The casting bonuses of the five ways.
const (
	BonusDefeated         WayBonus = "defeated fighters on the battlefield"          // osteomancy
	BonusLevelOneAllies   WayBonus = "level I allies alive on the battlefield"       // shamanism
	BonusWoundedEnemyAura WayBonus = "wounded enemies in the caster's aura"          // Blood and Steel
	BonusWoundedAllyAura  WayBonus = "wounded allies in the caster's aura"           // sacrifice
	BonusAlliesAlive      WayBonus = "fighters of its side alive on the battlefield" // Adansonia
)

// WayInfo describes one way: its faction and what its casting bonus counts.
type WayInfo struct {
	Way     Way
	Faction string
	Bonus   WayBonus
}

// Ways lists the five ways of the rulebook in its order.
var Ways = []WayInfo{
	{Osteomancy, Fangs, BonusDefeated},
	{Shamanism, Gouns, BonusLevelOneAllies},
	{BloodAndSteel, Kharns, BonusWoundedEnemyAura},
	{SacrificeWay, Kherops, BonusWoundedAllyAura},
	{Adansonia, Tembos, BonusAlliesAlive},
}

// WayOf returns the description of way w and whether it is known.
func WayOf(w Way) (WayInfo, bool) {
	for _, wi := range Ways {
		if wi.Way == w {
			return wi, true
		}
	}
	return WayInfo{}, false
}

func wayNames() []string {
	out := make([]string, len(Ways))
	for i, w := range Ways {
		out[i] = string(w.Way)
	}
	return out
}

// Grimoire is a spell book a caster buys to hold grimoire spells (seed 000 lines
// 1478-1483): its cost adds to the caster's recruitment cost.
type Grimoire struct {
	ID    string
	Cost  int // Krowns
	Pages int // 0 means unlimited
}

// The two grimoires of the rulebook (seed 000 lines 1475-1476; French seed 004
// lines 1420-1421).
var (
	SmallGrimoire = Grimoire{ID: "small", Cost: 20, Pages: 5}
	LargeGrimoire = Grimoire{ID: "large", Cost: 40, Pages: 0}
)

// Grimoires lists the grimoires a profile may name.
var Grimoires = []Grimoire{SmallGrimoire, LargeGrimoire}

// SpellKind is the class of a spell (seed 000 lines 1457-1478; catalogue.md 4.10).
type SpellKind string

// The spell kinds.
const (
	// GenericSpell: free, outside any grimoire; a caster knows at most as many as
	// its level (seed 000 line 1462).
	GenericSpell SpellKind = "generic"
	// GrimoireSpell: of one way, fills pages of a grimoire (seed 000 lines 1464-1478).
	GrimoireSpell SpellKind = "grimoire"
	// ProfileSpell: reserved to a profile, known for free outside the budgets
	// (catalogue.md 4.10 "reserve-profil"; seed 000 line 1526).
	ProfileSpell SpellKind = "profile"
)

// SpellTarget is who a spell may be cast on.
type SpellTarget string

// The spell targets (skills.md 4.2 "target").
const (
	TargetSelf  SpellTarget = "self"
	TargetAlly  SpellTarget = "ally"
	TargetEnemy SpellTarget = "enemy"
	TargetAny   SpellTarget = "any"
)

// SpellEffect is the category of what a successful spell does (skills.md 4.3).
type SpellEffect string

// The eleven effect categories of skills.md 4.3.
const (
	EffectDamage        SpellEffect = "damage"
	EffectHealing       SpellEffect = "healing"
	EffectReturn        SpellEffect = "return-from-defeat"
	EffectOffensiveBuff SpellEffect = "offensive-buff"
	EffectStatBuff      SpellEffect = "characteristic-buff"
	EffectDefensiveBuff SpellEffect = "defensive-buff"
	EffectDiceTool      SpellEffect = "dice-tool"
	EffectDebuff        SpellEffect = "debuff"
	EffectMorale        SpellEffect = "morale"
	EffectControl       SpellEffect = "activation-control"
	EffectAntiMagic     SpellEffect = "anti-magic"
)

// EffectUnclassed is the category of an effect whose card text the catalogue
// importer could not class in one of the eleven (the catalogue gives spell
// effects as free French text, catalogue.md section 4.10): fights do not play
// it, and results name the spell as not modelled (SpellsNotPlayed).
const EffectUnclassed SpellEffect = "unclassed"

// SpellEffects lists the effect categories in skills.md order.
var SpellEffects = []SpellEffect{EffectDamage, EffectHealing, EffectReturn, EffectOffensiveBuff,
	EffectStatBuff, EffectDefensiveBuff, EffectDiceTool, EffectDebuff, EffectMorale, EffectControl,
	EffectAntiMagic}

// HasAmount reports whether effects of category e carry an amount of HP (damage
// dealt, HP healed or given back).
func (e SpellEffect) HasAmount() bool {
	return e == EffectDamage || e == EffectHealing || e == EffectReturn
}

// Duration is how long a spell's effect lasts (skills.md 4.2; seed 000 line 1518:
// "1 turn" lasts until the start of the caster's next activation).
type Duration string

// The durations.
const (
	Instant               Duration = "instant"
	UntilTargetActivation Duration = "target-next-activation"
	UntilCasterActivation Duration = "caster-next-activation"
	OneTurn               Duration = "one-turn"
	UntilNextDamage       Duration = "next-damage"
	WholeGame             Duration = "game"
	SpecialDuration       Duration = "special"
)

var durations = []Duration{Instant, UntilTargetActivation, UntilCasterActivation, OneTurn, UntilNextDamage, WholeGame, SpecialDuration}

// Cadence is how many times a spell may be attempted (successful or not) per
// period (seed 000 line 1494: "the rate corresponds to the number of tries").
type Cadence struct {
	N   int    // attempts per period; 0 with Per "unlimited"
	Per string // "turn", "two-turns", "game", "unlimited"
}

var cadencePeriods = []string{"turn", "two-turns", "game"}

// String formats the cadence as data files write it: "1/turn", "unlimited".
func (c Cadence) String() string {
	if c.Per == "unlimited" || c.Per == "" {
		return "unlimited"
	}
	return fmt.Sprintf("%d/%s", c.N, c.Per)
}

// SpellLevel is one difficulty of a spell with the effect that comes with it: the
// caster chooses one before rolling (seed 000 line 1506; French seed 004 line 1491).
type SpellLevel struct {
	Difficulty int // the casting threshold to reach
	Effect     SpellEffect
	// Amount is the HP dealt, healed or given back, for the categories that
	// carry one (SpellEffect.HasAmount).
	Amount *Dice
	// IgnoresArmour: the damage goes through no armour.
	IgnoresArmour bool
	// CasterPays: a healing whose amount the caster pays in HP ("the caster
	// loses 1D5 HP, the target recovers as many", YAML caster_pays: true;
	// sim/magic_pay.go): when the heal applies, the caster loses the amount
	// rolled.
	CasterPays bool
	// Text says in words what the effect does.
	Text string
	// Lasts is how long this difficulty's effect lasts when the spell's
	// duration is special (YAML lasts:, profiles/magic_special.go); "" otherwise.
	Lasts Duration
	// EffectParams are what fights play of the other categories
	// (profiles/magic_effects.go).
	EffectParams
	// Fire and Frostbite: a damage spell that sets its target on fire or
	// gives it frostbite when it succeeds (YAML fire: true, frostbite: true;
	// seed 000 lines 1352-1358 and 1372; sim/fire.go).
	Fire, Frostbite bool
}

// Spell is one spell card (seed 000 lines 1482-1506; catalogue.md 4.10).
type Spell struct {
	ID, Name string
	Kind     SpellKind
	// Way is the path of magic of the spell; "" for a generic spell open to every
	// way.
	Way       Way
	Pages     int // grimoire pages it fills (grimoire spells: 1-3)
	Cost      int // Krowns, for the few spells that cost some
	LevelCost int // generic spells: levels of the caster's budget it takes (default 1)
	// ReservedTo restricts the spell to factions or profile ids (an OR).
	ReservedTo []string
	Target     SpellTarget
	Range      float64 // toises; 0 when the card gives none (aura, ZOC, self)
	Cadence    Cadence
	Duration   Duration
	Levels     []SpellLevel
	Pos        Pos
}

// AllowedTo reports whether p may know s as far as its reservation goes.
func (s *Spell) AllowedTo(p *Profile) bool { return reservedAllows(s.ReservedTo, p) }

// Level returns the level of s whose difficulty is d and whether there is one.
func (s *Spell) Level(d int) (SpellLevel, bool) {
	for _, l := range s.Levels {
		if l.Difficulty == d {
			return l, true
		}
	}
	return SpellLevel{}, false
}

// Difficulties returns the difficulties of s, in card order.
func (s *Spell) Difficulties() []int {
	out := make([]int, len(s.Levels))
	for i, l := range s.Levels {
		out[i] = l.Difficulty
	}
	return out
}

// Magic is what a caster masters and knows: its way, its grimoire and its spells
// (skills.md 4.1).
type Magic struct {
	Way Way
	// Affinity opens the grimoire spells of another way (skills.md "affinite").
	Affinity Way
	Grimoire *Grimoire // nil: none
	Spells   []string  // spell ids
	// Granted holds the ids of Spells known for free, outside the page and
	// level budgets and the reservations: a profile spell or one a card grants
	// (catalogue.md 3.8 "grant-spell", 4.10 "reserve-profil"; skills.md 4.1).
	Granted []string
	// Pages are extra grimoire pages (catalogue.md 3.8 "spell-pages"), added
	// to those of a small grimoire.
	Pages int
	// Known holds the spells of Spells resolved by the loader (nil entries for
	// unknown ids, which the loader reports), for the fights that cast them.
	Known []*Spell
}

// Affinity returns the way whose grimoire spells p may also know: its magic's
// affinity, or else the value of its Affinity skill ("affinity: osteomancy",
// seed 000 line 1578); "" when none.
func (p *Profile) Affinity() Way {
	if p.Magic != nil && p.Magic.Affinity != "" {
		return p.Magic.Affinity
	}
	if sk, ok := p.Skill(SkillAffinity); ok {
		return Way(strings.ToLower(sk.Text))
	}
	return ""
}

// Masters reports whether p may know and cast the spells of way w: its own way,
// its Affinity, or any way for an Archimage ("masters every form of magic and can
// choose from every available spell", seed 000 line 1596). Generic spells (w ==
// "") are open to every caster.
func (p *Profile) Masters(w Way) bool {
	if p.Magic == nil {
		return false
	}
	if w == "" || w == p.Magic.Way || w == p.Affinity() {
		return true
	}
	_, arch := p.Skill(SkillArchimage)
	return arch
}

// Spell returns the spell with the given id, or an *UnknownIDError naming the
// closest ids.
func (ds *DataSet) Spell(id string) (*Spell, error) {
	for _, s := range ds.Spells {
		if s.ID == id {
			return s, nil
		}
	}
	ids := make([]string, len(ds.Spells))
	for i, s := range ds.Spells {
		ids[i] = s.ID
	}
	return nil, &UnknownIDError{Kind: "spell", ID: id, Suggestions: Closest(id, ids, 3)}
}

// MagicCost returns the Krowns p's grimoire and spells add to its card cost (seed
// 000 line 1478: "its cost in Krowns will be added to the recruitment cost").
func (ds *DataSet) MagicCost(p *Profile) int {
	if p.Magic == nil {
		return 0
	}
	c := 0
	if g := p.Magic.Grimoire; g != nil {
		c += g.Cost
	}
	for _, id := range p.Magic.Spells {
		if s, err := ds.Spell(id); err == nil {
			c += s.Cost
		}
	}
	return c
}

// extraPages says where a grimoire's extra pages come from, if any.
func extraPages(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" with the %d extra page(s) of magic.pages", n)
}

// spellEntry is a decoded spell with what the cross-file checks need.
type spellEntry struct {
	s        *Spell
	path     string
	idPos    Pos
	reserved []ref
}

// checkProfileMagic resolves the spells of p with lookup and checks the rules of
// seed 000 chapter IV: the spells of a way need that way (or Affinity), a
// grimoire holds its pages, generic spells are at most the caster's level, and
// reservations hold.
func checkProfileMagic(p *profileEntry, lookup func(string) *Spell, ids []string) Errors {
	m := p.p.Magic
	if m == nil {
		return nil
	}
	var errs Errors
	pages, levels := 0, 0
	var lastGrimoire, lastGeneric *ref
	for i, r := range p.spells {
		s := lookup(r.id)
		if s == nil {
			errs = append(errs, r.unknown("spell", ids))
			continue
		}
		if slices.Contains(m.Granted, r.id) {
			continue // known for free, outside the budgets (Magic.Granted)
		}
		if !s.AllowedTo(p.p) {
			errs = append(errs, r.reserved("spell", s.ReservedTo))
		}
		if s.Kind != GenericSpell && !p.p.Masters(s.Way) {
			errs = append(errs, Error{Pos: r.pos, Field: r.path,
				Msg: fmt.Sprintf("spell %q belongs to the way %s; %s masters %s (seed 000 line 1466: grimoire spells only for the mages of their way)", r.id, s.Way, p.p.ID, m.Way)})
		}
		switch s.Kind {
		case GrimoireSpell:
			pages += s.Pages
			lastGrimoire = &p.spells[i]
		case GenericSpell:
			levels += max(s.LevelCost, 1)
			lastGeneric = &p.spells[i]
		}
	}
	if lastGrimoire != nil {
		switch g := m.Grimoire; {
		case g == nil:
			errs = append(errs, Error{Pos: lastGrimoire.pos, Field: lastGrimoire.path,
				Msg: fmt.Sprintf("grimoire spell %q needs a grimoire (magic.grimoire: small or large; seed 000 line 1471)", lastGrimoire.id)})
		case g.Pages > 0 && pages > g.Pages+m.Pages:
			errs = append(errs, Error{Pos: lastGrimoire.pos, Field: lastGrimoire.path,
				Msg: fmt.Sprintf("grimoire spells fill %d pages, the %s grimoire holds %d (seed 000 line 1475)%s", pages, g.ID, g.Pages+m.Pages, extraPages(m.Pages))})
		}
	}
	if lastGeneric != nil && levels > p.p.Level {
		errs = append(errs, Error{Pos: lastGeneric.pos, Field: lastGeneric.path,
			Msg: fmt.Sprintf("generic spells take %d level(s), a level %d caster knows at most %d (seed 000 line 1462)", levels, p.p.Level, p.p.Level)})
	}
	return errs
}
