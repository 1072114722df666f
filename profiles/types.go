package profiles

import (
	"math"
	"slices"
	"sync"
)

// Char is one of the six characteristics of a Safar: V, P, A, C, T or I.
type Char uint8

// The characteristics, in the order the cards print them.
const (
	V Char = iota // Velocity
	P             // Power
	A             // Agility
	C             // Corpulence
	T             // Temerity
	I             // Intellect
)

// String returns the one-letter name of c.
func (c Char) String() string {
	if int(c) < len(charNames) {
		return charNames[c : c+1]
	}
	return "?"
}

const charNames = "VPACTI"

// ParseChar returns the characteristic named by s ("V", "p", ...).
func ParseChar(s string) (Char, bool) {
	if len(s) != 1 {
		return 0, false
	}
	for i := 0; i < len(charNames); i++ {
		if charNames[i] == s[0] || charNames[i]+'a'-'A' == s[0] {
			return Char(i), true
		}
	}
	return 0, false
}

// Stats holds the six characteristics of a Safar.
type Stats struct {
	V, P, A, C, T, I int
}

// Get returns the value of characteristic c.
func (s Stats) Get(c Char) int {
	switch c {
	case V:
		return s.V
	case P:
		return s.P
	case A:
		return s.A
	case C:
		return s.C
	case T:
		return s.T
	case I:
		return s.I
	}
	panic("profiles: bad characteristic")
}

// Field is a mastery field (rulebook "A Safar's mastery"): offensive, defensive,
// shooting, objective or esoteric.
type Field string

// The mastery fields.
const (
	Offensive Field = "offensive"
	Defensive Field = "defensive"
	Shooting  Field = "shooting"
	Objective Field = "objective"
	Esoteric  Field = "esoteric"
)

// Fields lists every mastery field, in card order.
var Fields = []Field{Offensive, Defensive, Shooting, Objective, Esoteric}

// Limitation is a recruitment limitation: LIM X (Kind "X", Count X), LIM U or LIM P.
type Limitation struct {
	Kind  string // "X", "U" or "P"
	Count int    // for Kind "X"
}

// Pos is where a value came from in a data file, for error messages.
type Pos struct {
	File         string
	Line, Column int
}

// Skill is a skill keyword of a profile with its optional value, e.g. Brutality 1,
// Heroic offensive, Endurance.
type Skill struct {
	Name  string // canonical English keyword in lower case: "brutality", "heroic", ...
	Value int    // numeric value (Brutality X, Bloodlust X, Duellist X, Reach X, Warlord X)
	Field Field  // field value (Heroic X, Master X, Specialist X)
	Text  string // free value (Berserk X condition, Affinity X, ...)
	// Toises is the distance of Reach X (1, 1.5, 2, ...); Value then holds it
	// rounded down.
	Toises float64
	// FirstThreshold and FirstDamage are Ambush's precision: added to the
	// threshold and to the damage of its first attack after the reveal
	// (skills.md #18; "ambush: {first_attack: {threshold: 2, damage: 1}}").
	FirstThreshold, FirstDamage int
	// Heals is Bite's precision: the Bite heals its attacker as much HP as
	// it deals (skills.md #7; "bite: {heals: true}").
	Heals bool
	// EveryMelee is Harassment's precision: every 2 and 3 AP melee attack
	// also gets the free V effect, besides the once per activation of the
	// skill (skills.md #29; "harassment: {every_melee_attack: true}").
	EveryMelee bool
	Pos        Pos
}

