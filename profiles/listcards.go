package profiles

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A list's card fields are what special cards (skills.md section 3.2) give a
// Spearhead: skills (card_grants, profiles/allies.go), the option to defend
// for an ally (card_defends_for, profiles/guard.go), the cover a model always
// counts (card_cover, below). kharn import list writes them from the cards a
// list fields: a card's structured effects, and a card's text mapped by hand
// in a rules mapping's list: key (DecodeListCardFields).

// listCardFields are the list fields that special cards give, in the list
// format's order; a list-level card field added later joins them, and so the
// rules mapping's list: key takes it.
var listCardFields = []string{"card_grants", "card_defends_for", "card_cover", "card_banners", "card_double_damage", "card_heroic", "card_aura_grants", "card_returns", "card_steals_ap", "card_spell_drain", "card_one_faction_support", "card_skips_for_ally", "card_mastery_domains", "card_borrows_mastery", "card_keeps_mastery_on_ch", "card_pushes_damage", "card_beasts", "card_shared_skills", "card_returns_in_ally", "card_crit_drain", "card_way_bonus", "card_extra_action", "card_turn_order"}

// ListCardFields returns the list-level card fields (listCardFields).
func ListCardFields() []string { return slices.Clone(listCardFields) }

// CardCover is a special card's rule by which the Safars To names always
// count as in cover against shots (skills.md section 3.2: "a model always
// counted in cover"), with cover bonus Bonus (seed 000 lines 914-946, the
// cover table): the card gives no height, so the default reads it as cover
// at least as tall as the Safar, the table's best bonus, 3. It adds to no
// other cover: a shot counts the best of the field's, a spell's and the
// card's (sim/cardcover.go). Shots only: "a miniature cannot take advantage
// of a cover bonus in a melee attack" (seed 000 lines 930-934).
type CardCover struct {
	To    Selector
	Bonus int
	Pos   Pos
}

// DefaultCardCoverBonus is a card_cover's bonus when left out: the cover
// table's bonus behind cover as tall as the Safar (seed 000 lines 940-946).
const DefaultCardCoverBonus = 3

// cardCovers decodes a list's card_cover.
func (d *decoder) cardCovers(n *yaml.Node, field string) []CardCover {
	var out []CardCover
	for e := range d.entries(n, field) {
		c := CardCover{Bonus: DefaultCardCoverBonus, Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				c.To = d.selector(f.v, ff)
			case "bonus":
				c.Bonus, _ = d.intIn(f.v, ff, 1, 3, "bonus must be from 1 to 3 (the cover table's bonuses, seed 000 lines 940-946)")
			default:
				d.unknown(f.k, ff, f.key, []string{"to", "bonus"})
			}
		}
		e.require("to")
		out = append(out, c)
	}
	return out
}

// listCardField decodes the list card field key of l from v at field; it
// reports false when key is none (listCardFields).
func (d *decoder) listCardField(l *List, key string, v *yaml.Node, field string) bool {
	switch key {
	case "card_grants":
		l.CardGrants = append(l.CardGrants, d.allyGrants(v, field)...) // profiles/allies.go
	case "card_defends_for":
		l.CardDefends = append(l.CardDefends, d.guards(v, field, key)...) // profiles/guard.go
	case "card_cover":
		l.CardCover = append(l.CardCover, d.cardCovers(v, field)...)
	case "card_banners":
		l.CardBanners = append(l.CardBanners, d.cardBanners(v, field)...)
	case "card_double_damage":
		l.CardDoubles = append(l.CardDoubles, d.cardDoubles(v, field)...)
	case "card_heroic":
		l.CardHeroics = append(l.CardHeroics, d.cardHeroics(v, field)...)
	case "card_aura_grants":
		l.CardAuraGrants = append(l.CardAuraGrants, d.cardAuraGrants(v, field)...)
	case "card_returns":
		l.CardReturns = append(l.CardReturns, d.cardReturns(v, field)...)
	case "card_steals_ap":
		l.CardStealsAP = append(l.CardStealsAP, d.cardStealsAP(v, field)...)
	case "card_spell_drain":
		l.CardSpellDrains = append(l.CardSpellDrains, d.cardSpellDrains(v, field)...)
	case "card_one_faction_support":
		l.CardOneFaction = append(l.CardOneFaction, d.cardOneFactions(v, field)...)
	case "card_skips_for_ally":
		l.CardSkipsFor = append(l.CardSkipsFor, d.cardSkipsFor(v, field)...)
	case "card_mastery_domains":
		l.CardMasteryDomains = append(l.CardMasteryDomains, d.cardMasteryDomains(v, field)...)
	case "card_borrows_mastery":
		l.CardBorrowsMastery = append(l.CardBorrowsMastery, d.cardBorrowsMastery(v, field)...)
	case "card_keeps_mastery_on_ch":
		l.CardKeepsMastery = append(l.CardKeepsMastery, d.cardKeepsMastery(v, field)...)
	case "card_pushes_damage":
		l.CardPushesDamage = append(l.CardPushesDamage, d.cardPushesDamage(v, field)...)
	case "card_beasts":
		l.CardBeasts = append(l.CardBeasts, d.cardBeasts(v, field)...)
	case "card_shared_skills":
		l.CardSharedSkills = append(l.CardSharedSkills, d.cardSharedSkills(v, field)...)
	case "card_returns_in_ally":
		l.CardReturnsInAlly = append(l.CardReturnsInAlly, d.cardReturnsInAlly(v, field)...)
	case "card_crit_drain":
		l.CardCritDrains = append(l.CardCritDrains, d.cardCritDrains(v, field)...)
	case "card_way_bonus":
		l.CardWayBonuses = append(l.CardWayBonuses, d.cardWayBonuses(v, field)...)
	case "card_extra_action":
		l.CardExtraActions = append(l.CardExtraActions, d.cardExtraActions(v, field)...)
	case "card_turn_order":
		l.CardTurnOrders = append(l.CardTurnOrders, d.cardTurnOrders(v, field)...)
	default:
		return false
	}
	return true
}

