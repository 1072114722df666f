package catalog

import (
	"slices"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// helmetRules is the table of helmet effects the engine plays (catalogue.md
// 4.6 "Helmets": "no CH bonus damage taken", "immunity to daze, stun"; the
// statuses "Sonné" = dazed and "Assommé" = stunned, French seed 004 lines 1312
// and 1319). A helmet phrase no rule matches stays named, not modelled.
var helmetRules = []phraseRule{
	rule("Ignore les dégâts de RC", "no_critical_damage",
		`(?:ignore|annule|aucun|pas de|ne subit pas|ne subit aucun) (?:les )?`+dmg+` (?:de |des |d'une |en cas de |sur (?:une )?)?(?:la |les )?(?:rc|reussites? critiques?|critiques?)`,
		func(e *equipOut, p string, m []string) string {
			return e.set("no_critical_damage", p, func() { e.ef.NoCriticalDamage = true })
		}),
	rule("Immunisé aux effets sonné et assommé", "immune",
		`immunise (?:aux?|contre)(?: les)?(?: effets?| etats?| statuts?)? (sonnee?|assommee?)(?:,? (?:et|ou) (?:aux? |a l'effet |l'effet )?(sonnee?|assommee?))?`,
		func(e *equipOut, p string, m []string) string {
			var st []profiles.Status
			for _, s := range m[1:] {
				switch {
				case strings.HasPrefix(s, "sonn"):
					st = append(st, profiles.Daze)
				case strings.HasPrefix(s, "assomm"):
					st = append(st, profiles.Stun)
				}
			}
			slices.Sort(st)
			return e.set("immune", p, func() { e.ef.Immune = slices.Compact(st) })
		}),
}

// helmetEffects maps a helmet's effect text phrase by phrase (helmetRules);
// a phrase that names a granted skill is read as such; any other is listed
// as not modelled, as the card writes it. A helmet with boxes (durability)
// keeps them: sim/helmet.go ticks one each time its effect works.
func (e *equipOut) helmetEffects(text string) {
	for _, phrase := range splitPhrases(text) {
		p := strings.TrimRight(fold(phrase), " .!")
		matched, why := false, ""
		for _, r := range helmetRules {
			if m := r.re.FindStringSubmatch(p); m != nil {
				matched, why = true, r.apply(e, phrase, m)
				break
			}
		}
		switch {
		case !matched && e.grantPhrase(phrase):
		case !matched:
			e.notModelledf("%q (helmet effects are not played by the engine)", phrase)
		case why != "":
			e.notModelledf("%q (%s)", phrase, why)
		}
	}
}
