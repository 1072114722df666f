package profiles

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// List is a Spearhead list: the Safars a player recruits for a game (rulebook
// "Recruiting your Spearhead", English seed 000 lines 387-396). A list file is
// one YAML mapping:
//
//	name: Royal vanguard
//	faction: kharns        # kharns, gouns, kherops, fangs, tembos or black-guild
//	budget: 300            # Krowns
//	leader: paladin-3      # a member's profile id
//	members:
//	  - profile: paladin-3
//	  - profile: crown-guard-1
//	    count: 2           # 1 when left out
//	    add: [sword]       # equipment taken on, paid on top of the card cost
//	    remove: [spear]    # base equipment left behind, its cost given back
//	  - profile: goun-shaman-2
//	    grimoire: small    # a caster's grimoire and known spells (ListMember)
//	    spells: [mending-word, spirit-of-the-stone]
//	    mount: heron-2     # a mount of the data set (ListMember.Mount)
//	    mount_options: {harness: 2}  # options of the mount, with X (MountOption)
//	  - profile: crossbowman-2
//	    ammunition: {light-crossbow: {shots: 12, cost: 15}}  # bought (profiles/ammunition.go)
//	  - profile: crown-guard-1
//	    upgrades: {sword: {edge: {cost: 6}}}  # the edge, +1 damage (profiles/upgrades.go)
//
// LoadList and ParseList check it against a DataSet and report every problem
// with its position and the rule broken.
type List struct {
	Name    string
	Faction string
	Budget  int // Krowns
	// Leader is the profile id of the member who leads the Spearhead.
	Leader  string
	Members []ListMember
	// CardGrants are the skills special cards give Safars of the Spearhead
	// (a Spearhead-wide card; profiles/allies.go), written by kharn import
	// list.
	CardGrants []AllyGrant
	// CardDefends are special cards' rules letting members defend for
	// allies (profiles/guard.go; skills.md 3.2: "an army-wide option to
	// defend for an ally in the same melee with +3"), written by hand.
	CardDefends []Guard
	// CardCover are special cards' rules by which members always count as
	// in cover against shots (profiles/listcards.go; skills.md 3.2: "a
	// model always counted in cover").
	CardCover []CardCover
	// CardBanners are special cards' standards (profiles/listcards.go;
	// skills.md 3.2: "a banner that ... rerolls failed terror and fright
	// tests once").
	CardBanners []CardBanner
	// CardDoubles are special cards' rules by which members deal double
	// damage against poisoned enemies (profiles/listcards.go; skills.md
	// 3.2).
	CardDoubles []CardDouble
	// CardHeroics are special cards' rules giving members Heroic attack
	// against an enemy bleeding from their attack (profiles/listcards.go;
	// skills.md 3.2).
	CardHeroics []CardHeroic
	// CardAuraGrants are special cards' auras given to members
	// (profiles/listcards.go; sim/cardaura.go).
	CardAuraGrants []CardAuraGrant
	// CardReturns are special cards' returns from defeat, once per battle
	// (profiles/listcards.go; sim/cardreturn.go).
	CardReturns []CardReturn
	// CardStealsAP and CardSpellDrains are special cards' AP taken from
	// enemies: once per turn from one in the zone of control, and from the
	// target of each successful spell (profiles/listcards.go; sim/cardap.go).
	CardStealsAP    []CardStealAP
	CardSpellDrains []CardSpellDrain
	// CardOneFaction are special cards' "every model counts as one faction
	// for support" (profiles/listcards.go; sim/cardfaction.go).
	CardOneFaction []CardOneFaction
	// CardSkipsFor are special cards' "may skip his actions so that an ally
	// that already acted recovers AP" (profiles/listcards.go;
	// sim/cardskip.go).
	CardSkipsFor []CardSkipFor
	// CardMasteryDomains, CardBorrowsMastery, CardKeepsMastery and
	// CardPushesDamage are special cards' mastery dice rules: an extra
	// domain on a die per order bought, every ally's dice used anywhere, a
	// die not spent on a CH, damage pushed onto an ally on a d10
	// (profiles/listcards.go; sim/cardmastery.go; skills.md 3.2).
	CardMasteryDomains []CardMasteryDomain
	CardBorrowsMastery []CardBorrowMastery
	CardKeepsMastery   []CardKeepMastery
	CardPushesDamage   []CardPushDamage
	// CardBeasts are special cards' beasts: stronger support to their
	// mistress, free leaps into her melee, activating with her
	// (profiles/listcards.go; sim/cardbeast.go).
	CardBeasts []CardBeast
	// CardSharedSkills are special cards' skills shared among the Safars
	// they name (profiles/listcards.go; sim/cardshare.go).
	CardSharedSkills []CardSharedSkills
	// CardReturnsInAlly are special cards' returns from defeat in an ally's
	// place, once per battle (profiles/listcards.go; sim/cardreturn.go).
	CardReturnsInAlly []CardReturnInAlly
	// CardCritDrains are special cards' AP taken instead of the CH bonus in
	// combat (profiles/listcards.go; sim/cardcrit.go).
	CardCritDrains []CardCritDrain
	// CardWayBonuses are special cards' casting bonuses per ally counted
	// (profiles/listcards.go; sim/cardway.go).
	CardWayBonuses []CardWayBonus
	// CardExtraActions are special cards' extra action during another
	// Safar's activation, once per battle (profiles/listcards.go;
	// sim/cardextra.go).
	CardExtraActions []CardExtraAction
	// CardTurnOrders are special cards' choice of table edge and rounds
	// started first (profiles/listcards.go; sim/edge.go, sim/cardturn.go).
	CardTurnOrders []CardTurnOrder
	Pos            Pos
}