// Profile is one Safar card.
type Profile struct {
	ID         string
	Name       string
	Faction    string
	Level      int // 1..3
	Cost       int // Krowns, base equipment included (rulebook "Equipment")
	Limitation Limitation
	Stats      Stats
	// NotPrinted marks the characteristics the card leaves blank (stats
	// written ~, catalogue.md 4.5 "stats: null"): their value reads 0 and no
	// action or defence may engage them; a test of one rolls the die alone.
	NotPrinted CharSet
	Stature    int // 0..6
	AP         int
	HP         int
	// Mastery has one entry per mastery die, each the list of fields the die shows.
	Mastery [][]Field
	Skills  []Skill
	// Equipment holds the ids of the base equipment, whose cost is included in Cost.
	Equipment []string
	// Armour is a natural armour printed on the card (a shell), if any.
	Armour *ArmourStats
	// Traits are keywords such as "stateless" or "allied of kharns".
	Traits []string
	// AllyGrants are the skills its card gives other Safars of its
	// Spearhead (profiles/allies.go).
	AllyGrants []AllyGrant
	// StatCounts are its characteristics recounted from the Safars in play
	// (profiles/counts.go).
	StatCounts []StatCount
	// MoraleAuras and InLeaderAura: its auras on allies' temerity and what
	// it gets in its leader's aura (profiles/auras.go).
	MoraleAuras  []MoraleAura
	InLeaderAura *LeaderAuraBonus
	// AuraGrants are the skills and buffs it gives allies while they stand
	// in its aura or within a distance of it (profiles/auragrants.go).
	AuraGrants []AuraGrant
	// WiderAuras widen the auras of the allies they name while it is in
	// play (profiles/aurawiden.go).
	WiderAuras []WiderAura
	// CFRerollOncePerGame: once per game, it and its allies may reroll one
	// CF for free (skills.md section 3, pattern D; recommended: one reroll in
	// total per game for the Spearhead; sim/auragrants.go).
	CFRerollOncePerGame bool
	// SpecialAttacks are the special attacks its card defines in its rules
	// (profiles/cardattack.go).
	SpecialAttacks []CardAttack
	// DefendsFor and DefendedBy are its card's rules of standing in for an
	// ally in defence, or of allies standing in for it (profiles/guard.go).
	DefendsFor, DefendedBy []Guard
	// Support is how it supports allies in a melee (profiles/support.go);
	// nil for R8's +1.
	Support *SupportRule
	// GenericActions are its card's rules on Detecting, Convincing, Devouring
	// and Looting (profiles/genericactions.go); nil for none.
	GenericActions *GenericActions
	// ConditionalSkills, CopiesSkill, ImmunityWay and MarksAlly are its
	// conditional or chosen skills (profiles/conditional.go): skills held
	// while a twin is in play or when fielded by a faction, a skill copied
	// from an ally, the way of its Immunity ("choose" for the engine's
	// choice), an ally it marks at the start of the game.
	ConditionalSkills []ConditionalSkill
	CopiesSkill       *SkillCopy
	ImmunityWay       string
	MarksAlly         *AllyMark
	// Own are the modifiers of its own exchanges its card writes
	// (profiles/ownrules.go, skills.md section 3 pattern F).
	Own OwnRules
	// Wards are its damage reduction, armour reroll and saving roll
	// (profiles/wards.go, skills.md section 3 G and H).
	Wards Wards
	// APAuras are its card's rules on the AP of allies and enemies within
	// reach of it (profiles/apauras.go).
	APAuras []APAura
	// WithLeader: it activates at the same time as its Spearhead's leader
	// (skills.md section 3, pattern E; profiles/apauras.go).
	WithLeader bool
	// Reactivates: it may forgo its activation to activate an ally again
	// (profiles/apauras.go); nil when it may not.
	Reactivates *Reactivation
	// Magic is what a caster masters and knows; nil for a Safar that casts no
	// spell.
	Magic *Magic
	// Mount and Rider are set on a mounted Safar's profile (DataSet.Mounted):
	// the mount it rides and the rider's own profile; nil on foot.
	Mount *Mount
	Rider *Profile
	Pos   Pos
}

// Skill returns the skill named name and whether the profile has it.
func (p *Profile) Skill(name string) (Skill, bool) {
	for _, s := range p.Skills {
		if s.Name == name {
			return s, true
		}
	}
	return Skill{}, false
}

// Kind is the kind of an equipment item.
type Kind string

// The equipment kinds.
const (
	KindMelee  Kind = "melee"
	KindRanged Kind = "ranged"
	KindArmour Kind = "armour"
	KindShield Kind = "shield"
	// KindHelmet is a helmet: worn in a slot of its own, one per Safar, with or
	// without armour (catalogue.md section 4.6, "Helmets"): sim/helmet.go
	// plays its effects.
	KindHelmet Kind = "helmet"
	// KindItem is any other item (a charm, a potion, a seal): carried, no
	// hands. The engine plays poison doses, mastery-reroll charms, healing
	// flasks, antidotes and poison immunity (sim/poison.go, sim/items.go) and
	// the skills items grant.
	KindItem Kind = "item"
)