// DecodeListCardFields checks n, read from file at field, as the list card
// fields a special card's rule amounts to (ListCardFields), decoded as in a
// list file: every problem is reported at once, each "file:line:col:
// field.key: message", the same messages as in a list file. It returns the
// fields decoded, held by a List with nothing else, and the keys given, in
// order.
func DecodeListCardFields(file string, n *yaml.Node, field string) (*List, []string, error) {
	d := &decoder{file: file, budget: nodeBudget}
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil, nil, d.errs
	}
	if len(fields) == 0 {
		d.errorf(deref(n), field, "want a mapping of list card fields, e.g. {card_cover: [{to: all}]} (the fields: %s)", strings.Join(listCardFields, ", "))
		return nil, nil, d.errs
	}
	l := &List{}
	var keys []string
	for _, f := range fields {
		ff := join(field, f.key)
		switch {
		case slices.Contains(keys, f.key):
			d.errorf(f.k, ff, "given twice")
		case slices.Contains(listFields, f.key):
			d.errorf(f.k, ff, "%s is the list's own, not a card's; a special card's rule sets only %s", f.key, strings.Join(listCardFields, ", "))
		case d.listCardField(l, f.key, f.v, ff):
			keys = append(keys, f.key)
		default:
			d.unknown(f.k, ff, f.key, listCardFields)
		}
	}
	if len(d.errs) > 0 {
		return nil, nil, d.errs
	}
	return l, keys, nil
}

// AddCardFields appends the list card fields of from (ListCardFields) to
// l's.
func (l *List) AddCardFields(from *List) {
	l.CardGrants = append(l.CardGrants, from.CardGrants...)
	l.CardDefends = append(l.CardDefends, from.CardDefends...)
	l.CardCover = append(l.CardCover, from.CardCover...)
	l.CardBanners = append(l.CardBanners, from.CardBanners...)
	l.CardDoubles = append(l.CardDoubles, from.CardDoubles...)
	l.CardHeroics = append(l.CardHeroics, from.CardHeroics...)
	l.CardAuraGrants = append(l.CardAuraGrants, from.CardAuraGrants...)
	l.CardReturns = append(l.CardReturns, from.CardReturns...)
	l.CardStealsAP = append(l.CardStealsAP, from.CardStealsAP...)
	l.CardSpellDrains = append(l.CardSpellDrains, from.CardSpellDrains...)
	l.CardOneFaction = append(l.CardOneFaction, from.CardOneFaction...)
	l.CardSkipsFor = append(l.CardSkipsFor, from.CardSkipsFor...)
	l.CardMasteryDomains = append(l.CardMasteryDomains, from.CardMasteryDomains...)
	l.CardBorrowsMastery = append(l.CardBorrowsMastery, from.CardBorrowsMastery...)
	l.CardKeepsMastery = append(l.CardKeepsMastery, from.CardKeepsMastery...)
	l.CardPushesDamage = append(l.CardPushesDamage, from.CardPushesDamage...)
	l.CardBeasts = append(l.CardBeasts, from.CardBeasts...)
	l.CardSharedSkills = append(l.CardSharedSkills, from.CardSharedSkills...)
	l.CardReturnsInAlly = append(l.CardReturnsInAlly, from.CardReturnsInAlly...)
	l.CardCritDrains = append(l.CardCritDrains, from.CardCritDrains...)
	l.CardWayBonuses = append(l.CardWayBonuses, from.CardWayBonuses...)
	l.CardExtraActions = append(l.CardExtraActions, from.CardExtraActions...)
	l.CardTurnOrders = append(l.CardTurnOrders, from.CardTurnOrders...)
}