// ListMember is one entry of a List: Count Safars of the same profile, each with
// the base equipment of the card minus Remove plus Add (rulebook "Equipment").
// A profile may be listed in several entries, with different loadouts.
type ListMember struct {
	Profile     string
	Count       int
	Add, Remove []string
	// Spells and Grimoire, when either is given, replace the known spells and
	// the grimoire of the caster's card (seed 000 lines 1462-1478): they are
	// checked as a card's magic is (pages, level budget, way, reservation),
	// and their Krowns add to the entry's cost (MemberProfile).
	Spells   []string
	Grimoire string
	// Granted are spells a card lets the list choose for free, outside the
	// page and level budgets (catalogue.md 3.8 "grant-spell-choice"); their
	// Krowns, if any, are due.
	Granted []string
	// Mount is the id of the mount the entry's Safars ride: each is fielded
	// as the rider on it (DataSet.Mounted), costing both.
	Mount string
	// MountOptions are the mount's options the entry takes, with their X
	// (MountOption): skills for the Safar, Krowns on top.
	MountOptions []MountChoice
	// Ammunition is the ammunition the entry buys for its ranged weapons,
	// shots and Krowns (profiles/ammunition.go): on a weapon with included
	// shots they add; on one that shoots only bought ammunition they are
	// all it has, none when the entry buys none.
	Ammunition []AmmunitionPurchase
	// Upgrades are the upgrades the entry buys on its weapons, with their
	// Krowns (profiles/upgrades.go): the edge, +1 damage.
	Upgrades []Upgrade
	Pos      Pos
}

// The rules a list can break, as cited at the end of each problem. They name the
// sections of the English rulebook (seed 000), spelled as it spells them.
const (
	ruleFaction   = "rulebook: Recruiting your Spearhead" // English seed 000 lines 387-396
	ruleLeader    = "rulebook: Apointing your leader"     // English seed 000 lines 398-404
	ruleLimX      = "rulebook: Limitations, LIM X"        // English seed 000 line 418
	ruleLimU      = "rulebook: Limitations, LIM U"        // English seed 000 line 420
	ruleLimP      = "rulebook: Limitations, LIM P"        // English seed 000 lines 424-426
	ruleCost      = "rulebook: Recruitment cost"          // English seed 000 lines 428-440
	ruleEquipment = "rulebook: Equipment"                 // English seed 000 lines 1680-1692
)

// Bounds of a list file: they keep the checks cheap on any input (the equipment
// checks are quadratic in the number of changes of an entry).
const (
	maxListMembers = 100
	maxListCount   = 99
	maxListChanges = 16
	maxListBudget  = 1_000_000
)

// Field names of the list format.
var (
	listFields   = []string{"name", "faction", "budget", "leader", "members"}
	memberFields = []string{"profile", "count", "add", "remove", "spells", "grimoire", "granted", "mount", "mount_options", "ammunition", "upgrades"}
)

