package profiles

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// kindName names k in messages.
func kindName(k Kind) string {
	switch k {
	case KindMelee:
		return "melee weapon"
	case KindRanged:
		return "ranged weapon"
	case KindArmour:
		return "armour"
	case KindShield:
		return "shield"
	case KindHelmet:
		return "helmet"
	case KindItem:
		return "item"
	}
	return "equipment"
}

var kinds = []string{string(KindMelee), string(KindRanged), string(KindArmour), string(KindShield), string(KindHelmet), string(KindItem)}

// WithArticle returns noun after its indefinite article: "an" before a vowel
// ("an armour", "an item"), "a" otherwise ("a shield").
func WithArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

// notApplicable explains why key, a known equipment key, is not allowed on kind k.
func notApplicable(key string, k Kind) string {
	var users []string
	for _, other := range []Kind{KindMelee, KindRanged, KindArmour, KindShield, KindHelmet, KindItem} {
		if other != k && slices.Contains(kindFields(other), key) {
			users = append(users, kindName(other)+"s")
		}
	}
	msg := fmt.Sprintf("field %q does not apply to %s", key, WithArticle(kindName(k)))
	switch k {
	case KindShield:
		msg += " (a shield takes only defence_bonus, boxes and no_cf_defence)"
	case KindArmour:
		msg += " (an armour takes only protection, boxes, velocity_malus, malus_max_c, heavy_threshold, stacks_with_armour, metal_or_stone and natural)"
	case KindHelmet:
		msg += " (a helmet takes only boxes, no_critical_damage and immune)"
	case KindItem:
		msg += " (an item takes only grants, grants_increment, grants_traits, stackable, poison, poison_defence, reroll_field, reroll_bonus, heal, antidote and poison_immune)"
	default:
		if len(users) > 0 {
			msg += " (it is for " + strings.Join(users, " and ") + ")"
		}
	}
	return msg
}

// attackChars returns the characteristics an attack of kind k may engage (R7):
// V, P, A, C in melee, V and A for shots.
func attackChars(k Kind) []Char {
	if k == KindRanged {
		return []Char{V, A}
	}
	return []Char{V, P, A, C}
}