// CardBanner is a special card's standard: the Safars By names bear it, and
// the allies To names standing in a bearer's aura (I toises from the centre
// of its base, seed 000 lines 585-593) reroll a failed terror or fright
// test once (RerollTerror; skills.md 3.2: "a banner that keeps 1 AP for
// defence, rerolls failed terror and fright tests once, and gives a mastery
// die"), and they always have DefenceAP AP to defend with (the 1 AP it
// keeps for defence); its mastery die is MasteryDie, its bearer's
// (sim/cardmastery.go).
type CardBanner struct {
	By, To Selector
	// RerollTerror: a failed temerity test against terror (seed 000 lines
	// 1280-1306) or fright test (lines 1316-1337) is rolled again once, the
	// second roll standing.
	RerollTerror bool
	// DefenceAP: the allies To names in a bearer's aura always have that
	// many AP to defend with, even at 0 AP left, not kept (0: none): pattern
	// E's defence_ap (APAura.DefenceAP, profiles/apauras.go), played by the
	// same engine path as a profile's ap_auras (sim/banner.go).
	DefenceAP int
	// MasteryDie: the fields of the mastery die the banner gives (nil:
	// none). The card does not say to whom; the reading (branch cards3b):
	// each bearer, as one more mastery die of its own with these fields,
	// the shape of the catalogue's grant-mastery-die effect (catalogue.md
	// 3.8: "one extra mastery die with those domains"; sim/cardmastery.go).
	MasteryDie []Field
	Pos        Pos
}

// cardBannerFields are the keys of a card_banners entry.
var cardBannerFields = []string{"by", "to", "reroll_terror", "defence_ap", "mastery_die"}

// cardBanners decodes a list's card_banners.
func (d *decoder) cardBanners(n *yaml.Node, field string) []CardBanner {
	var out []CardBanner
	for e := range d.entries(n, field) {
		b := CardBanner{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				b.By = d.selector(f.v, ff)
			case "to":
				b.To = d.selector(f.v, ff)
			case "reroll_terror":
				b.RerollTerror, _ = d.boolValue(f.v, ff)
			case "defence_ap":
				b.DefenceAP, _ = d.intIn(f.v, ff, 1, 2, "defence_ap "+apAuraMessage+" (the AP its allies always have to defend with; skills.md 3.2: \"keeps 1 AP for defence\")")
			case "mastery_die":
				b.MasteryDie = d.masteryDie(f.v, ff, "the fields of the mastery die the banner gives its bearer, e.g. mastery_die: [offensive, defensive]; skills.md 3.2: \"gives a mastery die\"")
			default:
				d.unknown(f.k, ff, f.key, cardBannerFields)
			}
		}
		if e.require("by", "to") && !b.RerollTerror && !e.present["defence_ap"] && !e.present["mastery_die"] {
			d.errorf(e.node, e.field, "a banner gives nothing: write reroll_terror: true (a failed terror or fright test rerolled once), defence_ap: 1 (1 AP always kept to defend with) or mastery_die: [FIELDS] (a mastery die for its bearer; skills.md 3.2)")
		}
		out = append(out, b)
	}
	return out
}

// CardDouble is a special card's rule by which the Safars By names deal
// double damage with their attacks against an enemy in the state Against
// names (skills.md section 3.2: "double damage against poisoned targets";
// sim/carddouble.go). The one state: "poisoned" (R17).
type CardDouble struct {
	By      Selector
	Against string
	Pos     Pos
}

// DoubleAgainstPoisoned is the state of a CardDouble's target: poisoned.
const DoubleAgainstPoisoned = "poisoned"

// cardDoubles decodes a list's card_double_damage.
func (d *decoder) cardDoubles(n *yaml.Node, field string) []CardDouble {
	var out []CardDouble
	d.byAgainst(n, field, DoubleAgainstPoisoned, func(by Selector, against string, pos Pos) {
		out = append(out, CardDouble{By: by, Against: against, Pos: pos})
	})
	return out
}

// byAgainst decodes a list of {by: SELECTOR, against: STATE} entries, the
// rules of a special card for the Safars by names against an enemy in a
// state (card_double_damage, card_heroic), state the one the field knows:
// each entry is given to each, with its position.
func (d *decoder) byAgainst(n *yaml.Node, field, state string, each func(by Selector, against string, pos Pos)) {
	for e := range d.entries(n, field) {
		var by Selector
		var against string
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				by = d.selector(f.v, ff)
			case "against":
				if v, ok := d.stringValue(f.v, ff); ok {
					if v != state {
						d.errorf(deref(f.v), ff, "unknown target state %q (known: %s; skills.md 3.2)", v, state)
					}
					against = v
				}
			default:
				d.unknown(f.k, ff, f.key, []string{"by", "against"})
			}
		}
		e.require("by", "against")
		each(by, against, e.pos)
	}
}

// CardHeroic is a special card's rule by which the Safars By names have
// Heroic attack (skills.md #14: one more die on their melee attacks, the
// offensive domain) against an enemy in the state Against names (skills.md
// section 3.2: "Heroic attack for a warrior of its people that it made
// bleed"; sim/cardheroic.go). The one state: "bleeding-from-it", an enemy
// bleeding from the Safar's own attack.
type CardHeroic struct {
	By      Selector
	Against string
	Pos     Pos
}