// LoadList reads the list file at path and checks it against ds (nil means
// Default()). On any problem it returns a nil List and an Errors listing every
// problem, each formatted "file:line:col: field: message (rule)".
func LoadList(path string, ds *DataSet) (*List, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Errors{pathError(path, err)}
	}
	return ParseList(path, data, ds)
}

// ParseList decodes the list file called name (used in error positions) from data
// and checks it against ds (nil means Default()). Decoding is strict: unknown
// fields, wrong types and missing fields are errors. The checks are those of the
// rulebook:
//
//   - the list's faction is one of the six factions, and every member's profile
//     exists in ds and belongs to it, unless the profile is of the Black Guild, has
//     no faction logo, has the trait "stateless" or "allied of <faction>"
//     ("Recruiting your Spearhead");
//   - LIM X: at most X Safars of a profile; LIM U: at most one; LIM P: a personage
//     is unique and takes one of the slots of its model (see PersonageModel),
//     counted over every entry of the list ("Limitations");
//   - the leader is a member, of one of the two highest levels of the Spearhead or
//     a personage ("Apointing your leader");
//   - every entry's changes of equipment are valid for its profile (DataSet.Equip),
//     and the total cost, Count times Loadout.Cost summed over the entries, is
//     within the budget ("Recruitment cost", "Equipment").
//
// On any problem ParseList returns a nil List and an Errors listing them all.
func ParseList(name string, data []byte, ds *DataSet) (*List, error) {
	if ds == nil {
		ds = Default()
	}
	d := &decoder{file: name, budget: nodeBudget}
	l, n := d.listFile(data)
	if l != nil {
		d.checkList(l, n, ds)
	}
	if err := d.errs.err(); err != nil {
		return nil, err
	}
	return l, nil
}

// listNodes are the YAML nodes of a decoded list, to place its problems.
type listNodes struct {
	faction, budget, leader *yaml.Node
	entries                 []memberNodes
}

// memberNodes are the YAML nodes of one entry; add and remove hold one node per
// id kept in ListMember.Add and ListMember.Remove.
type memberNodes struct {
	node, profile, count *yaml.Node
	add, remove          []*yaml.Node
	spells, granted      []ref        // the spells given, placed
	mount                *yaml.Node   // the mount given
	mountOptions         []*yaml.Node // the mount options given, one per choice
	grimoire             *yaml.Node   // the grimoire given
	ammunition           []*yaml.Node // the weapons ammunition is bought for
	upgrades             []*yaml.Node // the weapon of each upgrade bought
	ok                   bool         // the profile id and the count decoded
}

// at returns the node where a problem with the number of Safars of m is shown:
// its count, or its profile when the count is left out.
func (m memberNodes) at() (*yaml.Node, string) {
	if m.count != nil {
		return m.count, "count"
	}
	return m.profile, "profile"
}

// listFile decodes the one YAML document of a list file. It returns a nil List
// when nothing could be decoded.
func (d *decoder) listFile(data []byte) (*List, *listNodes) {
	var l *List
	var n *listNodes
	if !d.oneDocument(data, "list", func(root *yaml.Node) { l, n = d.spearhead(root) }) {
		return nil, nil
	}
	if l == nil && len(d.errs) == 0 {
		d.errs = append(d.errs, Error{Pos: Pos{File: d.file, Line: 1},
			Msg: "empty list file: want a mapping with name, faction, budget, leader and members"})
	}
	return l, n
}

// spearhead decodes the top-level mapping of a list file.
func (d *decoder) spearhead(root *yaml.Node) (*List, *listNodes) {
	if root == nil || root.Kind != yaml.MappingNode {
		d.errorf(root, "", "want a list (a mapping with name, faction, budget, leader and members), got %s", describe(root))
		return nil, nil
	}
	fields, _ := d.mapping(root, "")
	l := &List{Pos: d.pos(root)}
	n := &listNodes{}
	present := make(map[string]bool)
	for _, f := range fields {
		present[f.key] = true
		switch f.key {
		case "name":
			l.Name, _ = d.stringValue(f.v, f.key)
		case "faction":
			if v, ok := d.stringValue(f.v, f.key); ok {
				l.Faction, n.faction = v, deref(f.v)
			}
		case "budget":
			if v, ok := d.intIn(f.v, f.key, 1, maxListBudget, "budget must be from 1 to "+strconv.Itoa(maxListBudget)+" Krowns"); ok {
				l.Budget, n.budget = v, deref(f.v)
			}
		case "leader":
			if v, ok := d.stringValue(f.v, f.key); ok {
				l.Leader, n.leader = v, deref(f.v)
			}
		case "members":
			d.listMembers(l, n, f.v)
		default:
			if !d.listCardField(l, f.key, f.v, f.key) { // profiles/listcards.go
				d.unknown(f.k, f.key, f.key, append(slices.Clone(listFields), listCardFields...))
			}
		}
	}
	d.require(root, "", present, listFields...)
	return l, n
}