// Dice is a damage or count expression such as "3", "1D5", "2D5+3" or "1D10-2":
// N dice of Sides faces (5 or 10) plus Plus. A zero Dice with N == 0 is the constant Plus.
type Dice struct {
	N     int
	Sides int
	Plus  int
}

// Status is an effect put on a target: "daze", "stun" or "bleeding".
type Status string

// The statuses a weapon can inflict on a critical hit.
const (
	Daze Status = "daze"
	Stun Status = "stun"
)

// Range is a shooting weapon's range in toises (rulebook "Shooting - Range"; FR
// example "Arbalète 3/7/-"): short range is [0, Short), effective [Short, Long],
// long range beyond Long, impossible beyond Max when Max > 0.
type Range struct {
	Short, Long, Max float64
}

// ArmourStats is an armour's protection (rulebook "The armours"; R12): a roll below
// Threshold reduces damage by Failure, at or above by Success; Boxes is its lifespan.
// The data writes reductions as negatives ("plate -2/6/-3"); they are stored as
// positive amounts of damage stopped.
type ArmourStats struct {
	Failure   int
	Threshold int
	Success   int
	Boxes     int
	// VelocityMalus and other maluses keep applying while it is worn.
	VelocityMalus int
	// MalusMaxC, when not 0, limits VelocityMalus to wearers whose C is at
	// most MalusMaxC ("-1 en V si C≤4", catalogue.md 4.6 "Armour": a
	// conditional malus); 0: every wearer.
	MalusMaxC int
	// HeavyThreshold, when not 0, is a better (lower) threshold that replaces
	// Threshold for a wearer whose printed armour (Profile.Armour) already
	// stops at least as much below and from its own threshold (heavySeuil,
	// catalogue.md 4.6 "Armour"). Armour equipment only.
	HeavyThreshold int
	// Stacks marks an armour worn in a slot of its own, in addition to one
	// ordinary armour (stacksWithArmor, catalogue.md 4.6 "Armour"). Armour
	// equipment only.
	Stacks bool
	// MetalOrStone marks a metallic or stone armour: its wearer cannot swim
	// (seed 000 line 736, seed 004 line 680; `metal_or_stone: true`). Armour
	// equipment only.
	MetalOrStone bool
	// Natural marks an armour item that is the Safar's own (a shell): it does
	// not keep its wearer from swimming and is never taken off (seed 000
	// lines 654 and 1258; `natural: true`). Armour equipment only.
	Natural bool
}

// ForWearer returns the armour a as p wears it: a itself, or a copy with
// HeavyThreshold as its threshold when p's printed armour stops at least as
// much as a below and from the threshold (heavySeuil, catalogue.md 4.6
// "Armour").
func (a *ArmourStats) ForWearer(p *Profile) *ArmourStats {
	pa := p.Armour
	if a == nil || a.HeavyThreshold == 0 || pa == nil || pa.Failure < a.Failure || pa.Success < a.Success {
		return a
	}
	if h, ok := heavyArmours.Load(a); ok {
		return h.(*ArmourStats) // one copy per armour: fighters that wear it share their tables
	}
	c := *a
	c.Threshold = a.HeavyThreshold
	h, _ := heavyArmours.LoadOrStore(a, &c)
	return h.(*ArmourStats)
}

// heavyArmours holds the copy of each armour with its heavy threshold.
var heavyArmours sync.Map // *ArmourStats -> *ArmourStats

// VelocityMalusFor returns the velocity malus of a wearer of corpulence c.
func (a *ArmourStats) VelocityMalusFor(c int) int {
	if a.MalusMaxC != 0 && c > a.MalusMaxC {
		return 0
	}
	return a.VelocityMalus
}

