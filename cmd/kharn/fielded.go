package main

import (
	"fmt"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
	"github.com/kharn-ages/kharn/reports"
)

// fieldedItems returns the equipment p fights with when a list fields it
// (profiles.DataSet.Fielded): its card's, plus its cheapest legal weapon when
// the card holds none (issue #12 section 5: such profiles would otherwise fight
// bare-handed in every analysis).
func fieldedItems(ds *profiles.DataSet, p *profiles.Profile) []*profiles.Equipment {
	l, _ := ds.Fielded(p)
	return l.Items(ds)
}

// partlyModelled names the profiles of ps the engine plays only in part, once
// each, in order, each with what its results are computed without
// (profiles.ComputedWithout): "prince-3 (without spells)". It never returns
// nil, so that JSON shows an empty list.
func partlyModelled(ps ...*profiles.Profile) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, p := range ps {
		if p == nil || seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		if w := profiles.ComputedWithout(p); len(w) > 0 {
			out = append(out, fmt.Sprintf("%s (without %s)", p.ID, strings.Join(w, ", ")))
		}
	}
	return out
}

// computedWithoutText flags a result on a partly modelled profile:
// "; computed without: ambush, spells"; "" when fully modelled.
func computedWithoutText(without []string) string {
	if len(without) == 0 {
		return ""
	}
	return "; computed without: " + strings.Join(without, ", ")
}

// modelledParagraphs are the summary's words on the profiles whose verdicts
// need a caveat: the partly modelled ones (their results computed without
// what is named, and left out of the fair costs' reference pool), and those
// whose card holds no weapon (assessed with their cheapest legal weapon).
// None when there are none.
func modelledParagraphs(ds *profiles.DataSet) []string {
	var out []string
	if partly := partlyModelled(ds.Profiles...); len(partly) > 0 {
		out = append(out, fmt.Sprintf("Partly modelled, %d of %s: %s. Their duel results and fair costs are computed without what is named "+
			"(their rows say so), and they are left out of the fair costs' reference pool.",
			len(partly), reports.Count(len(ds.Profiles), "profile"), strings.Join(partly, ", ")))
	}
	var armed []string
	for _, p := range ds.Profiles {
		if l, ok := ds.Fielded(p); len(l.Add) > 0 {
			armed = append(armed, fmt.Sprintf("%s (%s)", p.ID, l.Label()))
		} else if !ok {
			armed = append(armed, p.ID+" (no legal weapon: bare hands)")
		}
	}
	if len(armed) > 0 {
		out = append(out, fmt.Sprintf("No weapon on the card (weapons bought at recruitment), %d of %s: %s. "+
			"They are assessed as a list fields them, with their cheapest legal weapon, its cost added to the card's in the fair costs.",
			len(armed), reports.Count(len(ds.Profiles), "profile"), strings.Join(armed, ", ")))
	}
	return out
}