// listMembers decodes the entries of members:.
func (d *decoder) listMembers(l *List, n *listNodes, v *yaml.Node) {
	elems, ok := d.sequence(v, "members")
	if !ok {
		return
	}
	if len(elems) == 0 {
		d.errorf(deref(v), "members", "a Spearhead recruits at least one Safar")
		return
	}
	if len(elems) > maxListMembers {
		d.errorf(deref(v), "members", "more than %d entries: merge the entries of the same profile and loadout with count", maxListMembers)
		return
	}
	for i, e := range elems {
		m, mn := d.listMember(e, index("members", i))
		l.Members = append(l.Members, m)
		n.entries = append(n.entries, mn)
	}
}

// listMember decodes one entry of members:.
func (d *decoder) listMember(e *yaml.Node, path string) (ListMember, memberNodes) {
	node := deref(e)
	m := ListMember{Count: 1, Pos: d.pos(node)}
	mn := memberNodes{node: node}
	fields, ok := d.mapping(e, path)
	if !ok {
		return m, mn
	}
	present := make(map[string]bool)
	countOK := true
	for _, f := range fields {
		present[f.key] = true
		field := join(path, f.key)
		switch f.key {
		case "profile":
			if v, ok := d.stringValue(f.v, field); ok {
				m.Profile, mn.profile = v, deref(f.v)
			}
		case "count":
			m.Count, countOK = d.intIn(f.v, field, 1, maxListCount, "count must be from 1 to "+strconv.Itoa(maxListCount))
			mn.count = deref(f.v)
		case "add":
			m.Add, mn.add = d.equipmentIDs(f.v, field)
		case "remove":
			m.Remove, mn.remove = d.equipmentIDs(f.v, field)
		case "mount":
			if v, ok := d.stringValue(f.v, field); ok {
				m.Mount, mn.mount = v, deref(f.v)
			}
		case "mount_options":
			m.MountOptions, mn.mountOptions = d.mountChoices(f.v, field) // profiles/mount_options.go
		case "spells", "grimoire", "granted":
			d.memberMagic(&m, &mn, f.key, f.v, field)
		case "ammunition":
			m.Ammunition, mn.ammunition = d.memberAmmunition(f.v, field) // profiles/ammunition.go
		case "upgrades":
			m.Upgrades, mn.upgrades = d.memberUpgrades(f.v, field) // profiles/upgrades.go
		default:
			d.unknown(f.k, field, f.key, memberFields)
		}
	}
	d.require(node, path, present, "profile")
	mn.ok = mn.profile != nil && countOK
	return m, mn
}

// equipmentIDs decodes the add or remove list of an entry: equipment ids, checked
// against the data set later.
func (d *decoder) equipmentIDs(v *yaml.Node, field string) ([]string, []*yaml.Node) {
	elems, _ := d.sequence(v, field)
	if len(elems) > maxListChanges {
		d.errorf(deref(v), field, "more than %d items", maxListChanges)
		return nil, nil
	}
	var ids []string
	var nodes []*yaml.Node
	for i, e := range elems {
		if id, ok := d.stringValue(e, index(field, i)); ok {
			ids = append(ids, id)
			nodes = append(nodes, deref(e))
		}
	}
	return ids, nodes
}

// ruleErrorf reports a broken rule: the message ends with the rule in brackets.
func (d *decoder) ruleErrorf(n *yaml.Node, field, rule, format string, args ...any) {
	d.errorf(n, field, "%s (%s)", fmt.Sprintf(format, args...), rule)
}

