// Package profiles reads, validates and embeds Khârn-Âges Safar profiles and equipment.
//
// # Data files
//
// A game designer writes YAML files by hand. A file holds either one profile (a
// top-level mapping with id, name, ...) or lists under "profiles:" and/or
// "equipment:"; several files (or directories of *.yaml and *.yml files) load into
// one DataSet, so a profile may use equipment defined in another file:
//
//	profiles:
//	  - id: mongo-warrior-2         # lower-case kebab-case, <model>-<level>
//	    name: Mongo Warrior
//	    faction: gouns              # kharns, gouns, kherops, fangs, tembos, black-guild, none
//	    level: 2                    # 1..3
//	    cost: 75                    # Krowns, base equipment included
//	    limitation: X2              # X<n>, U or P
//	    stats: {V: 3, P: 4, A: 3, C: 4, T: 4, I: 2}
//	    stature: 4                  # 0..6
//	    ap: 4
//	    hp: 10
//	    mastery:                    # one list of fields per mastery die
//	      - [offensive]
//	      - [offensive, defensive]
//	    skills: {endurance: ~, bloodlust: 1, heroic: offensive}
//	    equipment: [mkuki, leather-armour]
//	    armour: {protection: -1/6/-2, boxes: 8}   # natural armour, if any
//	    traits: [stateless]         # or "allied of kharns"
//	equipment:
//	  - id: mkuki
//	    name: Mkuki
//	    kind: melee                 # melee, ranged, armour or shield
//	    cost: 8
//	    hands: 1                    # 0, 1 or 2
//	    reach: 1                    # 1 to 3 toises, in halves
//	    defence_reach: 2            # a reach in defence only (counters), same values
//	    thrown: true
//	    range: {short: 2, long: 4, max: 5}        # or "3/6", "3/7/-"
//	  - {id: plate-armour, name: Plate armour, kind: armour, cost: 25,
//	     protection: -2/6/-3, boxes: 10, velocity_malus: 1}
//	  - {id: buckler, name: Buckler, kind: shield, cost: 4, defence_bonus: 1, boxes: 3}
//
// Weapon effect keys: attack_bonus, defence_bonus, damage_bonus, fixed_damage
// ("3", "1D5", "2D5+3"), critical ("9-10") or critical_from (9), no_cf_attack,
// no_cf_defence, no_attack_with and no_effect_with (lists of V, P, A, C),
// attack_ap (allowed AP costs), bleeding, on_critical (daze or stun),
// armour_piercing (1, 1D5, or ~ for 1D5), armour_ignore, reach, thrown, range,
// ammunition, rate, reload_ap and poison; reserved_to lists factions or profile
// ids. An armour's malus_max_c limits its velocity_malus to wearers of C at
// most that value ("-1 en V si C≤4"); heavy_threshold is a better threshold
// over a printed armour at least as strong; stacks_with_armour: true wears it
// under the ordinary armour; metal_or_stone: true keeps its wearer from
// swimming, natural: true (a shell) is kept in water; a melee weapon with protection and boxes also
// protects, its armour worn in that second slot while it is held. Weapons and items may grant skills to their
// holder: grants (a skills mapping) and grants_increment ("+N if present");
// a ranged weapon whose ammunition is only bought has bought_ammunition:
// {shots, cost}, its default purchase when no list buys any (a list's entry
// buys with ammunition: {weapon: {shots, cost}}; profiles/ammunition.go);
// an item's grants_traits ([stateless] or [allied of <faction>]) lets a list
// recruit the Safar it gives the item as if its card had the trait;
// an item may be stackable (carried in copies), a poison dose (poison; with
// poison_defence also spent on a defence), a mastery-reroll charm
// (reroll_field and reroll_bonus: "+2 on a mastery reroll of that field"), a
// healing flask (heal: dice, one drink per copy), an antidote (antidote) or a
// ward against poison (poison_immune).
// A Safar carries copies only of weapons and stackable items, and one armour,
// one stacking armour and one helmet. Helmet keys: boxes (its effect works
// until they are used up), no_critical_damage (a CH deals the wearer no bonus
// damage) and immune (a list of daze, stun).
// EquipmentKeys and SkillKeywords list the vocabulary. YAML anchors and "<<"
// merge keys may be used to derive one profile from another.
//
// Loading is strict and reports every problem at once as an Errors, one Error per
// problem formatted "file:line:col: field: message", where field is a path such as
// "profiles[paladin-2].stats.V" (an entry is named by its id, or by its 0-based
// index when it has no valid id: "profiles[2].stats.V").
//
// Default returns the embedded data set of profiles/data, whose values are
// illustrative, written for this project, not official card values.
package profiles