// equipment decodes one equipment entry and checks that its effects agree.
func (d *decoder) equipment(n *yaml.Node, path string, _ bool) {
	fields, ok := d.mapping(n, path)
	if !ok {
		return
	}
	node := deref(n)
	e := &Equipment{Pos: d.pos(node)}
	entry := &equipEntry{e: e, path: path}

	// The kind decides which keys apply: read it first.
	kindOK := false
	for _, f := range fields {
		if f.key == "kind" {
			e.Kind, kindOK = d.kind(f.v, join(path, f.key))
		}
	}
	allowed := EquipmentKeys()
	if kindOK {
		allowed = concat(commonEquipmentFields, kindFields(e.Kind))
	}

	var (
		ef      = &e.Effects
		armour  ArmourStats
		keys    = make(map[string]*yaml.Node) // key nodes, for positions of cross-field problems
		apList  []int                         // attack_ap as written, valid values only
		apBad   []int                         // attack_ap values that are no AP cost
		critKey string
		seen    = make(map[string]bool)
	)
	for _, f := range fields {
		seen[f.key] = true
	}
	for _, f := range fields {
		field := join(path, f.key)
		if !slices.Contains(allowed, f.key) {
			if slices.Contains(EquipmentKeys(), f.key) {
				d.errorf(f.k, field, "%s", notApplicable(f.key, e.Kind))
			} else {
				d.unknown(f.k, field, f.key, allowed)
			}
			continue
		}
		keys[f.key] = f.k
		switch f.key {
		case "id":
			e.ID, _ = d.idValue(f.v, field)
			entry.idPos = d.pos(deref(f.v))
		case "name":
			e.Name, _ = d.stringValue(f.v, field)
		case "kind":
			// Read above.
		case "cost":
			e.Cost, _ = d.intIn(f.v, field, 0, math.MaxInt32, "cost must not be negative")
		case "hands":
			if s := deref(f.v); s != nil && s.Kind == yaml.ScalarNode && strings.ReplaceAll(s.Value, " ", "") == "1-2" {
				e.Hands, e.Versatile = 1, true // one hand or both (skills.md #21)
				if e.Kind != KindMelee {
					d.errorf(s, field, "hands 1-2 (one hand or both) is for melee weapons")
				}
				continue
			}
			e.Hands, _ = d.intIn(f.v, field, 0, 2, "hands must be 0, 1, 2 or 1-2 (a melee weapon held in one hand or both)")
		case "mount_equipment":
			e.MountEquipment, _ = oneOf(d, f.v, field, "mount_equipment", []string{MountWorn, RiderWorn})
		case "reserved_to":
			entry.reserved = d.refs(f.v, field)
			for _, r := range entry.reserved {
				e.ReservedTo = append(e.ReservedTo, r.id)
			}
		case "attack_bonus":
			ef.AttackBonus, _ = d.intIn(f.v, field, -99, 99, "attack_bonus must be from -99 to 99")
		case "defence_bonus":
			ef.DefenceBonus, _ = d.intIn(f.v, field, -99, 99, "defence_bonus must be from -99 to 99")
		case "damage_bonus":
			ef.DamageBonus, _ = d.intIn(f.v, field, -99, 99, "damage_bonus must be from -99 to 99")
		case "fixed_damage":
			ef.FixedDamage = d.dice(f.v, field)
		case "critical", "critical_from":
			if critKey != "" {
				d.errorf(f.k, field, "give %s or %s, not both", critKey, f.key)
				continue
			}
			critKey = f.key
			if f.key == "critical" {
				ef.CriticalFrom, _ = d.critical(f.v, field)
			} else {
				ef.CriticalFrom, _ = d.intIn(f.v, field, 2, 10, "critical_from must be from 2 to 10 (the critical range ends at 10)")
			}
		case "no_cf_attack":
			ef.NoCFAttack, _ = d.boolValue(f.v, field)
		case "no_cf_defence":
			ef.NoCFDefence, _ = d.boolValue(f.v, field)
		case "thrown":
			ef.Thrown, _ = d.boolValue(f.v, field)
		case "no_attack_with":
			ef.NoAttackWith = d.chars(f.v, field, attackChars(e.Kind), "to attack")
		case "no_effect_with":
			ef.NoEffectWith = d.chars(f.v, field, []Char{V, P, A, C}, "for an effect")
		case "attack_ap":
			if isNull(deref(f.v)) {
				d.typeErr(deref(f.v), field, "a list of AP costs such as [2, 3]")
				delete(keys, f.key)
				continue
			}
			apList, apBad = d.attackAP(f.v, field)
		case "bleeding":
			ef.Bleeding, _ = d.intIn(f.v, field, 1, 99, "bleeding must be from 1 to 99")
		case "on_critical":
			ef.OnCritical = d.status(f.v, field)
		case "grants":
			e.Grants = d.skills(f.v, field)
		case "grants_increment":
			e.GrantsIncrement = d.skills(f.v, field)
		case "grants_traits":
			e.GrantsTraits = d.grantTraits(f.v, field) // profiles/granttraits.go
		case "stackable":
			e.Stackable, _ = d.boolValue(f.v, field)
		case "edge":
			e.Edge, _ = d.boolValue(f.v, field) // profiles/upgrades.go
		case "poison":
			ef.Poison, _ = d.boolValue(f.v, field)
		case "fire":
			ef.Fire, _ = d.boolValue(f.v, field)
		case "frostbite":
			ef.Frostbite, _ = d.boolValue(f.v, field)
		case "poison_defence":
			ef.PoisonDefence, _ = d.boolValue(f.v, field)
		case "reroll_field":
			ef.RerollField, _ = d.fieldValue(f.v, field)
		case "reroll_bonus":
			ef.RerollBonus, _ = d.intIn(f.v, field, 1, 9, "reroll_bonus must be from 1 to 9")
		case "heal":
			ef.Heal = d.dice(f.v, field)
		case "antidote":
			ef.Antidote, _ = d.boolValue(f.v, field)
		case "poison_immune":
			ef.PoisonImmune, _ = d.boolValue(f.v, field)
		case "no_critical_damage":
			ef.NoCriticalDamage, _ = d.boolValue(f.v, field)
		case "immune":
			ef.Immune = d.statuses(f.v, field)
		case "armour_piercing":
			ef.ArmourPiercing = d.armourPiercing(f.v, field)
		case "armour_ignore":
			ef.ArmourIgnore, _ = d.intIn(f.v, field, 1, 99, "armour_ignore must be from 1 to 99")
		case "reach":
			ef.Reach = d.reach(f.v, field, "reach")
		case "defence_reach":
			ef.DefenceReach = d.reach(f.v, field, "defence_reach") // the same values as reach
		case "range":
			ef.Range = d.rangeValue(f.v, field)
		case "ammunition":
			ef.Ammunition, _ = d.intIn(f.v, field, 0, 999, "ammunition must be from 0 (unlimited) to 999")
		case "bought_ammunition":
			e.BoughtAmmunition = d.boughtAmmunition(f.v, field) // profiles/ammunition.go
		case "munition":
			if v, ok := d.stringValue(f.v, field); ok {
				if !slices.Contains(Munitions, v) {
					d.errorf(deref(f.v), field, "munition must be one of %s, got %q", strings.Join(Munitions, ", "), v)
				} else {
					ef.Munition = v
				}
			}
		case "rate":
			ef.Rate, _ = d.intIn(f.v, field, 1, 99, "rate must be from 1 to 99")
		case "reload_ap":
			ef.ReloadAP, _ = d.intIn(f.v, field, 1, 9, "reload_ap must be from 1 to 9")
		case "boxes":
			switch e.Kind {
			case KindShield:
				e.ShieldBoxes, _ = d.intIn(f.v, field, 1, 99, "boxes must be from 1 to 99")
			case KindHelmet:
				e.HelmetBoxes, _ = d.intIn(f.v, field, 1, 99, "boxes must be from 1 to 99")
			default:
				d.armourField(&armour, f, field)
			}
		case "protection", "velocity_malus", "malus_max_c":
			d.armourField(&armour, f, field)
		case "heavy_threshold":
			armour.HeavyThreshold, _ = d.intIn(f.v, field, 2, 10, "heavy_threshold must be from 2 to 10 (a d10 face)")
		case "stacks_with_armour":
			armour.Stacks, _ = d.boolValue(f.v, field)
		case "metal_or_stone":
			armour.MetalOrStone, _ = d.boolValue(f.v, field)
		case "natural":
			armour.Natural, _ = d.boolValue(f.v, field)
		}
	}
	present := func(k string) bool { return keys[k] != nil }
	d.require(node, path, seen, "id", "name", "kind")
	if !kindOK {
		d.out.equipment = append(d.out.equipment, entry)
		return
	}

	// Hands: a shield takes up one hand and an armour is worn (rulebook "Number of
	// hands", "The shields").
	switch e.Kind {
	case KindArmour:
		if present("hands") && e.Hands != 0 {
			d.errorf(keys["hands"], join(path, "hands"), "an armour is worn: hands must be 0")
		}
		e.Hands = 0
		d.require(node, path, seen, "protection", "boxes")
		if armour.HeavyThreshold != 0 && armour.Threshold != 0 && armour.HeavyThreshold >= armour.Threshold {
			d.errorf(keys["heavy_threshold"], join(path, "heavy_threshold"),
				"heavy_threshold %d must be below the threshold %d of protection (a better threshold, catalogue.md 4.6 \"Armour\")", armour.HeavyThreshold, armour.Threshold)
		}
		if e.MountEquipment == MountWorn {
			// The mount's armour: rider and mount are one Safar (DataSet.Mounted),
			// so it is worn in a slot of its own, with the rider's (mounts2 reading).
			armour.Stacks = true
		}
		e.Armour = &armour
	case KindHelmet, KindItem:
		if present("hands") && e.Hands != 0 {
			d.errorf(keys["hands"], join(path, "hands"), "a %s takes no hand: hands must be 0", kindName(e.Kind))
		}
		e.Hands = 0
		if e.Kind == KindItem {
			d.checkItem(e, path, keys)
		}
	case KindShield:
		if present("hands") && e.Hands != 1 {
			d.errorf(keys["hands"], join(path, "hands"), "a shield takes up one hand: hands must be 1")
		}
		e.Hands = 1
		d.require(node, path, seen, "boxes")
	case KindMelee, KindRanged:
		if !present("hands") {
			e.Hands = 1
		}
		if ef.CriticalFrom == 0 {
			ef.CriticalFrom = 10 // R2: the critical range is 10 unless the card says otherwise
		}
		if e.Kind == KindMelee && (present("protection") || present("boxes")) {
			// A weapon that also protects (catalogue.md 4.6 "Armour"): its
			// armour is worn in the second armour slot while it is held
			// (sim/armour_slots.go, wearWeaponArmour).
			d.require(node, path, seen, "protection", "boxes")
			armour.Stacks = true
			e.Armour = &armour
		}
		d.checkWeapon(e, path, keys, apList, apBad)
	}
	d.out.equipment = append(d.out.equipment, entry)
}