// checkList checks the decoded list l against ds, the problems placed with n.
func (d *decoder) checkList(l *List, n *listNodes, ds *DataSet) {
	factions := SpearheadFactions()
	factionOK := n.faction != nil && slices.Contains(factions, l.Faction)
	if n.faction != nil && !factionOK {
		d.errorf(n.faction, "faction", "unknown faction %q%s (known: %s)", l.Faction,
			didYouMean(Closest(l.Faction, factions, 1)), strings.Join(factions, ", "))
	}

	// Each entry: its profile, its faction, its equipment and its cost.
	recruited := make([]*Profile, len(l.Members)) // nil when the entry is invalid
	total := 0
	for i := range l.Members {
		m, mn := &l.Members[i], n.entries[i]
		path := index("members", i)
		if mn.profile == nil {
			continue
		}
		p, err := ds.Profile(m.Profile)
		if err != nil {
			d.errorf(mn.profile, join(path, "profile"), "%v", err)
			continue
		}
		if factionOK && !memberRecruitable(p, m.Add, l.Faction, ds) { // profiles/granttraits.go
			d.ruleErrorf(mn.profile, join(path, "profile"), ruleFaction,
				"%s is a %s profile: a %s Spearhead recruits only %s profiles, the Black Guild, profiles without a faction logo and those \"stateless\" or \"allied of %s\"",
				p.ID, p.Faction, l.Faction, l.Faction, l.Faction)
		}
		rider := p
		p, mountOK := d.checkMemberMount(p, m, mn, path, ds)
		cost, ok := d.checkEquipment(p, m, mn, path, ds)
		magic, magicOK := d.checkMemberMagic(p, m, mn, path, ds)
		cost, ok = cost+magic, ok && magicOK && mountOK
		if !mn.ok {
			continue
		}
		recruited[i] = rider
		if ok {
			total += m.Count * cost
		}
	}

	d.checkLimitations(l, n, recruited, ds)
	d.checkLeader(l, n, recruited)

	// "Constitute your Spearhead, adding the value of each miniature, weapon or
	// card" (English seed 000 line 438), within the budget agreed for the game.
	if n.budget != nil && total > l.Budget {
		d.ruleErrorf(n.budget, "budget", ruleCost, "the Spearhead costs %d Kr, %d over the budget of %d Kr",
			total, total-l.Budget, l.Budget)
	}
}

// listRecruitable reports whether a Spearhead of faction may recruit p (rulebook
// "Recruiting your Spearhead", English seed 000 lines 391-396, French seed 004
// lines 320-325): a profile of the faction, a member of the Black Guild (line 393:
// "Members of the Black Guild are among them", that is among the warriors who offer
// their services to the highest bidder), a profile without a faction logo (line
// 245), a "stateless" one, or one "allied of" the faction.
//
// Every Black Guild profile counts as recruitable anywhere: line 393 lists its
// members as an exception of their own, beside the "stateless" and "allied of X"
// keywords. Line 221 ("Some profiles belonging to the Black Guild can be recruited
// in several factions"; French seed 004 line 148 likewise) could be read as "only
// those with one of the keywords"; under the reading kept here, a keyword on a
// Black Guild card (guild-crossbowman-2 is "allied of kherops") changes nothing.
//
// An Affranchis Spearhead also takes the generic (LIM X) profiles of the
// peoples (the catalogue's open recruitment, catalogue.md section 4.1; its
// per-catalogue exclusions and caps are reported by the importer, not checked
// here).
func listRecruitable(p *Profile, faction string) bool {
	if p.Faction == faction || p.Faction == BlackGuild || p.Faction == NoFaction {
		return true
	}
	if faction == Affranchis && p.Limitation.Kind == "X" {
		return true
	}
	return traitsAdmit(p.Traits, faction)
}

// traitsAdmit reports whether traits let a Safar of another people join a
// Spearhead of faction: stateless, or allied of that faction (skills.md #61,
// #25), on its card or granted by an item (Equipment.GrantsTraits).
func traitsAdmit(traits []string, faction string) bool {
	return slices.Contains(traits, TraitStateless) || slices.Contains(traits, TraitAlliedOf+faction)
}

