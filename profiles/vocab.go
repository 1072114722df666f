package profiles

import (
	"regexp"
	"slices"
	"strings"
)

// The canonical skill keywords (rulebook "List of the most common skills", English
// seed 000 lines 1572-1672; French seed 004 "V. Compétences et Équipements" from line
// 1493) and the special-attack keywords (English seed 000 lines 874-890; R18).
// Skill.Name holds one of these.
const (
	SkillAffinity         = "affinity"
	SkillAmbush           = "ambush"
	SkillArchimage        = "archimage"
	SkillAuthority        = "authority"
	SkillAwakened         = "awakened"
	SkillBerserk          = "berserk"
	SkillBloodlust        = "bloodlust"
	SkillBrutalCharge     = "brutal charge"
	SkillBrutality        = "brutality"
	SkillCarnivorous      = "carnivorous"
	SkillDuellist         = "duellist"
	SkillEndurance        = "endurance"
	SkillExceptional      = "exceptional"
	SkillExecutioner      = "executioner"
	SkillHarassment       = "harassment"
	SkillHermeticism      = "hermeticism"
	SkillHeroic           = "heroic"
	SkillImmunity         = "immunity"
	SkillMaster           = "master"
	SkillMasterArcher     = "master archer"
	SkillMasterPopinjay   = "master popinjay"
	SkillRallying         = "rallying"
	SkillReach            = "reach"
	SkillRepelment        = "repelment"
	SkillResponsive       = "responsive"
	SkillSacrifice        = "sacrifice"
	SkillSadistic         = "sadistic"
	SkillScout            = "scout"
	SkillSkilledSwordsman = "skilled swordsman"
	SkillSpecialist       = "specialist"
	SkillStable           = "stable"
	SkillSurvivalInstinct = "survival instinct"
	SkillThickSkin        = "thick skin"
	SkillUnshakeableFaith = "unshakeable faith"
	SkillWarlord          = "warlord"
	// SkillTerror is the terror a Safar provokes, with its temerity threshold
	// ("terror: 12"; a card that gives no value: 10 + the Safar's level), from the
	// rulebook's "Temerity test" (English seed 000 lines 1276-1304) rather than
	// its list of skills.
	SkillTerror = "terror"

	// Skills the English rulebook does not list, under the code names of
	// skills.md section 1 ("proposed"), and the paths of magic.
	SkillAdansonia     = "adansonia"
	SkillAmbidextrous  = "ambidextrous"
	SkillBloodAndSteel = "blood and steel"
	SkillBound         = "bound"
	SkillBulky         = "bulky"
	SkillCunning       = "cunning"
	SkillEmpathy       = "empathy"
	SkillFearless      = "fearless"
	SkillFright        = "fright"
	SkillIndependent   = "independent"
	SkillLeap          = "leap"
	SkillMercy         = "mercy"
	SkillMoringa       = "moringa"
	SkillOsteomancy    = "osteomancy"
	SkillOverlord      = "overlord"
	SkillRiposte       = "riposte"
	SkillSacrificeWay  = "the sacrifice"
	SkillSavage        = "savage"
	SkillShamanism     = "shamanism"
	SkillSlender       = "slender"
	SkillStealth       = "stealth"
	SkillTemboHide     = "tembo hide"
	SkillVivacity      = "vivacity"

	// Special attacks (R18): only with the keyword, once per activation.
	SkillBunt    = "bunt"
	SkillBite    = "bite"
	SkillTrample = "trample"

	// SkillRiderSacrifice is a mount's Sacrifice X towards its rider only
	// (skills.md #51; catalogue.md 4.11, a grantedSkills entry whose precision
	// names the rider): rider and mount are one profile (DataSet.Mounted), so
	// it is the Safar's own, at the start of its activation.
	SkillRiderSacrifice = "rider sacrifice"
)

// SkillValue says what kind of value a skill keyword takes in a data file.
type SkillValue int

