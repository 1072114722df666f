package catalog

import (
	"regexp"
	"strings"

	"github.com/kharn-ages/kharn/profiles"
)

// The catalogue gives an armour no material (catalogue.md 4.6 "Armour": a
// category, protection fields, durability, heavySeuil, stacksWithArmor; the
// profile armour's natural flag is never set in 0.5.6). The swimming rule
// needs one: "A Safar wearing a metallic or stone armour cannot swim" (seed
// 000 line 736, seed 004 line 680), while "natural armour (for example a
// shell) does not prevent the Safar who wears it from swimming" (seed 000
// line 654, seed 004 line 589). What tells it is the armour's French name,
// and its text where that names a material: a word of metal or stone
// (mailles, plates, cuirasse, fer, acier, bronze, métal, pierre...) makes it
// metal_or_stone, a shell or a natural armour (carapace, "armure naturelle")
// natural, and a word of leather, hide, cloth, bark, bone or wood
// (cuir, peau, fourrure, matelassé, écorce, os, bois...) an armour that
// swims. An armour whose name and text name no material, or name both a
// metal and a soft one, is read as one that swims (the engine's default)
// with a warning on its name's JSON path, so that the user can set
// metal_or_stone by hand.

// Material words, matched as whole words of the folded name and text.
var (
	metalWords   = regexp.MustCompile(`\b(?:mailles?|cotte|haubert|broigne|plates?|plaques?|cuirasse|harnois|fer|acier|bronze|cuivre|metal|metallique|pierres?|roche|granit)\b`)
	naturalWords = regexp.MustCompile(`\b(?:carapace|armure naturelle|coquille)\b`)
	softWords    = regexp.MustCompile(`\b(?:cuir|cuirs|peaux?|fourrures?|tissu|matelassee?|gambison|ecorce|os|bois|osier|jonc|roseaux?|plumes?|lin|laine|feutre)\b`)
)

// readMaterial sets the material of an armour item from its name and text.
func (e *equipOut) readMaterial(o *object) {
	if e.kind != profiles.KindArmour {
		return
	}
	f := strings.ReplaceAll(fold(e.name+" | "+e.effectsText), "fer de lance", "") // the Spearhead, no iron
	metal, natural, soft := metalWords.FindString(f), naturalWords.FindString(f), softWords.FindString(f)
	switch {
	case natural != "" && metal == "":
		e.armour.Natural = true
	case metal != "" && natural == "" && soft == "":
		e.armour.MetalOrStone = true
	case metal != "":
		other := natural + soft
		if natural != "" && soft != "" {
			other = natural + `" and "` + soft
		}
		e.problemf(o.at("name"), "%q names a metal or stone (%q) and another material (%q): read as an armour its wearer may swim in; set metal_or_stone: true by hand if it is metal or stone (seed 000 line 736)", e.name, metal, other)
	case soft == "":
		e.problemf(o.at("name"), "%q names no material (metal or stone, leather, hide, shell...): read as an armour its wearer may swim in; set metal_or_stone: true by hand if it is metal or stone (seed 000 line 736)", e.name)
	}
}

// writeMaterial writes what readMaterial read, as YAML keys of an armour.
func (e *equipOut) writeMaterial(kv func(key, value string)) {
	if e.armour.MetalOrStone {
		kv("metal_or_stone", "true")
	}
	if e.armour.Natural {
		kv("natural", "true")
	}
}