// HeroicAgainstItsBleeding is the state of a CardHeroic's target: bleeding
// from the attacker's own attack.
const HeroicAgainstItsBleeding = "bleeding-from-it"

// cardHeroics decodes a list's card_heroic.
func (d *decoder) cardHeroics(n *yaml.Node, field string) []CardHeroic {
	var out []CardHeroic
	d.byAgainst(n, field, HeroicAgainstItsBleeding, func(by Selector, against string, pos Pos) {
		out = append(out, CardHeroic{By: by, Against: against, Pos: pos})
	})
	return out
}

// CardAuraGrant is a special card's aura given to the Safars By names: each
// of them carries Grant as if its own card had it in aura_grants (pattern
// D, profiles/auragrants.go: skills or buffs for the allies To names in its
// aura, or within a distance, while they stand there). It plays the Goûn
// aura upgrades of skills.md section 3.2 ("aura upgrades for Goûns (+1
// stature; ...)"): {by: the Goûns whose aura it upgrades, to: the allies,
// within: aura, stature: 1}; sim/cardaura.go.
type CardAuraGrant struct {
	By    Selector
	Grant AuraGrant
}

// cardAuraGrants decodes a list's card_aura_grants: each entry an
// aura_grants entry (auraGrants, the same keys and messages) with by, the
// Safars that carry it.
func (d *decoder) cardAuraGrants(n *yaml.Node, field string) []CardAuraGrant {
	elems, ok := d.sequence(n, field)
	if !ok {
		return nil
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	bys := make([]Selector, len(elems))
	for i, e := range elems {
		m := deref(e)
		if m == nil || m.Kind != yaml.MappingNode {
			seq.Content = append(seq.Content, e) // auraGrants reports it
			continue
		}
		c := *m
		c.Content = nil
		by := false
		for k := 0; k+1 < len(m.Content); k += 2 {
			if m.Content[k].Value == "by" {
				bys[i], by = d.selector(m.Content[k+1], join(index(field, i), "by")), true
				continue
			}
			c.Content = append(c.Content, m.Content[k], m.Content[k+1])
		}
		if !by {
			d.errorf(m, index(field, i), "missing field %q (the Safars whose aura it is)", "by")
		}
		seq.Content = append(seq.Content, &c)
	}
	grants := d.auraGrants(seq, field) // profiles/auragrants.go
	if len(grants) != len(elems) {
		return nil // an entry that is no mapping, reported
	}
	out := make([]CardAuraGrant, len(grants))
	for i := range grants {
		out[i] = CardAuraGrant{By: bys[i], Grant: grants[i]}
	}
	return out
}

// CardReturn is a special card's return from defeat (skills.md section 3.2,
// a Goûn aura upgrade: "the first Goûn defeated comes back with 1D5 HP"):
// the first Safar of the list To names to be defeated in a battle comes
// back with HP HP, once per battle (sim/cardreturn.go).
type CardReturn struct {
	To  Selector
	HP  Dice
	Pos Pos
}

// cardReturnFields are the keys of a card_returns entry.
var cardReturnFields = []string{"to", "hp"}

// cardReturns decodes a list's card_returns.
func (d *decoder) cardReturns(n *yaml.Node, field string) []CardReturn {
	var out []CardReturn
	for e := range d.entries(n, field) {
		c := CardReturn{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				c.To = d.selector(f.v, ff)
			case "hp":
				if x := d.dice(f.v, ff); x != nil {
					c.HP = *x
					if x.Max() < 1 {
						d.errorf(deref(f.v), ff, "hp must give at least 1 HP (the HP it comes back with, e.g. 1D5; skills.md 3.2)")
					}
				}
			default:
				d.unknown(f.k, ff, f.key, cardReturnFields)
			}
		}
		e.require("to", "hp")
		out = append(out, c)
	}
	return out
}

// CardStealAP is a special card's "steals 1 AP from a model in its ZOC once
// per turn (or loses 1 AP on a CF)" (skills.md section 3.2, the coin): at
// the start of the activation of a Safar By names, once per turn, it takes
// AP AP from an enemy in its zone of control and has them; its roll (a
// d10) is a CF on a natural 1 (R3), and then it loses AP AP instead
// (sim/cardap.go).
type CardStealAP struct {
	By  Selector
	AP  int
	Pos Pos
}

// CardSpellDrain is a special card's "drains 1 AP from the target of each
// successful spell" (skills.md section 3.2, the staff): an enemy that a
// spell of a Safar By names takes effect on loses AP AP (sim/cardap.go).
type CardSpellDrain struct {
	By  Selector
	AP  int
	Pos Pos
}

// cardAPEntries decodes a list of {by, ap} entries (card_steals_ap,
// card_spell_drain, card_crit_drain): ap from 1 to 3, def when left out.
func (d *decoder) cardAPEntries(n *yaml.Node, field string, def int, each func(by Selector, ap int, pos Pos)) {
	for e := range d.entries(n, field) {
		var by Selector
		ap := def
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				by = d.selector(f.v, ff)
			case "ap":
				ap, _ = d.intIn(f.v, ff, 1, 3, "ap must be from 1 to 3 (the AP taken; skills.md 3.2: \""+strconv.Itoa(def)+" AP\")")
			default:
				d.unknown(f.k, ff, f.key, []string{"by", "ap"})
			}
		}
		e.require("by")
		each(by, ap, e.pos)
	}
}