// checkWeapon reports the effects of weapon e that contradict each other.
func (d *decoder) checkWeapon(e *Equipment, path string, keys map[string]*yaml.Node, apList, apBad []int) {
	ef := &e.Effects
	present := func(k string) bool { return keys[k] != nil }
	at := func(k string) (*yaml.Node, string) { return keys[k], join(path, k) }
	if present("bought_ammunition") {
		for _, k := range []string{"ammunition", "rate"} {
			if present(k) {
				n, f := at(k)
				d.errorf(n, f, "a weapon with bought_ammunition has only the ammunition bought: no %s (catalogue.md 4.7)", k)
			}
		}
	}

	// Characteristics left to attack with, and the AP costs they allow (R7: 1, 2 or
	// 3 AP engage as many characteristics, none more than twice).
	var left []Char
	for _, c := range attackChars(e.Kind) {
		if !slices.Contains(ef.NoAttackWith, c) {
			left = append(left, c)
		}
	}
	if len(left) == 0 {
		n, f := at("no_attack_with")
		d.errorf(n, f, "no_attack_with excludes every characteristic a %s attack can engage (%s): it cannot attack",
			map[Kind]string{KindMelee: "melee", KindRanged: "shooting"}[e.Kind], charList(attackChars(e.Kind)))
	}
	if present("attack_ap") {
		n, f := at("attack_ap")
		switch {
		case len(apList) == 0:
			d.errorf(n, f, "attack_ap %s leaves no allowed attack (an attack costs 1, 2 or 3 AP; leave attack_ap out to allow all)", intList(apBad))
		case len(left) > 0:
			for _, b := range apBad {
				d.errorf(n, f, "attack_ap: %d is not an attack cost (1, 2 or 3 AP)", b)
			}
			most := min(3, 2*len(left))
			var ok []int
			for _, ap := range apList {
				if ap <= most {
					ok = append(ok, ap)
				}
			}
			if len(ok) == 0 {
				d.errorf(n, f, "attack_ap %s leaves no allowed attack: with only %s to engage, an attack costs at most %d AP (R7: no characteristic more than twice in one action)",
					intList(apList), charList(left), most)
			}
			ef.AttackAP = apList
		default:
			ef.AttackAP = apList
		}
	}

	// Reloading (rulebook "Shooting weapons"): a rate goes with a reloading cost,
	// and such weapons have unlimited ammunition.
	if present("rate") && !present("reload_ap") {
		n, f := at("rate")
		d.errorf(n, f, "a rate needs a reload_ap (the AP to reload once the rate is spent)")
	}
	if present("reload_ap") && !present("rate") {
		n, f := at("reload_ap")
		d.errorf(n, f, "a reload_ap needs a rate (the shots between reloads)")
	}
	if present("ammunition") && present("rate") {
		n, f := at("ammunition")
		d.errorf(n, f, "a weapon with a rate and a reloading cost has unlimited ammunition: give ammunition or rate, not both")
	}

	switch e.Kind {
	case KindRanged:
		if !present("range") {
			d.errorf(keys["kind"], path, "a ranged weapon needs a range")
		}
	case KindMelee:
		if present("range") && ef.Reach == 0 && !ef.Thrown {
			n, f := at("range")
			d.errorf(n, f, "a range on a melee weapon needs thrown: true (or a reach)")
		}
		if ef.DefenceReach > 0 && ef.DefenceReach <= ef.Reach {
			n, f := at("defence_reach")
			d.errorf(n, f, "defence_reach %v must be longer than the weapon's reach %v (a reach in defence only adds to it)", ef.DefenceReach, ef.Reach)
		}
	}
}

