package catalog

import (
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// frenchSkills maps the French skill keywords, folded (see fold), to the English
// keywords of profiles. Sources: French seed 004, "Liste des plus fréquentes",
// lines 1509-1572, against English seed 000, "List of the most common skills",
// lines 1572-1672; the special attacks from French seed 004 lines 824-833 against
// English seed 000 lines 882-890.
var frenchSkills = map[string]string{
	"affinite":           profiles.SkillAffinity,
	"allonge":            profiles.SkillReach,
	"archimage":          profiles.SkillArchimage,
	"autorite":           profiles.SkillAuthority,
	"berserk":            profiles.SkillBerserk,
	"bretteur":           profiles.SkillDuellist,
	"brutalite":          profiles.SkillBrutality,
	"carnivore":          profiles.SkillCarnivorous,
	"charge brutale":     profiles.SkillBrutalCharge,
	"chef de guerre":     profiles.SkillWarlord,
	"eclaireur":          profiles.SkillScout,
	"embuscade":          profiles.SkillAmbush,
	"endurance":          profiles.SkillEndurance,
	"en eveil":           profiles.SkillAwakened,
	"executeur":          profiles.SkillExecutioner,
	"fine lame":          profiles.SkillSkilledSwordsman,
	"foi inebranlable":   profiles.SkillUnshakeableFaith,
	"harcelement":        profiles.SkillHarassment,
	"hermetisme":         profiles.SkillHermeticism,
	"heroique":           profiles.SkillHeroic,
	"hors-norme":         profiles.SkillExceptional,
	"hors norme":         profiles.SkillExceptional,
	"immunite":           profiles.SkillImmunity,
	"instinct de survie": profiles.SkillSurvivalInstinct,
	"le sang m'attire":   profiles.SkillBloodlust,
	"maitre archer":      profiles.SkillMasterArcher,
	"maitre papegai":     profiles.SkillMasterPopinjay,
	"maitre":             profiles.SkillMaster,
	"peau dure":          profiles.SkillThickSkin,
	"ralliement":         profiles.SkillRallying,
	"receptif":           profiles.SkillResponsive,
	"repoussement":       profiles.SkillRepelment,
	"sacrifice":          profiles.SkillSacrifice,
	"sadique":            profiles.SkillSadistic,
	"specialiste":        profiles.SkillSpecialist,
	"stable":             profiles.SkillStable,
	"terreur":            profiles.SkillTerror,
	"coup de cornes":     profiles.SkillBunt,
	"morsure":            profiles.SkillBite,
	"pietinement":        profiles.SkillTrample,
}

// skillName returns the English keyword of a French skill keyword as a catalogue
// writes it ("Brutalité", "Le sang m’attire X", "Affinité (voie de magie X)"),
// and whether it is known.
func skillName(keyword string) (string, bool) {
	k := fold(keyword)
	if i := strings.IndexByte(k, '('); i >= 0 {
		k = strings.TrimSpace(k[:i])
	}
	k = strings.TrimSuffix(k, " x")
	if name, ok := frenchSkills[k]; ok {
		return name, true
	}
	// An English keyword is taken as it is.
	if _, ok := profiles.SkillValueOf(strings.ReplaceAll(k, "-", " ")); ok {
		return strings.ReplaceAll(k, "-", " "), true
	}
	return "", false
}

// masteryField returns the mastery field a catalogue names: offensive, defensive,
// tir, objectif, esoterique (French seed 004 "domaines de maîtrise"), or the
// English names.
func masteryField(s string) (profiles.Field, bool) {
	switch fold(s) {
	case "offensive", "offensif", "off", "attaque":
		return profiles.Offensive, true
	case "defensive", "defensif", "def", "defense", "defenses":
		return profiles.Defensive, true
	case "tir", "shooting", "tirs":
		return profiles.Shooting, true
	case "objectif", "objective", "objectifs", "objectives":
		return profiles.Objective, true
	case "esoterique", "esoteric", "magie":
		return profiles.Esoteric, true
	}
	return "", false
}

// factionOf maps a catalogue faction id to a faction of profiles: the six peoples
// by name, "guilde-noire" to black-guild, "affranchis" to the faction of its own
// it is (catalogue.md section 4.1), and "none" to profiles.NoFaction, the
// profiles "without any faction logo" that
// any Spearhead may recruit (English seed 000 line 245).
func factionOf(id string) (string, bool) {
	switch projectID(id) {
	case "kharns", "kharn":
		return profiles.Kharns, true
	case "gouns", "goun":
		return profiles.Gouns, true
	case "kherops", "kherop":
		return profiles.Kherops, true
	case "fangs", "fang":
		return profiles.Fangs, true
	case "tembos", "tembo":
		return profiles.Tembos, true
	case "guilde-noire", "black-guild":
		return profiles.BlackGuild, true
	case "affranchis", "affranchi":
		return profiles.Affranchis, true
	case "none":
		return profiles.NoFaction, true
	}
	return "", false
}

// traitOf maps a card trait to a trait keyword of profiles: "Apatride" is
// stateless (French seed 004 line 324, English seed 000 line 394), "Allié des X"
// is "allied of X".
func traitOf(t string) (string, bool) {
	f := fold(t)
	if f == "apatride" || f == "stateless" {
		return profiles.TraitStateless, true
	}
	for _, prefix := range []string{"allie des ", "allie de ", "allie du ", "allie d'", "allie aux ", "allied of "} {
		if rest, ok := strings.CutPrefix(f, prefix); ok {
			if fac, ok := factionOf(rest); ok && fac != profiles.NoFaction {
				return profiles.TraitAlliedOf + fac, true
			}
		}
	}
	return "", false
}