// cardStealsAP decodes a list's card_steals_ap.
func (d *decoder) cardStealsAP(n *yaml.Node, field string) []CardStealAP {
	var out []CardStealAP
	d.cardAPEntries(n, field, 1, func(by Selector, ap int, pos Pos) { out = append(out, CardStealAP{By: by, AP: ap, Pos: pos}) })
	return out
}

// cardSpellDrains decodes a list's card_spell_drain.
func (d *decoder) cardSpellDrains(n *yaml.Node, field string) []CardSpellDrain {
	var out []CardSpellDrain
	d.cardAPEntries(n, field, 1, func(by Selector, ap int, pos Pos) { out = append(out, CardSpellDrain{By: by, AP: ap, Pos: pos}) })
	return out
}

// CardOneFaction is a special card's "every model counts as one faction for
// support" (skills.md section 3.2, an Affranchis Spearhead): the Safars To
// names count as of one faction where support reads factions (a card's
// support that helps only allies of its faction, pattern S's own_faction;
// sim/cardfaction.go).
type CardOneFaction struct {
	To  Selector
	Pos Pos
}

// cardOneFactions decodes a list's card_one_faction_support.
func (d *decoder) cardOneFactions(n *yaml.Node, field string) []CardOneFaction {
	var out []CardOneFaction
	d.selectorEntries(n, field, "to", func(to Selector, pos Pos) { out = append(out, CardOneFaction{To: to, Pos: pos}) })
	return out
}

// CardSkipFor is a special card's "may skip his actions once per turn so
// that an ally within 3 toises that already acted recovers 5 AP" (skills.md
// section 3.2, the father): a Safar By names may, at the start of its
// activation, take no action so that one ally To names within Within
// toises (centre to centre, as an aura), that has acted this turn,
// recovers AP AP (sim/cardskip.go).
type CardSkipFor struct {
	By, To Selector
	Within float64
	AP     int
	Pos    Pos
}

// cardSkipsFor decodes a list's card_skips_for_ally.
func (d *decoder) cardSkipsFor(n *yaml.Node, field string) []CardSkipFor {
	var out []CardSkipFor
	d.byToWithinEntries(n, field, "ap", 1, 7, "ap must be from 1 to 7 (the AP the ally recovers; skills.md 3.2: \"recovers 5 AP\")",
		func(by, to Selector, within float64, ap int, pos Pos) {
			out = append(out, CardSkipFor{By: by, To: to, Within: within, AP: ap, Pos: pos})
		})
	return out
}

// masteryDie decodes one mastery die: a non-empty list of distinct mastery
// fields (as a die of a card's mastery); what says what it is for, in the
// message of an empty list.
func (d *decoder) masteryDie(n *yaml.Node, field, what string) []Field {
	fs, ok := d.sequence(n, field)
	if !ok {
		return nil
	}
	if len(fs) == 0 {
		d.errorf(deref(n), field, "want at least one mastery field (%s)", what)
		return nil
	}
	var out []Field
	for j, e := range fs {
		f, ok := d.fieldValue(e, index(field, j))
		if !ok {
			continue
		}
		if slices.Contains(out, f) {
			d.errorf(deref(e), index(field, j), "field %s listed twice", f)
			continue
		}
		out = append(out, f)
	}
	return out
}

// CardMasteryDomain is a special card's "one extra domain on a mastery die
// per order bought" (skills.md section 3.2): each field of Domains is one
// order bought, and adds that field to one mastery die of each Safar To
// names that lacks it (the die with the fewest fields lacking it, the first
// of them in the card's order: it widens the die spent first, R4 and
// sim/fight.go spendMastery); a field every die already shows adds
// nothing. The list format does not count the orders a member bought: the
// entry lists one field per order (sim/cardmastery.go).
type CardMasteryDomain struct {
	To      Selector
	Domains []Field
	Pos     Pos
}

// cardMasteryDomains decodes a list's card_mastery_domains.
func (d *decoder) cardMasteryDomains(n *yaml.Node, field string) []CardMasteryDomain {
	var out []CardMasteryDomain
	for e := range d.entries(n, field) {
		c := CardMasteryDomain{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				c.To = d.selector(f.v, ff)
			case "domains":
				fs, ok := d.sequence(f.v, ff)
				if !ok {
					continue
				}
				if len(fs) == 0 {
					d.errorf(deref(f.v), ff, "want at least one mastery field, one per order bought (skills.md 3.2: \"one extra domain on a mastery die per order bought\")")
				}
				for j, x := range fs {
					if fl, ok := d.fieldValue(x, index(ff, j)); ok {
						c.Domains = append(c.Domains, fl) // twice: two orders, two dice
					}
				}
			default:
				d.unknown(f.k, ff, f.key, []string{"to", "domains"})
			}
		}
		e.require("to", "domains")
		out = append(out, c)
	}
	return out
}