func charList(cs []Char) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func (d *decoder) kind(n *yaml.Node, field string) (Kind, bool) {
	v, ok := d.stringValue(n, field)
	if !ok {
		return "", false
	}
	if !slices.Contains(kinds, v) {
		d.errorf(deref(n), field, "unknown kind %q%s (want melee, ranged, armour, shield, helmet or item)", v, didYouMean(Closest(v, kinds, 1)))
		return "", false
	}
	return Kind(v), true
}

// dice decodes a dice expression, or a whole number as a constant.
func (d *decoder) dice(n *yaml.Node, field string) *Dice {
	s := deref(n)
	if s != nil && s.Kind == yaml.ScalarNode && s.ShortTag() == "!!int" {
		v, ok := d.intIn(s, field, 0, maxPlus, "a constant must be from 0 to 999")
		if !ok {
			return nil
		}
		return &Dice{Plus: v}
	}
	if s == nil || s.Kind != yaml.ScalarNode || s.ShortTag() != "!!str" {
		d.typeErr(s, field, "a dice expression such as 3, 1D5 or 2D5+3")
		return nil
	}
	dice, err := ParseDice(s.Value)
	if err != nil {
		d.errorf(s, field, "%v", err)
		return nil
	}
	return &dice
}

// critical decodes a critical range as cards print it: "9-10", or 10.
func (d *decoder) critical(n *yaml.Node, field string) (int, bool) {
	s := deref(n)
	if s != nil && s.Kind == yaml.ScalarNode && s.ShortTag() == "!!int" && s.Value == "10" {
		return 10, true
	}
	if s != nil && s.Kind == yaml.ScalarNode && s.ShortTag() == "!!str" {
		lo, hi, ok := strings.Cut(strings.ReplaceAll(s.Value, " ", ""), "-")
		from, ok1 := smallUint(lo)
		to, ok2 := smallUint(hi)
		if ok && ok1 && ok2 {
			if to != 10 {
				d.errorf(s, field, "critical range %q must end at 10", s.Value)
				return 0, false
			}
			if from < 2 || from > 10 {
				d.errorf(s, field, "critical range %q must start from 2 to 10", s.Value)
				return 0, false
			}
			return from, true
		}
	}
	d.errorf(s, field, "want a critical range such as 9-10, got %s", describe(s))
	return 0, false
}