// Equipment is one equipment card: a melee weapon, a ranged weapon, an armour or a
// shield, with its structured effects.
type Equipment struct {
	ID      string
	Name    string
	Kind    Kind
	Cost    int // Krowns
	Hands   int // 0 (worn), 1 or 2
	Effects Effects
	// Versatile marks a melee weapon held in one hand or both (hands: 1-2;
	// Hands is 1): with no shield and no second weapon it is held in both,
	// which gives an Ambidextrous Safar Riposte (skills.md #21).
	Versatile bool
	// Armour is set for Kind == KindArmour, and for a melee weapon that also
	// protects (protection and boxes on a weapon; Stacks set: it is worn in
	// the second armour slot while the weapon is held, sim/armour_slots.go).
	Armour *ArmourStats
	// ShieldBoxes is the lifespan of a shield (Kind == KindShield).
	ShieldBoxes int
	// HelmetBoxes is how many times a helmet's effect works (Kind ==
	// KindHelmet); 0: the whole game.
	HelmetBoxes int
	// Grants are the skills the item gives its holder (catalogue.md 3.8
	// "grant-skill" on equipment): the holder that lacks one takes it as
	// written, one that has it keeps the higher value. GrantsIncrement are the
	// increments of a grant "+N if present" (incrementIfPresent): a holder that
	// has the skill adds N instead. A profile's card already counts the grants
	// of its base equipment; Loadout.Holder adds those of the items a list
	// adds.
	Grants, GrantsIncrement []Skill
	// GrantsTraits are the list traits an item gives its holder
	// ("stateless", "allied of <faction>": skills.md #61, #25), read by list
	// validation for a Safar a list gives the item (the Black Guild seal,
	// catalogue.md 4.6 "Items").
	GrantsTraits []string
	// BoughtAmmunition marks a ranged weapon whose ammunition is only bought
	// (catalogue.md 4.7) and is its default purchase, the cheapest of simple
	// ammunition: fielded with no list, it has these shots and its Krowns
	// are paid; a list's loadout has what the list buys (profiles/ammunition.go).
	BoughtAmmunition *AmmunitionPurchase
	// Edge marks a melee weapon with an edge (catalogue.md 4.6 "tranchant"):
	// a list may buy it the edge upgrade, +1 damage (catalogue.md 4.8;
	// profiles/upgrades.go). It changes nothing by itself.
	Edge bool
	// Stackable marks an item a Safar may carry in several copies (poison
	// doses: catalogue.md 4.6 "stackable"); weapons need no mark.
	Stackable bool
	// ReservedTo restricts the item to a faction or a profile id, if set.
	ReservedTo []string
	// MountEquipment marks equipment for mounted Safars only (catalogue.md
	// 4.6 "mountEquipment"): MountWorn, carried by the mount (an armour of the
	// mount is worn in a slot of its own, as stacks_with_armour), or
	// RiderWorn, carried by a mounted rider; "" for any Safar.
	MountEquipment string
	Pos            Pos
}

// The values of Equipment.MountEquipment (YAML mount_equipment).
const (
	MountWorn = "mount"
	RiderWorn = "rider"
)