// CardBorrowMastery is a special card's "use of every ally's mastery dice
// anywhere" (skills.md section 3.2): a Safar By names may spend, on its own
// attack and defence rolls, the mastery dice of any ally From names (all
// when left out: "every ally's"), in
// play, wherever it stands, if the die shows the field of the roll (R4, as
// Authority respects it, seed 000 line 1598); the ally loses the die until
// its next activation (sim/cardmastery.go).
type CardBorrowMastery struct {
	By, From Selector
	Pos      Pos
}

// cardBorrowsMastery decodes a list's card_borrows_mastery.
func (d *decoder) cardBorrowsMastery(n *yaml.Node, field string) []CardBorrowMastery {
	var out []CardBorrowMastery
	for e := range d.entries(n, field) {
		c := CardBorrowMastery{From: Selector{All: true}, Pos: e.pos} // "every ally's"
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				c.By = d.selector(f.v, ff)
			case "from":
				c.From = d.selector(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, []string{"by", "from"})
			}
		}
		e.require("by")
		out = append(out, c)
	}
	return out
}

// CardKeepMastery is a special card's "a die not spent on a CH" (skills.md
// section 3.2): a mastery die a Safar By names spends on an attack roll
// whose result is a critical hit (R2) is not spent: it keeps the die and
// its dice (R4). Read as its attacks' critical hits only (a CH is the
// attack's word, R2; its defences' criticals do not keep the die): the
// exchange plays it, exact and sampled (Exchange.keepOnCH,
// sim/cardmastery.go).
type CardKeepMastery struct {
	By  Selector
	Pos Pos
}

// cardKeepsMastery decodes a list's card_keeps_mastery_on_ch.
func (d *decoder) cardKeepsMastery(n *yaml.Node, field string) []CardKeepMastery {
	var out []CardKeepMastery
	d.selectorEntries(n, field, "by", func(by Selector, pos Pos) { out = append(out, CardKeepMastery{By: by, Pos: pos}) })
	return out
}

// CardPushDamage is a special card's "a 6+ on a d10 to push its damage onto
// an ally within 3 toises" (skills.md section 3.2): when a Safar By names
// is hurt, it rolls a d10, and on From or more the damage goes to an ally
// To names, in play, within Within toises (centre to centre) instead
// (sim/cardmastery.go).
type CardPushDamage struct {
	By, To Selector
	Within float64
	From   int
	Pos    Pos
}

// cardPushesDamage decodes a list's card_pushes_damage.
func (d *decoder) cardPushesDamage(n *yaml.Node, field string) []CardPushDamage {
	var out []CardPushDamage
	d.byToWithinEntries(n, field, "roll", 2, 10, "roll must be from 2 to 10 (the d10 at or above which the damage is pushed; skills.md 3.2: \"a 6+ on a d10\")",
		func(by, to Selector, within float64, roll int, pos Pos) {
			out = append(out, CardPushDamage{By: by, To: to, Within: within, From: roll, Pos: pos})
		})
	return out
}

// byToWithinEntries decodes a list of {by, to, within, key} entries, all four
// required (card_skips_for_ally with key ap, card_pushes_damage with key
// roll): within a distance from 0.5 to 30 toises (0 when it is no number),
// key a whole number from lo to hi, msg as written outside (the number is
// given on either way, as intIn gives it).
func (d *decoder) byToWithinEntries(n *yaml.Node, field, key string, lo, hi int, msg string, each func(by, to Selector, within float64, v int, pos Pos)) {
	keys := []string{"by", "to", "within", key}
	for e := range d.entries(n, field) {
		var by, to Selector
		var within float64
		var v int
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				by = d.selector(f.v, ff)
			case "to":
				to = d.selector(f.v, ff)
			case "within":
				if x, ok := d.toises(f.v, ff, "within must be a distance from 0.5 to 30 toises"); ok {
					within = x
				}
			case key:
				v, _ = d.intIn(f.v, ff, lo, hi, msg)
			default:
				d.unknown(f.k, ff, f.key, keys)
			}
		}
		e.require(keys...)
		each(by, to, within, v, e.pos)
	}
}

// CardBeast is a special card's beast (skills.md section 3.2: "a beast that
// gives +4 support to its mistress, may make one free leap into her melee
// and acts in her activation"; sim/cardbeast.go): each Safar By names is a
// beast whose mistress is a Safar Mistress names (the n-th beast of the
// list with the n-th mistress, in list order, wrapping round when there
// are more beasts than mistresses). Each of its three rules is optional;
// an entry gives at least one.
type CardBeast struct {
	By, Mistress Selector
	// Support: when the beast supports its mistress in a melee (R8), it
	// counts Support instead of +1 (0: R8's +1), as pattern S's stronger
	// support does (sim/support.go).
	Support int
	// FreeLeaps: the free leaps into its mistress's melee it may make in a
	// battle (0: none; "one free leap": 1); Leap their length in toises, 0
	// for a walk's (its velocity).
	FreeLeaps int
	Leap      float64
	// WithMistress: it activates in its mistress's activation, right after
	// her (pattern E's activates_with_leader engine path).
	WithMistress bool
	Pos          Pos
}

