package profiles

import "go.yaml.in/yaml/v3"

// GenericActions are a card's rules on the generic actions (seed 000 lines
// 1131-1147 and 1183-1200): skills.md section 3, pattern J ("Automatic
// Detect (always, or once per activation); automatic Convince/negotiate; no
// CF on Convince/negotiate") and pattern K ("Doubles the HP gained by Devour
// (2, one of which must go and devour a carcass in its aura when there is
// one); may loot although its people normally cannot"). A profile writes them
// under "generic_actions:":
//
//	generic_actions:
//	  detect: automatic            # or automatic_once_per_activation
//	  negotiate: automatic         # or no_critical_failure
//	  devour: double               # or double_and_seek
//	  loot: true
type GenericActions struct {
	// Detect: its Detecting succeeds without a roll, always or once per
	// activation (a second Detecting in one activation rolls).
	Detect DetectRule
	// Negotiate: its Convincing succeeds without a roll, or its roll has no
	// critical failure (a natural 1 does not fail, R3).
	Negotiate NegotiateRule
	// DevourDouble: its Devouring heals twice the HP (4 per AP, the caps of
	// seed 000 lines 1145-1146 kept); DevourSeek: it must go and devour a
	// carcass within its aura when there is one (the policy walks it there).
	DevourDouble, DevourSeek bool
	// Loot: it may loot although its people cannot (a Khârn, seed 000 line
	// 1198).
	Loot bool
	Pos  Pos
}

// DetectRule is the automatic Detecting of a card.
type DetectRule string

// NegotiateRule is a card's rule on Convincing/negotiating.
type NegotiateRule string

// The values of generic_actions.
const (
	DetectAutomatic         DetectRule    = "automatic"
	DetectOncePerActivation DetectRule    = "automatic_once_per_activation"
	NegotiateAutomatic      NegotiateRule = "automatic"
	NegotiateNoCritical     NegotiateRule = "no_critical_failure"
)

var (
	genericActionFields = []string{"detect", "negotiate", "devour", "loot"}
	devourRules         = []string{"double", "double_and_seek"}
)

// genericActions decodes a profile's generic_actions.
func (d *decoder) genericActions(n *yaml.Node, field string) *GenericActions {
	fields, ok := d.mapping(n, field)
	if !ok {
		return nil
	}
	g := &GenericActions{Pos: d.pos(deref(n))}
	for _, f := range fields {
		ff := join(field, f.key)
		switch f.key {
		case "detect":
			g.Detect, _ = oneOf(d, f.v, ff, "detect rule", []DetectRule{DetectAutomatic, DetectOncePerActivation})
		case "negotiate":
			g.Negotiate, _ = oneOf(d, f.v, ff, "negotiate rule", []NegotiateRule{NegotiateAutomatic, NegotiateNoCritical})
		case "devour":
			v, ok := oneOf(d, f.v, ff, "devour rule", devourRules)
			g.DevourDouble, g.DevourSeek = ok, v == "double_and_seek"
		case "loot":
			g.Loot, _ = d.boolValue(f.v, ff)
		default:
			d.unknown(f.k, ff, f.key, genericActionFields)
		}
	}
	if len(fields) == 0 {
		d.errorf(deref(n), field, "gives nothing: want detect, negotiate, devour or loot (skills.md section 3, patterns J and K)")
	}
	return g
}