// The kinds of skill values.
const (
	SkillNoValue SkillValue = iota // "endurance: ~"
	SkillNumber                    // "brutality: 1", a whole number >= 1, in Skill.Value
	SkillToises                    // "reach: 1.5", a distance in toises, in Skill.Toises
	SkillField                     // "heroic: offensive", a mastery field, in Skill.Field
	SkillText                      // "berserk: bleeding", free text, in Skill.Text
	// SkillOptNumber is a whole number the card may leave out ("authority: ~",
	// "authority: 2"; catalogue.md section 7), in Skill.Value (0 when left out).
	SkillOptNumber
)

// skillValues maps every known skill keyword to the kind of value it takes,
// from the table of skills (skills.go).
var skillValues = func() map[string]SkillValue {
	m := make(map[string]SkillValue, len(skillTable))
	for _, s := range skillTable {
		if s.Name != "" {
			m[s.Name] = s.Value
		}
	}
	return m
}()

// SkillKeywords returns every skill keyword a data file may use, sorted.
func SkillKeywords() []string {
	names := make([]string, 0, len(skillValues))
	for name := range skillValues {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// SkillValueOf returns the kind of value the skill keyword name takes and whether
// name is a known keyword.
func SkillValueOf(name string) (SkillValue, bool) {
	v, ok := skillValues[name]
	return v, ok
}

// canonicalSkill folds a keyword as written ("Skilled_Swordsman", "thick-skin") to
// its canonical form ("skilled swordsman", "thick skin").
func canonicalSkill(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("_", " ", "-", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// The faction ids of the rulebook (English seed 000 lines 221-243; French seed 004
// lines 148-172), plus NoFaction for profiles without a faction logo.
const (
	Kharns     = "kharns"
	Gouns      = "gouns"
	Kherops    = "kherops"
	Fangs      = "fangs"
	Tembos     = "tembos"
	BlackGuild = "black-guild"
	// Affranchis is the catalogue's faction of free warriors (catalogue.md
	// section 4.1): a faction of its own, whose Spearheads also recruit the
	// generic (LIM X) profiles of the other peoples (its open recruitment).
	Affranchis = "affranchis"
	// NoFaction marks a profile without a faction logo, recruitable in any Spearhead
	// (English seed 000 line 245).
	NoFaction = "none"
)

// KnownFactions returns the faction ids a profile may name, in rulebook order,
// then Affranchis, followed by NoFaction.
func KnownFactions() []string {
	return []string{Kharns, Gouns, Kherops, Fangs, Tembos, BlackGuild, Affranchis, NoFaction}
}

// SpearheadFactions returns the factions a Spearhead may have: KnownFactions
// without NoFaction.
func SpearheadFactions() []string {
	f := KnownFactions()
	return f[:len(f)-1]
}

// Trait keywords with a meaning for recruitment (rulebook "Recruiting your Spearhead").
const (
	TraitStateless = "stateless"
	// TraitAlliedOf prefixes a faction id: "allied of kharns".
	TraitAlliedOf = "allied of "
)

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidID reports whether s is a valid profile or equipment id: lower-case
// kebab-case (a-z, 0-9 and single hyphens).
func ValidID(s string) bool { return idPattern.MatchString(s) }

// Field names of the YAML format.
var (
	topFields     = []string{"profiles", "equipment", "spells", "mounts"}
	profileFields = append([]string{"id", "name", "faction", "level", "cost", "limitation", "stats",
		"stature", "ap", "hp", "mastery", "skills", "equipment", "armour", "traits", "magic", "grants_allies", "stat_counts", "morale_auras", "in_leader_aura", "aura_grants", "special_attacks",
		"defends_for", "defended_by", "support", "generic_actions", "conditional_skills", "copies_skill", "immunity_way", "marks_ally",
		"damage_reduction", "armour_reroll", "saving_roll", "wider_auras", "cf_reroll_once_per_game",
		"ap_auras", "activates_with_leader", "reactivates_ally"},
		ownRuleFields...) // profiles/ownrules.go
	armourFields = []string{"protection", "boxes", "velocity_malus", "malus_max_c"}
	// armourItemFields are the keys of armour equipment only, not of a
	// profile's printed armour (catalogue.md 4.6 "Armour").
	armourItemFields = []string{"heavy_threshold", "stacks_with_armour", "metal_or_stone", "natural"}
	rangeFields      = []string{"short", "long", "max"}

	// commonEquipmentFields are allowed on every kind of equipment.
	commonEquipmentFields = []string{"id", "name", "kind", "cost", "hands", "reserved_to", "mount_equipment"}
	// weaponFields are the effect keys of weapons (melee and ranged).
	weaponFields = []string{"attack_bonus", "defence_bonus", "damage_bonus", "fixed_damage",
		"critical", "critical_from", "no_cf_attack", "no_cf_defence", "no_attack_with",
		"no_effect_with", "attack_ap", "bleeding", "on_critical", "armour_piercing",
		"armour_ignore", "poison", "fire", "frostbite"}
	// meleeOnlyFields: protection and boxes on a melee weapon make it a weapon
	// that also protects (catalogue.md 4.6 "Armour": an item of another
	// category that carries a seuil), worn in the second armour slot while held;
	// edge: the weapon takes the edge upgrade a list buys (profiles/upgrades.go).
	meleeOnlyFields  = []string{"reach", "defence_reach", "thrown", "protection", "boxes", "edge"}
	rangedOnlyFields = []string{"ammunition", "rate", "reload_ap", "munition", "bought_ammunition"}
	shieldFields     = []string{"defence_bonus", "boxes", "no_cf_defence"}
	helmetFields     = []string{"boxes", "no_critical_damage", "immune"}
	// grantFields are the skills an item gives its holder: on weapons and
	// items (catalogue.md 3.8 "grant-skill").
	grantFields = []string{"grants", "grants_increment"}
	// itemFields (grants_traits: the list traits an item gives its holder,
	// profiles/granttraits.go) are the effect keys of items (sim/poison.go, sim/items.go).
	itemFields = []string{"grants_traits", "stackable", "poison", "poison_defence", "reroll_field", "reroll_bonus", "heal", "antidote", "poison_immune"}
)

// kindFields returns the effect keys allowed on equipment of kind k (besides the
// common ones).
func kindFields(k Kind) []string {
	switch k {
	case KindMelee:
		return concat(weaponFields, meleeOnlyFields, []string{"range"}, grantFields)
	case KindRanged:
		return concat(weaponFields, rangedOnlyFields, []string{"range"}, grantFields)
	case KindArmour:
		return concat(armourFields, armourItemFields)
	case KindShield:
		return shieldFields
	case KindHelmet:
		return helmetFields
	case KindItem:
		return concat(grantFields, itemFields)
	}
	return nil
}

// EquipmentKeys returns every key an equipment entry may use, sorted.
func EquipmentKeys() []string {
	keys := concat(commonEquipmentFields, weaponFields, meleeOnlyFields, rangedOnlyFields,
		[]string{"range"}, armourFields, armourItemFields, shieldFields, helmetFields, grantFields, itemFields)
	slices.Sort(keys)
	return slices.Compact(keys)
}

func concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// The kinds of ammunition of ranged weapons (the key munition), from the
// catalogue's munitionKind (catalogue.md section 4.7: fleches, carreaux).
const (
	// MunitionArrows: a bow's. Master archer adds 1 damage to its shots
	// (skills.md #47, seed 000 line 1638).
	MunitionArrows = "arrows"
	// MunitionBolts: a crossbow's.
	MunitionBolts = "bolts"
	// MunitionDarts: a blowpipe's; the catalogue counts them among its
	// "fleches", skills.md #47 does not count the blowpipe as a bow.
	MunitionDarts = "darts"
	// MunitionStones: a sling's.
	MunitionStones = "stones"
)

// Munitions lists the values of the key munition.
var Munitions = []string{MunitionArrows, MunitionBolts, MunitionDarts, MunitionStones}

// IsBow reports whether e is a bow for Master archer (skills.md #47): a ranged
// weapon that shoots arrows.
func (e *Equipment) IsBow() bool {
	return e != nil && e.Kind == KindRanged && e.Effects.Munition == MunitionArrows
}
