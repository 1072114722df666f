package profiles

import "slices"

// SkillClass is the class of a skill in the design page skills.md: what part of
// the game it acts on.
type SkillClass string

// The skill classes of skills.md ("Conventions").
const (
	// ClassExchange changes an attack, a defence, damage or armour.
	ClassExchange SkillClass = "EXCHANGE"
	// ClassActivation changes AP, movement, deployment, turn order or statuses.
	ClassActivation SkillClass = "ACTIVATION"
	// ClassMorale changes temerity, terror, fright or the leader's aura.
	ClassMorale SkillClass = "MORALE"
	// ClassMagic is about spells and casting.
	ClassMagic SkillClass = "MAGIC"
	// ClassList acts on recruitment or price only.
	ClassList SkillClass = "LIST"
	// ClassOther acts in a campaign or a scenario, not in a plain fight.
	ClassOther SkillClass = "OTHER"
)

// Engine says whether and where the simulator plays a skill.
type Engine uint8

// Where the simulator plays a skill. NotModelled is the zero value: a skill is
// not played until its row says so.
const (
	// NotModelled: the engine ignores the skill and results say so.
	NotModelled Engine = iota
	// PlayedExchange: a single exchange plays it (kharn odds, the exact engine),
	// and so do duels and skirmishes.
	PlayedExchange
	// PlayedFights: duels and skirmishes play it (it needs turns or movement),
	// a single exchange does not.
	PlayedFights
	// PlayedSkirmish: only skirmishes play it (it needs allies); in a duel it
	// does nothing, as the rules say.
	PlayedSkirmish
	// ListRule: list validation and costing apply it (a recruitment rule or a
	// loadout rule); it has no effect on a fight.
	ListRule
	// NoSkirmishEffect: it acts only in the battle format, a campaign or a
	// scenario; in a skirmish it does nothing, which is not "not modelled".
	NoSkirmishEffect
	// MagicOnly: it is about spells, played by the casting exchange (sim's
	// Cast and fights' casts), never by melee exchanges.
	MagicOnly
)

// String names e as the import summary and the docs write it.
func (e Engine) String() string {
	switch e {
	case NotModelled:
		return "not modelled"
	case PlayedExchange:
		return "played (exchange, duel, skirmish)"
	case PlayedFights:
		return "played (duel, skirmish)"
	case PlayedSkirmish:
		return "played (skirmish)"
	case ListRule:
		return "list rule (list validation)"
	case NoSkirmishEffect:
		return "no effect in a skirmish"
	case MagicOnly:
		return "played by casts and spell defences (magic)"
	}
	return "?"
}

// Played reports whether the engine plays a skill with this status in a fight,
// or has nothing to play there (a list rule, no effect in a skirmish): what a
// profile "fully modelled for a skirmish" may carry.
func (e Engine) Played() bool {
	return e != NotModelled && e != MagicOnly
}

// SkillInfo is one row of the table of skills: a catalogue skill id, its
// English keyword in the data format, its class, where the engine plays it and
// the entry of skills.md or the ruling it is read from.
type SkillInfo struct {
	// ID is the catalogue's skills[].id ("coup-de-corne"); "" for a keyword no
	// catalogue skill carries (Trample is a mount's rule).
	ID string
	// Name is the keyword of the YAML data format (Skill.Name): "bunt". A LIST
	// skill that the data format holds as a trait has Trait set instead.
	Name string
	// Trait is the trait a LIST skill becomes ("stateless"; "allied of " for
	// allie, completed with the faction).
	Trait  string
	Class  SkillClass
	Battle bool // acts only in the battle format (skills.md "Battle")
	Value  SkillValue
	Engine Engine
	// Ref is where the reading comes from: the skills.md entry, the rulebook
	// line, a ruling.
	Ref string
	// Note qualifies Engine: what part is played, what part is not.
	Note string
}

