package catalog

import (
	"fmt"
	"slices"
)

// specialCard is an entry of the catalogue's specialCards (catalogue.md
// section 4.12).
type specialCard struct {
	id, path  string
	name      string
	cost      int
	optional  bool           // amelioration: bought in a list
	scope     map[string]any // profileIds, trait, factionIds, ferDeLanceFactionIds
	effects   []effect
	rulesOnly bool // no structured effect: its rule is only in rulesText
	// mapped are the hand mappings of its text (--rules; listrules.go).
	mapped []cardMapping
}

// readSpecialCards reads the special cards. The automatic ones (no price, not
// an amelioration) apply to the profiles in their scope: their skill grants
// and stat changes on the card's own Safars are applied, the rest classed
// (applyCards). The bought ones are kept for list imports.
func (c *Conversion) readSpecialCards(file *notes, x any) {
	for _, co := range file.objects(x, "specialCards", "ignored", "ignored") {
		card := &specialCard{path: co.path}
		if v, ok := co.get("id"); ok {
			card.id, _ = file.str(v, co.at("id"), "ignored")
		}
		if v, ok := co.get("name"); ok {
			card.name, _ = v.(string)
		}
		if v, ok := co.get("cost"); ok {
			card.cost, _ = file.whole(v, co.at("cost"), "read as 0")
		}
		if v, ok := co.get("amelioration"); ok {
			card.optional, _ = v.(bool)
		}
		if v, ok := co.get("scope"); ok {
			card.scope, _ = v.(map[string]any)
		}
		if v, ok := co.get("effects"); ok && !isEmpty(v) {
			card.effects = readEffects(file, v, co.at("effects"))
		}
		card.rulesOnly = len(card.effects) == 0
		c.cards = append(c.cards, card)
	}
}

// applyCards applies each automatic special card to the profiles in its scope.
func (c *Conversion) applyCards(skills map[string]catalogSkill) {
	for _, card := range c.cards {
		if card.optional || card.cost > 0 {
			continue // bought in a list: kharn import list
		}
		for _, p := range c.profiles {
			if p.why != "" || !card.inScope(p) {
				continue
			}
			if card.rulesOnly {
				if len(card.mapped) == 0 {
					p.notModelledf("special card %s (its rule is only in its text: a hand mapping is needed)", card.id)
				}
				for _, m := range card.mapped {
					if m.noEffect != "" {
						p.noEffectf("special card %s: %s (hand mapping, %s)", card.id, m.noEffect, m.source)
					}
				}
				continue
			}
			ctx := &readContext{file: c.name, skills: skills, factions: c.factions}
			for _, ef := range card.effects {
				if p.allyGrant(ef) { // a grant to its Spearhead (profiles/catalog/allies.go)
					continue
				}
				if classify(&p.notes, ef, "special card "+card.id) {
					continue
				}
				p.applySelfEffect(ctx, ef, "special card "+card.id)
			}
		}
	}
}

// inScope reports whether p is in the card's scope; a scope by the
// Spearhead's faction depends on the list, and matches nobody here.
func (card *specialCard) inScope(p *profileOut) bool {
	s := card.scope
	if len(s) == 0 || s["ferDeLanceFactionIds"] != nil {
		return false
	}
	sel := map[string]any{}
	for k, v := range s {
		switch k {
		case "trait":
			sel["traits"] = []any{v}
		case "profileIds", "factionIds":
			sel[k] = v
		}
	}
	return len(sel) > 0 && p.matches(sel)
}

// cardByID returns the special card id.
func (c *Conversion) cardByID(id string) *specialCard {
	i := slices.IndexFunc(c.cards, func(k *specialCard) bool { return k.id == id })
	if i < 0 {
		return nil
	}
	return c.cards[i]
}

// munitionType is a type of ammunition on sale (catalogue.md section 4.7).
type munitionType struct {
	quantities []int // shots per price tier
	prices     []int // the kind's tierPrices, Krowns per tier
	// effect is what its shots do beyond a simple one's (munitionEffect):
	// "fire", "poisoned", "piercing", "" none or not modelled.
	effect string
}

// upgrade is an equipment upgrade a list may buy (catalogue.md section 4.8).
type upgrade struct {
	id, label string
	cost      int
	edge      bool // requiresTranchant: the edge, +1 damage
}

// readOthers reads what list imports need from the other top-level keys
// (munitionKinds, equipmentUpgrades) and consumes the keys only list building
// or display use.
func (c *Conversion) readOthers(file *notes, top *object) {
	c.munitions = make(map[string]map[string]munitionType)
	c.upgrades = make(map[string]upgrade)
	for _, k := range []string{"settings", "models", "icons"} {
		top.get(k) // list building and display only (catalogue.md section 6)
	}
	if x, ok := top.get("munitionKinds"); ok && x != nil {
		for i, ko := range file.objects(x, "munitionKinds", "ignored", "ignored") {
			id, _ := ko.m["id"].(string)
			types := make(map[string]munitionType)
			var prices []int
			ps, _ := ko.m["tierPrices"].([]any)
			for k, p := range ps {
				n, _ := file.whole(p, fmt.Sprintf("munitionKinds[%d].tierPrices[%d]", i, k), "read as 0")
				prices = append(prices, n)
			}
			ts, _ := ko.m["types"].([]any)
			for j, t := range ts {
				tm, _ := t.(map[string]any)
				tid, _ := tm["id"].(string)
				label, _ := tm["label"].(string)
				qs, _ := tm["quantities"].([]any)
				mt := munitionType{prices: prices, effect: munitionEffect(tid, label)} // ammunition.go
				for k, q := range qs {
					n, _ := file.whole(q, fmt.Sprintf("munitionKinds[%d].types[%d].quantities[%d]", i, j, k), "read as 0")
					mt.quantities = append(mt.quantities, n)
				}
				types[tid] = mt
			}
			c.munitions[id] = types
		}
	}
	if x, ok := top.get("equipmentUpgrades"); ok && x != nil {
		for i, uo := range file.objects(x, "equipmentUpgrades", "ignored", "ignored") {
			u := upgrade{}
			u.id, _ = uo.m["id"].(string)
			u.label, _ = uo.m["label"].(string)
			if v, ok := uo.m["cost"]; ok {
				u.cost, _ = file.whole(v, index("equipmentUpgrades", i)+".cost", "read as 0")
			}
			u.edge, _ = uo.m["requiresTranchant"].(bool)
			c.upgrades[u.id] = u
		}
	}
}