// checkEquipment checks the changes of equipment of the entry m of profile p with
// ds.Equip, one id at a time so that each problem is placed on its id, and returns
// the cost of one Safar of the entry and whether every change is valid.
func (d *decoder) checkEquipment(p *Profile, m *ListMember, mn memberNodes, path string, ds *DataSet) (int, bool) {
	if _, err := ds.Equip(p, nil, nil); err != nil {
		// Only for a DataSet not made by Load, which checks the base equipment.
		d.equipErrors(mn.profile, join(path, "profile"), err)
		return 0, false
	}
	var removed, added []string
	for i, id := range m.Remove {
		try := append(slices.Clone(removed), id)
		if _, err := ds.Equip(p, nil, try); err != nil {
			d.equipErrors(mn.remove[i], index(join(path, "remove"), i), err)
			continue
		}
		removed = try
	}
	for i, id := range m.Add {
		try := append(slices.Clone(added), id)
		if _, err := ds.Equip(p, try, removed); err != nil {
			d.equipErrors(mn.add[i], index(join(path, "add"), i), err)
			continue
		}
		added = try
	}
	if len(removed) != len(m.Remove) || len(added) != len(m.Add) {
		return 0, false
	}
	l, err := ds.Equip(p, m.Add, m.Remove)
	if err != nil {
		d.equipErrors(mn.node, path, err)
		return 0, false
	}
	l = m.Outfit(l)
	ammoOK := d.checkAmmunition(l, m, mn.ammunition, path, ds)
	if !d.checkUpgrades(l, m, mn.upgrades, path, ds) || !ammoOK {
		return 0, false
	}
	return l.Cost(ds), true
}

// equipErrors reports the errors of DataSet.Equip at n, citing the rulebook
// "Equipment" for those that do not name a rule already; unknown ids break no rule.
func (d *decoder) equipErrors(n *yaml.Node, field string, err error) {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		switch {
		case IsUnknownID(e), strings.Contains(e.Error(), "(rulebook"):
			d.errorf(n, field, "%v", e)
		default:
			d.ruleErrorf(n, field, ruleEquipment, "%v", e)
		}
	}
}

// The model of a personage. The rulebook example: "If I want to use Engueran (a
// Khârn Paladin level 3/Lim P), he will replace another Paladin level 3. Thus, I
// will only be able to recruit another Paladin level 3 at his side although the
// limitation stipulates that you can recruit 2 Paladins level 3" (English seed 000
// line 426; French seed 004 lines 347-349).
//
// The profile data has no field naming a personage's model, and its cards name a
// personage after itself (engueran-3 is called "Engueran", not "Khârn Paladin"),
// so the link is made in two ways, tried in order:
//   - personageModels below, for the personages whose model a rulebook gives;
//   - otherwise, the profile of the same faction and level with the same Name as
//     the personage, for data that names a personage after its model.
//
// A personage with no model found is unique and takes no other profile's slot.
var personageModels = map[string]string{
	"engueran-3": "paladin-3", // English seed 000 line 426: a Khârn Paladin level 3
}

// PersonageModel returns the profile whose recruitment slots the personage p
// takes (rulebook "Limitations", LIM P): a profile of ds of the same faction and
// level that is not a personage, or nil when p is not a personage (Limitation.Kind
// "P") or ds holds no model for it. See personageModels for how the model is found.
func (ds *DataSet) PersonageModel(p *Profile) *Profile {
	if p.Limitation.Kind != "P" {
		return nil
	}
	isModel := func(m *Profile) bool {
		return m != p && m.Faction == p.Faction && m.Level == p.Level && m.Limitation.Kind != "P"
	}
	if id, ok := personageModels[p.ID]; ok {
		if m, err := ds.Profile(id); err == nil && isModel(m) {
			return m
		}
	}
	for _, m := range ds.Profiles {
		if m.Name == p.Name && isModel(m) {
			return m
		}
	}
	return nil
}

// listLimit returns how many Safars of p a Spearhead may recruit, and false when p
// has no limitation.
func listLimit(p *Profile) (int, bool) {
	switch p.Limitation.Kind {
	case "X":
		return p.Limitation.Count, true
	case "U", "P":
		return 1, true
	}
	return 0, false
}

// listLimName formats the limitation of p as the cards print it: "LIM 2", "LIM U".
func listLimName(p *Profile) string {
	if p.Limitation.Kind == "X" {
		return "LIM " + strconv.Itoa(p.Limitation.Count)
	}
	return "LIM " + p.Limitation.Kind
}