// chars decodes a list of characteristics, each among allowed.
func (d *decoder) chars(n *yaml.Node, field string, allowed []Char, use string) []Char {
	elems, _ := d.sequence(n, field)
	var out []Char
	for i, e := range elems {
		cf := index(field, i)
		s, ok := d.stringValue(e, cf)
		if !ok {
			continue
		}
		c, ok := ParseChar(s)
		switch {
		case !ok:
			d.errorf(deref(e), cf, "unknown characteristic %q (want %s)", s, charList(allowed))
		case !slices.Contains(allowed, c):
			d.errorf(deref(e), cf, "%s is never used %s here (only %s are)", c, use, charList(allowed))
		case slices.Contains(out, c):
			d.errorf(deref(e), cf, "%s listed twice", c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// attackAP decodes the allowed AP costs of attacks, returning the valid ones
// (1, 2 or 3, sorted, once each) and the others.
func (d *decoder) attackAP(n *yaml.Node, field string) (ok, bad []int) {
	elems, _ := d.sequence(n, field)
	for i, e := range elems {
		v, good := d.intValue(e, index(field, i))
		switch {
		case !good:
		case v < 1 || v > 3:
			bad = append(bad, v)
		case !slices.Contains(ok, v):
			ok = append(ok, v)
		}
	}
	slices.Sort(ok)
	return ok, bad
}

func (d *decoder) status(n *yaml.Node, field string) Status {
	v, ok := d.stringValue(n, field)
	if !ok {
		return ""
	}
	switch Status(v) {
	case Daze, Stun:
		return Status(v)
	}
	d.errorf(deref(n), field, "on_critical must be daze or stun, got %q", v)
	return ""
}

// armourPiercing decodes "armour_piercing: 1", "armour_piercing: 1D5", or a bare
// "armour_piercing: ~", which is 1D5 (rulebook "Effects", English seed 000 line 1346).
func (d *decoder) armourPiercing(n *yaml.Node, field string) *Dice {
	s := deref(n)
	if isNull(s) {
		return &Dice{N: 1, Sides: 5}
	}
	dice := d.dice(s, field)
	if dice != nil && dice.Max() < 1 {
		d.errorf(s, field, "armour_piercing must tick at least 1 box")
		return nil
	}
	return dice
}

// reach decodes a weapon reach in half toises from 1 to 3: the rulebook prints
// 1, 1.5 and 2 ("Equipment": "Reach (1/1,5/2 toises)", French seed 004 line
// 1610) and the catalogue also has 2.5 and 3 (catalogue.md section 4.6).
func (d *decoder) reach(n *yaml.Node, field, key string) float64 {
	v, ok := d.numberValue(n, field)
	if !ok {
		return 0
	}
	if !ValidReach(v) {
		d.errorf(deref(n), field, "%s must be 1, 1.5, 2, 2.5 or 3 toises, got %v", key, v)
		return 0
	}
	return v
}

// rangeValue decodes a shooting range: a mapping {short, long, max} or the card
// notation "3/6" (bow) or "3/7/-" (crossbow: no shot beyond 7), French seed 004
// lines 934-936.
func (d *decoder) rangeValue(n *yaml.Node, field string) *Range {
	s := deref(n)
	var r Range
	if s != nil && s.Kind == yaml.ScalarNode && s.ShortTag() == "!!str" {
		parts := strings.Split(strings.ReplaceAll(s.Value, " ", ""), "/")
		var vals [3]float64
		ok := len(parts) == 2 || len(parts) == 3
		for i := 0; ok && i < len(parts); i++ {
			if i == 2 && parts[i] == "-" {
				vals[2] = -1
				continue
			}
			v, err := strconv.ParseFloat(parts[i], 64)
			ok = err == nil && v >= 0 && v <= 999
			vals[i] = v
		}
		if !ok {
			d.errorf(s, field, `range %q is not "short/long", "short/long/-" or "short/long/max"`, s.Value)
			return nil
		}
		r = Range{Short: vals[0], Long: vals[1], Max: vals[2]}
		if r.Max < 0 {
			r.Max = r.Long
		}
	} else {
		fields, ok := d.mapping(s, field)
		if !ok {
			return nil
		}
		present := make(map[string]bool)
		for _, f := range fields {
			ff := join(field, f.key)
			present[f.key] = true
			var p *float64
			switch f.key {
			case "short":
				p = &r.Short
			case "long":
				p = &r.Long
			case "max":
				p = &r.Max
			default:
				d.unknown(f.k, ff, f.key, rangeFields)
				continue
			}
			v, ok := d.numberValue(f.v, ff)
			if ok && v < 0 {
				d.errorf(deref(f.v), ff, "a range must not be negative, got %v", v)
				ok = false
			}
			if ok {
				*p = v
			}
		}
		d.require(s, field, present, "short", "long")
	}
	switch {
	case r.Long <= 0:
		d.errorf(s, field, "long range must be above 0")
	case r.Short > r.Long:
		d.errorf(s, field, "short range %v is beyond long range %v", r.Short, r.Long)
	case r.Max > 0 && r.Max < r.Long:
		d.errorf(s, field, "max range %v is below long range %v", r.Max, r.Long)
	default:
		return &r
	}
	return nil
}

// statuses decodes the statuses a helmet makes its wearer immune to: daze or
// stun, once each (catalogue.md 4.6 "Helmets").
func (d *decoder) statuses(n *yaml.Node, field string) []Status {
	elems, _ := d.sequence(n, field)
	var out []Status
	for i, e := range elems {
		sf := index(field, i)
		v, ok := d.stringValue(e, sf)
		switch {
		case !ok:
		case Status(v) != Daze && Status(v) != Stun:
			d.errorf(deref(e), sf, "immune takes daze or stun, got %q", v)
		case slices.Contains(out, Status(v)):
			d.errorf(deref(e), sf, "%s listed twice", v)
		default:
			out = append(out, Status(v))
		}
	}
	return out
}

// checkItem reports the item effects of e that need another one: a reroll
// bonus and its field go together, a dose on a defence is a poison dose, a
// heal gives back at least 1 HP.
func (d *decoder) checkItem(e *Equipment, path string, keys map[string]*yaml.Node) {
	ef := &e.Effects
	present := func(k string) bool { return keys[k] != nil }
	switch {
	case present("reroll_bonus") && !present("reroll_field"):
		d.errorf(keys["reroll_bonus"], join(path, "reroll_bonus"), "reroll_bonus needs reroll_field, the mastery field of the rerolls it adds to (%s)", strings.Join(fieldNames(), ", "))
	case present("reroll_field") && !present("reroll_bonus"):
		d.errorf(keys["reroll_field"], join(path, "reroll_field"), "reroll_field needs reroll_bonus, what it adds to a mastery reroll of that field (1 to 9)")
	}
	if present("poison_defence") && ef.PoisonDefence && !ef.Poison {
		d.errorf(keys["poison_defence"], join(path, "poison_defence"), "poison_defence is for a poison dose: it needs poison: true")
	}
	if ef.Heal != nil && ef.Heal.N == 0 && ef.Heal.Plus <= 0 {
		d.errorf(keys["heal"], join(path, "heal"), "heal must give back at least 1 HP (a constant from 1 or dice such as 1D5)")
	}
}