// skillTable is the one table of skills: the card reader (package catalog), the
// data format's keywords (SkillValueOf), the "not modelled" lists and the docs'
// skill table all come from it. Adding a skill touches this table, the code
// that plays it and its test. The Engine column says what sim plays today
// (sim.ReadSkills and the fight rules; checked by sim's skill table test).
var skillTable = []SkillInfo{
	{ID: "carnivore", Name: SkillCarnivorous, Class: ClassActivation, Value: SkillNoValue, Engine: PlayedSkirmish, Ref: "skills.md #1; seed 000 l.1618, l.1141-1147", Note: "Devouring a carcass in its zone of control, 2 HP per AP (the default policy devours when the HP healed beat what the AP are worth); every Khârn and Fang by nature; a Fang loots a carcass only after a temerity test raised by its Bloodlust, devouring it on failing (sim/loot.go)"},
	{ID: "independant", Name: SkillIndependent, Class: ClassActivation, Battle: true, Value: SkillNoValue, Engine: NoSkirmishEffect, Ref: "skills.md #2"},
	{ID: "peau-dure", Name: SkillThickSkin, Class: ClassActivation, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #3; seed 000 l.1668"},
	{ID: "charge-brutale", Name: SkillBrutalCharge, Class: ClassActivation, Value: SkillNumber, Engine: PlayedFights, Ref: "skills.md #4; seed 000 l.1614", Note: "also while in an ally's aura or within N toises of it (a card's aura_grants, skills.md section 3 pattern D: sim/auragrants.go)"},
	{ID: "endurance", Name: SkillEndurance, Class: ClassActivation, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #5; seed 000 l.1622"},
	{ID: "instinct-de-survie", Name: SkillSurvivalInstinct, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #6; seed 000 l.1666"},
	{ID: "morsure", Name: SkillBite, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #7; seed 000 l.884; R18", Note: "a card's precision that its Bite heals as much HP as it deals (bite: {heals: true}) is played in fights (sim/bite.go: the HP the target lost, up to the starting HP; the default policy values the healing, the Bite's expected damage up to the HP lost, in choosing its first attack: sim/firstgain.go); the two characteristics are the best two the card prints, the one printed twice when it prints one (catalogue.md 4.5, sim/options.go bestTwo); a card-defined special attack (skills.md section 3 I) is a profile's special_attacks, not a skill (profiles/cardattack.go)"},
	{ID: "coup-de-corne", Name: SkillBunt, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #8; seed 000 l.880; R18", Note: "the two characteristics are the best two the card prints, the one printed twice when it prints one (catalogue.md 4.5, sim/options.go bestTwo); a card-defined special attack (skills.md section 3 I) is a profile's special_attacks, not a skill (profiles/cardattack.go)"},
	{ID: "le-sang-m-attire", Name: SkillBloodlust, Class: ClassExchange, Value: SkillNumber, Engine: PlayedExchange, Ref: "skills.md #9; seed 000 l.1612"},
	{ID: "seigneur-de-guerre", Name: SkillOverlord, Class: ClassActivation, Battle: true, Value: SkillOptNumber, Engine: NoSkirmishEffect, Ref: "skills.md #10"},
	{ID: "brutalite", Name: SkillBrutality, Class: ClassExchange, Value: SkillNumber, Engine: PlayedExchange, Ref: "skills.md #11; seed 000 l.1616", Note: "also while in an ally's aura or within N toises of it (a card's aura_grants, skills.md section 3 pattern D: sim/auragrants.go)"},
	{ID: "rusee", Name: SkillCunning, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #12", Note: "from the skill, from a weapon that grants it (its effects or its text: the holder's skill, catalogue.md 3.8), and from a card that grants it to Safars of the Spearhead (a profile's grants_allies, a list's card_grants: sim/allies.go)"},
	{ID: "en-eveil", Name: SkillAwakened, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #13; seed 000 l.1602"},
	{ID: "heroique", Name: SkillHeroic, Class: ClassExchange, Value: SkillField, Engine: PlayedExchange, Ref: "skills.md #14; seed 000 l.1632", Note: "of a way of magic: heroic: WAY, the esoteric actions of that way only (casting and defending against its spells); also while in an ally's aura or within N toises of it (a card's aura_grants, skills.md section 3 pattern D: sim/auragrants.go)"},
	{ID: "sadique", Name: SkillSadistic, Class: ClassExchange, Value: SkillOptNumber, Engine: PlayedExchange, Ref: "skills.md #15; seed 000 l.1652", Note: "a single exchange only (kharn odds --sadistic): the fight policies never spend AP on it"},
	{ID: "chef-de-guerre", Name: SkillWarlord, Class: ClassActivation, Value: SkillNumber, Engine: PlayedSkirmish, Ref: "skills.md #16; seed 000 l.1672"},
	{ID: "foi-inebranlable", Name: SkillUnshakeableFaith, Class: ClassMorale, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #17; seed 000 l.1670"},
	{ID: "embuscade", Name: SkillAmbush, Class: ClassActivation, Value: SkillNoValue, Engine: PlayedSkirmish, Ref: "skills.md #18; seed 000 l.1580-1594",
		Note: "hidden in a zone of 9 until it acts, not counted for initiative; interrupt with one melee attack at no AP when an enemy walks into its zone (sim/ambush.go); a card's precision on its first attack after the reveal (ambush: {first_attack: {threshold: N, damage: N}}: +N to the attack threshold, +N damage), which the default policy values in choosing that attack (sim/firstgain.go); an enemy's Detect action brings it out (sim/detect.go); no shot as the interrupt; duels play no ambush"},
	{ID: "merci", Name: SkillMercy, Class: ClassOther, Value: SkillNoValue, Engine: NoSkirmishEffect, Ref: "skills.md #19"},
	{ID: "osteomancie", Name: SkillOsteomancy, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #20; seed 000 l.1394"},
	{ID: "ambidextre", Name: SkillAmbidextrous, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #21", Note: "a 3 AP attack split into two 2 AP attacks, one per weapon, each defended: played in fights, and shown exactly by kharn odds under its table (sim.Split, the second against what the first left); with a weapon of hands 1-2 held in both hands it has Riposte, in every exchange"},
	{ID: "bond", Name: SkillLeap, Class: ClassActivation, Value: SkillNumber, Engine: PlayedSkirmish, Ref: "skills.md #22",
		Note: "straight walks (sim/field/leap.go): over scenery up to X high, bases of stature <= X and slowing ground stretches up to X long, landing on free ground; no path-finding round what it could leap; heights it climbs and jumps down as any Safar (sim/climb.go); a duel's table is open ground"},
	{ID: "eclaireur", Name: SkillScout, Class: ClassActivation, Value: SkillNumber, Engine: PlayedSkirmish, Ref: "skills.md #23; seed 000 l.1654",
		Note: "a melee scout deploys X toises beyond its strip, unengaged (sim/deploy.go); a shooter keeps the back line; scouts: false in a scenario forbids it; duels start at the distance given"},
	{ID: "riposte", Name: SkillRiposte, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #24", Note: "from the skill, and from Ambidextrous with a weapon of hands 1-2 held in both hands; and from a weapon that grants it (its effects or its text: the holder's skill, catalogue.md 3.8)"},
	{ID: "allie", Trait: TraitAlliedOf, Class: ClassList, Value: SkillText, Engine: ListRule, Ref: "skills.md #25; seed 000 l.396"},
	{ID: "autorite", Name: SkillAuthority, Class: ClassExchange, Value: SkillOptNumber, Engine: PlayedSkirmish, Ref: "skills.md #26; seed 000 l.1598", Note: "any ally's attack or defence rolls, its own dice first; X is the most dice lent per turn (none: all its dice); not while terrorised or frightened"},
	{ID: "executeur", Name: SkillExecutioner, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #27; seed 000 l.1626"},
	{ID: "fluet", Name: SkillSlender, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #28"},
	{ID: "harcelement", Name: SkillHarassment, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #29; seed 000 l.1628", Note: "a card's precision that extends it to every 2 and 3 AP melee attack (harassment: {every_melee_attack: true}) is played in exchanges and fights: each such successful attack also gets the free V effect, the once per activation kept for another attack (sim/exact.go hitEffects, sim/harassment.go)"},
	{ID: "hors-norme", Name: SkillExceptional, Class: ClassExchange, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #30; seed 000 l.1624", Note: "a loadout rule: profiles' loadout validation lets it hold a shield with a two-handed weapon"},
	{ID: "khemiste", Trait: "khemiste", Class: ClassList, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #31"},
	{ID: "receptif", Name: SkillResponsive, Class: ClassMagic, Value: SkillText, Engine: MagicOnly, Ref: "skills.md #32; seed 000 l.1648"},
	{ID: "vivacite", Name: SkillVivacity, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #33", Note: "melee attacks (--attack 2:PA:A+vivacity); the free attack engages its best characteristic twice"},
	{ID: "bretteur", Name: SkillDuellist, Class: ClassExchange, Value: SkillNumber, Engine: PlayedFights, Ref: "skills.md #34; seed 000 l.1620", Note: "once per turn: fights only"},
	{ID: "maitre", Name: SkillMaster, Class: ClassExchange, Value: SkillField, Engine: PlayedExchange, Ref: "skills.md #35; seed 000 l.1636", Note: "of a way of magic: master: WAY, the esoteric actions of that way only (casting and defending against its spells); of Convincing/negotiating: master: negotiating, that action only (a scenario's neutral, sim/negotiation.go); of Looting, whose only roll is a Fang's temerity test, which no mastery die rerolls (seed 000 l.1272): named by the importer, no field written"},
	{ID: "moringa", Name: SkillMoringa, Class: ClassExchange, Value: SkillNumber, Engine: PlayedSkirmish, Ref: "skills.md #36", Note: "the policy passes damage that saves the bearer or evens out HP, never felling the receiver"},
	{ID: "fine-lame", Name: SkillSkilledSwordsman, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #37; seed 000 l.1656"},
	{ID: "ralliement", Name: SkillRallying, Class: ClassMorale, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #38; seed 000 l.1642"},
	{ID: "adansonia", Name: SkillAdansonia, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #39; seed 000 l.1414"},
	{ID: "armure-naturelle-tembo", Name: SkillTemboHide, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #40", Note: "against the damage of attacks and counters; bleeding and collisions are taken in full"},
	{ID: "corpulent", Name: SkillBulky, Class: ClassActivation, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #41", Note: "free moves of V effects 0.5 toise, V/2 for two in one exchange; walks not slowed by loose, slippery or difficult ground"},
	{ID: "specialiste", Name: SkillSpecialist, Class: ClassExchange, Value: SkillField, Engine: PlayedExchange, Ref: "skills.md #42; seed 000 l.1658", Note: "of a way of magic: specialist: WAY, the esoteric actions of that way only (casting and defending against its spells)"},
	{ID: "tembo", Trait: "tembo", Class: ClassList, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #43"},
	{ID: "furtivite", Name: SkillStealth, Class: ClassExchange, Value: SkillOptNumber, Engine: PlayedExchange, Ref: "skills.md #44", Note: "the printed value replaces the level"},
	{ID: "maitre-papegai", Name: SkillMasterPopinjay, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #45; seed 000 l.1640", Note: "shots from more than 2 toises below the target: in a single exchange (kharn odds --height) and in skirmishes from the foot of a top a Safar stands on (sim/climb.go); the duel line is flat"},
	{ID: "frere-d-armes", Trait: "frere-d-armes", Class: ClassList, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #46"},
	{ID: "maitre-archer", Name: SkillMasterArcher, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #47; seed 000 l.1638", Note: "a bow is a ranged weapon with munition: arrows (the catalogue's fleches, the blowpipe's read as darts)"},
	{ID: "stable", Name: SkillStable, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #48; seed 000 l.1664; French seed 004 l.1580"},
	{ID: "le-sang-et-l-acier", Name: SkillBloodAndSteel, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #49; seed 000 l.1402"},
	{ID: "repoussement", Name: SkillRepelment, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #50; seed 000 l.1646"},
	{ID: "sacrifice", Name: SkillSacrifice, Class: ClassActivation, Value: SkillNumber, Engine: PlayedSkirmish, Ref: "skills.md #51; seed 000 l.1650", Note: "any ally, at the start of its activation; the policy sacrifices when the AP is worth more to the ally's attacks than the HP, never falling for it"},
	{ID: "aliene", Name: SkillBound, Class: ClassMorale, Value: SkillText, Engine: PlayedExchange, Ref: "skills.md #52", Note: "no temerity test (a Bite's included) and no fright test; the bond to its master is a list rule"},
	{ID: "effroi", Name: SkillFright, Class: ClassMorale, Value: SkillNumber, Engine: PlayedFights, Ref: "skills.md #53; seed 000 l.1308-1337; seed 004 l.1252-1280", Note: "tests before the first melee roll against it, again at each activation start while engaged; a lost zone of control (results 2-3) changes nothing, engagement being read from either Safar's zone; the data has no weapon fright"},
	{ID: "immunise-effroi-terreur", Name: SkillFearless, Class: ClassMorale, Value: SkillNoValue, Engine: PlayedExchange, Ref: "skills.md #54", Note: "no temerity test (alone, terror, a Bite's) and no fright test"},
	{ID: "shamanisme", Name: SkillShamanism, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #55; seed 000 l.1398"},
	{ID: "berserk", Name: SkillBerserk, Class: ClassExchange, Value: SkillText, Engine: PlayedFights, Ref: "skills.md #56; seed 000 l.1604-1610", Note: "triggered by bleeding, or by the death of a named ally (berserk: death of ID, an ally's profile id, model or trait; sim/berserk.go): that one in skirmishes only, a duel having no ally; another trigger is not modelled"},
	{ID: "le-sacrifice", Name: SkillSacrificeWay, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #57; seed 000 l.1408"},
	{ID: "sauvage", Name: SkillSavage, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #58", Note: "the assault bonus on every attack after an assault; no scenario actions: never holds, contests, picks up or carries an objective (sim/objectives.go)"},
	{ID: "synkherce", Trait: "synkherce", Class: ClassList, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #59"},
	{ID: "affinite", Name: SkillAffinity, Class: ClassMagic, Value: SkillText, Engine: MagicOnly, Ref: "skills.md #60; seed 000 l.1578"},
	{ID: "apatride", Trait: TraitStateless, Class: ClassList, Value: SkillNoValue, Engine: ListRule, Ref: "skills.md #61; seed 000 l.394", Note: "also from an item a list gives (the Black Guild seal: grants_traits, profiles/granttraits.go)"},
	{ID: "empathie", Name: SkillEmpathy, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedFights, Ref: "skills.md #62", Note: "a mounted Safar is one profile whose stature is the rider's plus the mount's in every case (DataSet.Mounted), which is Empathy; on foot it has no partner; a pair without Empathy is composed the same way, no rule saying which cases would count one stature only"},
	{ID: "terreur", Name: SkillTerror, Class: ClassMorale, Value: SkillNumber, Engine: PlayedFights, Ref: "skills.md #63; seed 000 l.1274-1306"},
	{ID: "allonge", Name: SkillReach, Class: ClassExchange, Value: SkillToises, Engine: PlayedFights, Ref: "skills.md #64; seed 000 l.1644"},
	{ID: "archimage", Name: SkillArchimage, Class: ClassMagic, Value: SkillNoValue, Engine: MagicOnly, Ref: "skills.md #65; seed 000 l.1596"},
	{ID: "hermetisme", Name: SkillHermeticism, Class: ClassMagic, Value: SkillNumber, Engine: MagicOnly, Ref: "skills.md #66; seed 000 l.1630"},
	{ID: "immunite", Name: SkillImmunity, Class: ClassMagic, Value: SkillText, Engine: MagicOnly, Ref: "skills.md #67; seed 000 l.1634"},
	// Keywords of the data format no catalogue skill id carries.
	{Name: SkillTrample, Class: ClassExchange, Value: SkillNoValue, Engine: PlayedExchange, Ref: "seed 000 l.890; R18 (a mount's rule in the catalogue)"},
	{Name: SkillRiderSacrifice, Class: ClassActivation, Value: SkillNumber, Engine: PlayedFights, Ref: "skills.md #51; seed 000 l.1650; catalogue.md 4.11 (a mount's Sacrifice towards its rider)", Note: "a mount's, for its rider: rider and mount are one Safar, which at the start of its activation may lose X HP for good and gain 1 AP, once per turn; the policy sacrifices when the AP is worth more to its attacks than the HP, never falling for it"},
}

// Skills returns the table of skills, in skills.md order, then the keywords no
// catalogue skill carries. The slice is a copy.
func Skills() []SkillInfo { return slices.Clone(skillTable) }

// SkillByID returns the row of the catalogue skill id ("coup-de-corne").
func SkillByID(id string) (SkillInfo, bool) {
	for _, s := range skillTable {
		if s.ID != "" && s.ID == id {
			return s, true
		}
	}
	return SkillInfo{}, false
}

// SkillByName returns the row of a data-format skill keyword ("bunt").
func SkillByName(name string) (SkillInfo, bool) {
	for _, s := range skillTable {
		if s.Name != "" && s.Name == name {
			return s, true
		}
	}
	return SkillInfo{}, false
}

// SkillEngine returns where the engine plays the skill keyword name;
// NotModelled for a keyword the table does not hold.
func SkillEngine(name string) Engine {
	s, _ := SkillByName(name)
	return s.Engine
}

// NotModelledSkills returns the skills of p that the engine does not play, as
// the table of skills says, in card order and once each: what a result on p
// is computed without ("fair cost computed without: ambush, authority"). Magic
// skills are left out (magic is out of scope, counted apart), and so are list
// rules and skills with no effect in a skirmish. A Berserk with another
// trigger than bleeding or the death of a named ally is named too.
func NotModelledSkills(p *Profile) []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, s := range p.Skills {
		switch {
		case s.Name == SkillBerserk:
			if _, _, ok := BerserkTrigger(s.Text); !ok {
				add(s.Name + " (" + s.Text + ")")
			}
		case SkillEngine(s.Name) == NotModelled:
			add(s.Name)
		}
	}
	return out
}