// cardBeastFields are the keys of a card_beasts entry.
var cardBeastFields = []string{"by", "mistress", "support", "free_leaps", "leap", "activates_with_mistress"}

// cardBeasts decodes a list's card_beasts.
func (d *decoder) cardBeasts(n *yaml.Node, field string) []CardBeast {
	var out []CardBeast
	for e := range d.entries(n, field) {
		b := CardBeast{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				b.By = d.selector(f.v, ff)
			case "mistress":
				b.Mistress = d.selector(f.v, ff)
			case "support":
				b.Support, _ = d.intIn(f.v, ff, 2, 6, "support must be from 2 to 6 (what its support to its mistress counts instead of R8's +1; skills.md 3.2: \"+4 support\")")
			case "free_leaps":
				b.FreeLeaps, _ = d.intIn(f.v, ff, 1, 3, "free_leaps must be from 1 to 3 (the free leaps into its mistress's melee per battle; skills.md 3.2: \"one free leap\")")
			case "leap":
				if x, ok := d.toises(f.v, ff, "leap must be a distance from 0.5 to 30 toises (the free leap's length; left out, a walk's: its velocity)"); ok {
					b.Leap = x
				}
			case "activates_with_mistress":
				b.WithMistress, _ = d.boolValue(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, cardBeastFields)
			}
		}
		if !e.require("by", "mistress") {
			out = append(out, b)
			continue
		}
		if e.present["leap"] && !e.present["free_leaps"] {
			d.errorf(e.node, join(e.field, "leap"), "leap is the length of its free leaps: write free_leaps: 1 too")
		} else if !e.present["support"] && !e.present["free_leaps"] && !b.WithMistress {
			d.errorf(e.node, e.field, "a beast's card gives nothing: write support: 4 (its support to its mistress), free_leaps: 1 (a free leap into her melee) or activates_with_mistress: true (skills.md 3.2)")
		}
		out = append(out, b)
	}
	return out
}

// CardSharedSkills is a special card's "a leader who shares the brothers'
// skills among all of them" (skills.md section 3.2; sim/cardshare.go):
// every Safar of the list To names has, besides its own, the skills of each
// other Safar To names while that one is in play (the union of the skills
// of those of them in play), played as pattern M's skills held
// while_in_play (sim/conditional.go).
type CardSharedSkills struct {
	To  Selector
	Pos Pos
}

// cardSharedSkills decodes a list's card_shared_skills.
func (d *decoder) cardSharedSkills(n *yaml.Node, field string) []CardSharedSkills {
	var out []CardSharedSkills
	d.selectorEntries(n, field, "to", func(to Selector, pos Pos) { out = append(out, CardSharedSkills{To: to, Pos: pos}) })
	return out
}

// CardReturnInAlly is a special card's "the Fang matriarch coming back in
// the nearest allied female Fang when defeated" (skills.md section 3.2;
// sim/cardreturn.go): once per battle, when the first Safar of the list To
// names is defeated, the ally Into names in play nearest to where it fell
// leaves the battlefield and the defeated Safar comes back in its place,
// with that ally's HP (at most its own starting HP).
type CardReturnInAlly struct {
	To, Into Selector
	Pos      Pos
}

// cardReturnInAllyFields are the keys of a card_returns_in_ally entry.
var cardReturnInAllyFields = []string{"to", "into"}

// cardReturnsInAlly decodes a list's card_returns_in_ally.
func (d *decoder) cardReturnsInAlly(n *yaml.Node, field string) []CardReturnInAlly {
	var out []CardReturnInAlly
	for e := range d.entries(n, field) {
		c := CardReturnInAlly{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "to":
				c.To = d.selector(f.v, ff)
			case "into":
				c.Into = d.selector(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, cardReturnInAllyFields)
			}
		}
		e.require("to", "into")
		out = append(out, c)
	}
	return out
}

// selectorEntries decodes a list of {key: SELECTOR} entries, key their one
// field (to: card_one_faction_support, card_shared_skills; by:
// card_keeps_mastery_on_ch, card_extra_action): each entry is given to
// each, with its position.
func (d *decoder) selectorEntries(n *yaml.Node, field, key string, each func(s Selector, pos Pos)) {
	for e := range d.entries(n, field) {
		var s Selector
		for f, ff := range e.keys() {
			switch f.key {
			case key:
				s = d.selector(f.v, ff)
			default:
				d.unknown(f.k, ff, f.key, []string{key})
			}
		}
		e.require(key)
		each(s, e.pos)
	}
}