// Effects is the structured vocabulary of what equipment cards print.
type Effects struct {
	AttackBonus  int   // "+2 in attack"
	DefenceBonus int   // "+1 in defence" (shields and some weapons)
	DamageBonus  int   // "+1 damage"
	FixedDamage  *Dice // "3 dgts", "1D5 dgts": may be chosen instead of a characteristic (R9)
	// CriticalFrom is the lowest face of the critical range: 10 by default, 9 for
	// "CH = 9-10". Load sets it on every weapon; 0 (shields, armours, a zero
	// Effects) also means 10.
	CriticalFrom int
	NoCFAttack   bool   // "no CF in attack"
	NoCFDefence  bool   // "no CF in defence"
	NoAttackWith []Char // "no attack with A"
	NoEffectWith []Char // "no effect with C"
	// AttackAP lists the AP costs allowed for attacks ("no 1 AP attack" = [2 3],
	// "3 AP attacks only" = [3]); empty means all.
	AttackAP   []int
	Bleeding   int    // "bleeding N" on a successful attack
	OnCritical Status // "stun on CH", "daze on CH"
	// ArmourPiercing is the number of armour boxes ticked before the roll (R12);
	// N == 0 && Plus == 0 means none, "1D5" when the card gives no value.
	ArmourPiercing *Dice
	ArmourIgnore   int     // "target armour protects N less"
	Reach          float64 // toises: 0 (ZOC), 1, 1.5, 2, 2.5, 3 (MaxReach)
	// DefenceReach is a reach the weapon has in defence only ("Allonge en
	// défense uniquement"), in toises as Reach: it serves only the check
	// that an attacker stands within the defender's counter reach (seed 000
	// line 1098, seed 004 lines 1508-1510; sim: Exchange.BeyondCounterReach),
	// never an attack. 0: none.
	DefenceReach float64
	Range        *Range // ranged weapons
	Ammunition   int    // shots before it is empty; 0 = unlimited
	Rate         int    // shots between reloads; 0 = no reload needed
	ReloadAP     int    // AP to reload once Rate shots are fired
	// Munition is the kind of ammunition a ranged weapon shoots (Munitions):
	// "arrows" makes it a bow for Master archer (skills.md #47); "" unsaid.
	Munition string
	// Thrown marks a melee weapon that can be thrown once and once only (rulebook
	// "Melee weapons"); its Range then applies to the throw.
	Thrown bool
	// NoCriticalDamage and Immune are helmet effects (catalogue.md 4.6
	// "Helmets"): a CH deals its wearer no bonus damage ("Ignore les dégâts de
	// RC"); the statuses in Immune never touch it ("Immunisé aux effets sonné
	// et assommé"). A helmet with boxes plays them while boxes are left.
	NoCriticalDamage bool
	Immune           []Status
	// Poison: a weapon's successful attack poisons its target; on an item, a
	// poison dose, spent on one attack with a weapon (R17 poison; catalogue.md
	// 4.6 "poison doses ... adds the poison effect to an attack").
	Poison bool
	// PoisonDefence: a poison dose may also be spent on a defence, whose
	// counter damage then poisons the attacker (catalogue.md 4.6 "adds the
	// poison effect to an attack or defence"; sim/poison.go). Items with
	// Poison only.
	PoisonDefence bool
	// RerollField and RerollBonus: a charm that adds RerollBonus to the roll of
	// an action of field RerollField on which a mastery die is spent ("+2 sur
	// une relance de maîtrise offensive", catalogue.md 4.6 "Items"; R4;
	// sim/items.go). Items only; RerollBonus 0: none.
	RerollField Field
	RerollBonus int
	// Heal is what one healing flask gives back, drunk as an action (items
	// only, one drink per copy; sim/items.go); nil: none.
	Heal *Dice
	// Antidote: one drink per copy that stops one poison malus for 2 AP or
	// the whole poisoning for 4 AP (seed 000 lines 1153-1157; seed 004 lines
	// 1078-1082; sim/items.go). PoisonImmune: its holder is never poisoned.
	// Items only.
	Antidote, PoisonImmune bool
	// Fire and Frostbite: a weapon's successful attack sets its target on
	// fire or gives it frostbite (seed 000 lines 1352-1358 and 1372, seed 004
	// lines 1280-1288 and 1317; sim/fire.go). Weapons only.
	Fire, Frostbite bool
	// FireShots and PoisonShots are the shots of fire and of poisoned
	// ammunition among a ranged weapon's Ammunition (catalogue.md 4.7): set
	// from a list's or loadout's ammunition purchase (profiles/ammunition.go),
	// not a key of the weapon; each of those shots burns or poisons.
	FireShots, PoisonShots int
	// PiercingShots are the shots of armour-piercing ammunition among its
	// Ammunition, set as FireShots is: each is shot with armour-piercing 1
	// (R12; sim/piercing.go).
	PiercingShots int
}

// MaxReach is the longest weapon reach of the data format, in toises (a
// catalogue weapon has 3; catalogue.md section 4.6).
const MaxReach = 3.0

// ValidReach reports whether r is a weapon reach of the data format: 1 to
// MaxReach toises, in halves.
func ValidReach(r float64) bool { return r >= 1 && r <= MaxReach && r*2 == math.Trunc(r*2) }

// DataSet is a loaded, validated set of profiles and equipment.
type DataSet struct {
	Profiles  []*Profile
	Equipment []*Equipment
	// Spells holds the spells the data set defines (seed 000 chapter IV).
	Spells []*Spell
	// Mounts holds the mounts the data set defines (catalogue.md 4.11): a
	// Safar on one is the profile "<rider>-on-<mount>" (DataSet.Mounted).
	Mounts []*Mount
	// Source names where the data came from ("embedded default data" or a path).
	Source string
}

// AllowedTo reports whether p may take e: e is reserved to nobody, or to p's
// faction or to p itself (rulebook "Equipment": "Restricted to one faction or one
// character").
func (e *Equipment) AllowedTo(p *Profile) bool { return reservedAllows(e.ReservedTo, p) }

// reservedAllows reports whether a reservation (reserved_to: factions or
// profile ids) lets p take what it reserves: it is empty, or names p's faction
// or p itself.
func reservedAllows(reservedTo []string, p *Profile) bool {
	if len(reservedTo) == 0 {
		return true
	}
	return slices.ContainsFunc(reservedTo, func(r string) bool { return r == p.Faction || r == p.ID })
}