// checkLimitations counts the Safars of each profile over every entry, in file
// order, and reports the entry that goes over a limitation, once per profile
// (rulebook "Limitations", English seed 000 lines 414-426). LIM X and LIM U count
// the copies of one profile: a Khérops warrior "Commander" (LIM U), two Khérops
// warriors LIM 2 and three LIM 3 may serve together (line 422). A personage (LIM
// P) is unique and also fills one slot of its model.
func (d *decoder) checkLimitations(l *List, n *listNodes, recruited []*Profile, ds *DataSet) {
	used := make(map[string]int)            // profile id -> Safars counted against its limitation
	personages := make(map[string][]string) // model id -> personages filling its slots
	reported := make(map[string]bool)
	over := func(p *Profile, at *yaml.Node, field string) {
		limit, ok := listLimit(p)
		if !ok || used[p.ID] <= limit || reported[p.ID] {
			return
		}
		reported[p.ID] = true
		switch {
		case p.Limitation.Kind == "P":
			d.ruleErrorf(at, field, ruleLimP, "too many %s: %d recruited, a personage (LIM P) is unique", p.ID, used[p.ID])
		case len(personages[p.ID]) > 0:
			own := used[p.ID] - len(personages[p.ID])
			d.ruleErrorf(at, field, ruleLimP, "too many %s: %d recruited and personage %s in one of their slots make %d, its %s allows %d",
				p.ID, own, strings.Join(personages[p.ID], ", "), used[p.ID], listLimName(p), limit)
		case p.Limitation.Kind == "U":
			d.ruleErrorf(at, field, ruleLimU, "too many %s: %d recruited, its LIM U allows one", p.ID, used[p.ID])
		default:
			d.ruleErrorf(at, field, ruleLimX, "too many %s: %d recruited, its %s allows %d", p.ID, used[p.ID], listLimName(p), limit)
		}
	}
	for i, p := range recruited {
		if p == nil {
			continue
		}
		m := l.Members[i]
		at, f := n.entries[i].at()
		field := join(index("members", i), f)
		used[p.ID] += m.Count
		over(p, at, field)
		if model := ds.PersonageModel(p); model != nil {
			used[model.ID] += m.Count
			for range m.Count {
				personages[model.ID] = append(personages[model.ID], p.ID)
			}
			over(model, at, field)
		}
	}
}

// checkLeader checks that the leader is a member, of one of the two highest
// levels of the Spearhead or a personage (rulebook "Apointing your leader",
// English seed 000 line 402: "You can choose them among the two highest levels in
// your Spearhead or among one of your personages"). The French text reads "parmi
// les Safars des deux plus hauts niveaux" (seed 004 line 331): two levels, not two
// Safars, so in a Spearhead of levels 3, 3, 2 and 1 any Safar of level 3 or 2 may
// lead.
func (d *decoder) checkLeader(l *List, n *listNodes, recruited []*Profile) {
	if n.leader == nil {
		return
	}
	var leader *Profile
	var levels []int
	var memberIDs []string
	for _, p := range recruited {
		if p == nil {
			continue
		}
		memberIDs = append(memberIDs, p.ID)
		levels = append(levels, p.Level)
		if p.ID == l.Leader {
			leader = p
		}
	}
	if len(memberIDs) == 0 {
		return // no valid entry: already reported
	}
	if leader == nil {
		if slices.ContainsFunc(l.Members, func(m ListMember) bool { return m.Profile == l.Leader }) {
			return // an invalid entry, already reported
		}
		d.ruleErrorf(n.leader, "leader", ruleLeader, "leader %q is not a member of the Spearhead%s",
			l.Leader, didYouMean(Closest(l.Leader, memberIDs, 2)))
		return
	}
	slices.Sort(levels)
	levels = slices.Compact(levels)
	slices.Reverse(levels)
	top := levels[:min(2, len(levels))]
	if leader.Limitation.Kind == "P" || slices.Contains(top, leader.Level) {
		return
	}
	tops := make([]string, len(top))
	for i, v := range top {
		tops[i] = strconv.Itoa(v)
	}
	d.ruleErrorf(n.leader, "leader", ruleLeader, "leader %s is level %d, neither of the two highest levels of the Spearhead (%s) nor a personage",
		leader.ID, leader.Level, strings.Join(tops, " and "))
}

// Outfit returns lo, the loadout of m's profile and equipment changes, with
// what m buys besides: its ammunition (profiles/ammunition.go, Listed set:
// a list's loadout) and its upgrades (profiles/upgrades.go).
func (m ListMember) Outfit(lo Loadout) Loadout {
	lo.Ammunition, lo.Listed, lo.Upgrades = m.Ammunition, true, m.Upgrades
	return lo
}