// CardCritDrain is a special card's "3 AP instead of the CH bonus in combat"
// (skills.md section 3.2, the staff): a CH of a successful 2 or 3 AP combat
// attack (not a shot) of a Safar By names adds no CH bonus to its damage
// (R9, R9a: the stature; a Bite's bleeding 2, R18), and the target loses AP
// AP instead, down to 0 (sim/cardcrit.go).
type CardCritDrain struct {
	By  Selector
	AP  int
	Pos Pos
}

// DefaultCardCritDrainAP is a card_crit_drain's AP when left out: the
// staff's 3 (skills.md 3.2).
const DefaultCardCritDrainAP = 3

// cardCritDrains decodes a list's card_crit_drain.
func (d *decoder) cardCritDrains(n *yaml.Node, field string) []CardCritDrain {
	var out []CardCritDrain
	d.cardAPEntries(n, field, DefaultCardCritDrainAP, func(by Selector, ap int, pos Pos) {
		out = append(out, CardCritDrain{By: by, AP: ap, Pos: pos})
	})
	return out
}

// CardWayBonus is a special card's casting bonus for the casters By names
// (skills.md section 3.2, for an Affranchis Spearhead: "its casters get +1
// per ally not yet activated in their aura (a sixth way bonus)"; skills.md
// 4.2): +1 to the casting total of their own way's spells per Safar Per
// counts, added to their way's bonus (sim/cardway.go). The one count:
// "ally-not-activated-in-aura".
type CardWayBonus struct {
	By  Selector
	Per string
	Pos Pos
}

// WayBonusPerUnactivatedAlly is the count of a CardWayBonus: the allies in
// play in the caster's aura that have not activated this turn.
const WayBonusPerUnactivatedAlly = "ally-not-activated-in-aura"

// cardWayBonuses decodes a list's card_way_bonus.
func (d *decoder) cardWayBonuses(n *yaml.Node, field string) []CardWayBonus {
	var out []CardWayBonus
	for e := range d.entries(n, field) {
		c := CardWayBonus{Pos: e.pos}
		for f, ff := range e.keys() {
			switch f.key {
			case "by":
				c.By = d.selector(f.v, ff)
			case "per":
				if v, ok := d.stringValue(f.v, ff); ok {
					if v != WayBonusPerUnactivatedAlly {
						d.errorf(deref(f.v), ff, "unknown count %q (known: %s, +1 per ally not yet activated in the caster's aura; skills.md 3.2)", v, WayBonusPerUnactivatedAlly)
					}
					c.Per = v
				}
			default:
				d.unknown(f.k, ff, f.key, []string{"by", "per"})
			}
		}
		e.require("by", "per")
		out = append(out, c)
	}
	return out
}

// CardExtraAction is a special card's "one extra action for a sister during
// another model's activation, once per game each" (skills.md section 3.2):
// each Safar By names may, once per battle, take one action at the end of
// another Safar's activation (sim/cardextra.go).
type CardExtraAction struct {
	By  Selector
	Pos Pos
}

// cardExtraActions decodes a list's card_extra_action.
func (d *decoder) cardExtraActions(n *yaml.Node, field string) []CardExtraAction {
	var out []CardExtraAction
	d.selectorEntries(n, field, "by", func(by Selector, pos Pos) { out = append(out, CardExtraAction{By: by, Pos: pos}) })
	return out
}

// CardTurnOrder is a special card's "choice of table edge, restarting a turn
// first" (skills.md section 3.2), for the whole side: ChooseEdge, its side
// chooses the table edge it deploys along, whoever has the initiative
// (sim/edge.go); FirstInRound, its side takes the first activation of that
// many rounds after the first, once each, in place of R15's order
// (sim/cardturn.go).
type CardTurnOrder struct {
	ChooseEdge   bool
	FirstInRound int
	Pos          Pos
}

// cardTurnOrderFields are the keys of a card_turn_order entry.
var cardTurnOrderFields = []string{"choose_edge", "first_in_round"}

// cardTurnOrders decodes a list's card_turn_order.
func (d *decoder) cardTurnOrders(n *yaml.Node, field string) []CardTurnOrder {
	var out []CardTurnOrder
	for e := range d.entries(n, field) {
		c := CardTurnOrder{Pos: e.pos}
		bad := false // a value already reported
		for f, ff := range e.keys() {
			ok := true
			switch f.key {
			case "choose_edge":
				c.ChooseEdge, ok = d.boolValue(f.v, ff)
			case "first_in_round":
				c.FirstInRound, ok = d.intIn(f.v, ff, 1, 6, "first_in_round must be from 1 to 6 (the rounds its side starts first, once each; skills.md 3.2: \"restarting a turn first\")")
			default:
				d.unknown(f.k, ff, f.key, cardTurnOrderFields)
			}
			bad = bad || !ok
		}
		if !bad && !c.ChooseEdge && c.FirstInRound == 0 {
			d.errorf(e.node, e.field, "a turn order card gives nothing: write choose_edge: true (its side chooses the table edge) or first_in_round: 1 (its side starts a round first, once; skills.md 3.2)")
		}
		out = append(out, c)
	}
	return out
}