// Loadouts returns the loadout of every Safar of l, one per Safar (an entry of
// Count n gives n loadouts), in list order. It panics if an entry does not equip
// in ds, which a List returned by LoadList or ParseList against ds rules out.
func (l *List) Loadouts(ds *DataSet) []Loadout {
	var out []Loadout
	for _, m := range l.Members {
		lo := l.mustEquip(ds, m)
		for range m.Count {
			out = append(out, lo)
		}
	}
	return out
}

// Cost returns the recruitment cost of l in Krowns: the sum over its entries of
// Count times the cost of the entry's loadout, equipment changes included
// (rulebook "Recruitment cost" and "Equipment"). It panics as Loadouts does.
func (l *List) Cost(ds *DataSet) int {
	total := 0
	for _, m := range l.Members {
		total += m.Count * l.mustEquip(ds, m).Cost(ds)
	}
	return total
}

// Size returns the number of Safars of l.
func (l *List) Size() int {
	n := 0
	for _, m := range l.Members {
		n += m.Count
	}
	return n
}

func (l *List) mustEquip(ds *DataSet, m ListMember) Loadout {
	p, err := ds.Profile(m.Profile)
	if err == nil {
		p = ds.MemberProfile(p, m)
		var lo Loadout
		if lo, err = ds.Equip(p, m.Add, m.Remove); err == nil {
			return m.Outfit(lo)
		}
	}
	panic(fmt.Sprintf("profiles: list %q: member %s: %v", l.Name, m.Profile, err))
}

// The ready-made lists of the embedded data: data/lists/<faction>-<budget>.yaml.
// The profiles' //go:embed data/*.yaml does not match this directory (a pattern
// does not recurse), which TestEmbeddedListsApart checks.
//
//go:embed data/lists/*.yaml
var embeddedLists embed.FS

const listDir = "data/lists"

// defaultLists loads the embedded lists once.
var defaultLists = sync.OnceValue(func() []*List { return mustLoadLists(embeddedLists, Default()) })

func mustLoadLists(fsys fs.FS, ds *DataSet) []*List {
	names, err := fs.Glob(fsys, listDir+"/*.yaml")
	if err != nil || len(names) == 0 {
		panic(fmt.Sprintf("profiles: embedded list invalid: no file in %s (%v)", listDir, err))
	}
	var out []*List
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err == nil {
			var l *List
			if l, err = ParseList(name, data, ds); err == nil {
				out = append(out, l)
				continue
			}
		}
		panic("profiles: embedded list invalid: " + err.Error())
	}
	return out
}

// DefaultListNames returns the names of the embedded lists, sorted: the base
// names of their files, "<faction>-<budget>" ("kharns-300").
func DefaultListNames() []string {
	names, _ := fs.Glob(embeddedLists, listDir+"/*.yaml")
	for i, n := range names {
		names[i] = strings.TrimSuffix(path.Base(n), ".yaml")
	}
	return names
}

// DefaultLists returns the ready-made lists of the embedded default data set, in
// the order of DefaultListNames: a 300 and a 400 Krown list for each faction.
// Like the data, they are illustrative, written for this project. They are loaded
// against Default() on the first call and shared: callers must not modify them.
//
// DefaultLists panics with "profiles: embedded list invalid: ..." if an embedded
// list does not validate, which the package tests rule out.
func DefaultLists() []*List { return slices.Clone(defaultLists()) }

// DefaultList returns the embedded list called name (see DefaultListNames),
// checked against Default(), or an *UnknownIDError naming the closest names.
// The List is shared: callers must not modify it.
func DefaultList(name string) (*List, error) {
	names := DefaultListNames()
	if i := slices.Index(names, name); i >= 0 {
		return defaultLists()[i], nil
	}
	return nil, &UnknownIDError{Kind: "list", ID: name, Suggestions: Closest(name, names, 3)}
}

// LoadDefaultList checks the embedded list called name against ds (nil means
// Default()), as ParseList does: with a data set of changed costs, a ready-made
// list may go over its budget. An unknown name gives an *UnknownIDError.
func LoadDefaultList(name string, ds *DataSet) (*List, error) {
	if !slices.Contains(DefaultListNames(), name) {
		_, err := DefaultList(name)
		return nil, err
	}
	file := listDir + "/" + name + ".yaml"
	data, err := fs.ReadFile(embeddedLists, file)
	if err != nil {
		return nil, Errors{pathError(file, err)}
	}
	return ParseList(file, data, ds)
}
