package catalog

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ListCodePrefix starts every list code of the list builder: "KA1:" and then the
// list's JSON, compressed with raw deflate (RFC 1951) and written in base64url
// without padding (RFC 4648 section 5).
const ListCodePrefix = "KA1:"

// maxListSize bounds the JSON a list code may decompress to: a list of a hundred
// Safars is a few kilobytes, and the bound stops a small code from expanding
// without end.
const maxListSize = 1 << 20

// DecodeListCode returns the JSON held by a list code "KA1:...". Spaces and line
// breaks around or inside the code are ignored, and so is text before the prefix
// (a code pasted with the address of the page that shows it).
func DecodeListCode(code string) ([]byte, error) {
	code = strings.Join(strings.Fields(code), "")
	i := strings.Index(code, ListCodePrefix)
	if i < 0 {
		return nil, fmt.Errorf("not a list code: want %q followed by base64url, got %q", ListCodePrefix, oneLine(code, 24))
	}
	payload := code[i+len(ListCodePrefix):]
	if j := strings.IndexFunc(payload, func(r rune) bool { return !isBase64URL(r) }); j >= 0 {
		return nil, fmt.Errorf("list code: bad base64url: %q at character %d is not in A-Z a-z 0-9 - _", payload[j:j+1], i+len(ListCodePrefix)+j+1)
	}
	payload = strings.TrimRight(payload, "=")
	if payload == "" {
		return nil, errors.New("list code: nothing after " + ListCodePrefix)
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, fmt.Errorf("list code: bad base64url at character %d (the code is cut or altered)", i+len(ListCodePrefix)+int(ce)+1)
		}
		return nil, fmt.Errorf("list code: bad base64url: %v", err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxListSize+1))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, errors.New("list code: bad deflate stream: it ends too early (the code is cut)")
	case err != nil:
		return nil, fmt.Errorf("list code: bad deflate stream: %v", err)
	case len(data) > maxListSize:
		return nil, fmt.Errorf("list code: it decompresses to more than %d KiB, more than any list", maxListSize>>10)
	}
	return data, nil
}

// EncodeListCode returns the list code of a list's JSON, as the list builder
// writes it: "KA1:" and the base64url, without padding, of the raw-deflate
// compressed JSON (catalogue.md section 5.2). DecodeListCode reads it back.
func EncodeListCode(js []byte) string {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		panic("catalog: " + err.Error()) // only for a bad level
	}
	w.Write(js) // writes to a bytes.Buffer do not fail
	w.Close()
	return ListCodePrefix + base64.RawURLEncoding.EncodeToString(b.Bytes())
}

func isBase64URL(r rune) bool {
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '='
}

// ListExport is a list as the list builder exports it (the JSON of a list code).
type ListExport struct {
	File           string // where it was read from, for messages
	SchemaVersion  string
	CatalogVersion string
	Name           string
	Format         string // "escarmouche" (skirmish) or "bataille" (battle)
	PointsLimit    int
	Spearheads     []SpearheadExport // "fersDeLance"
	OstCards       []string          // "ost.cardIds": battle format

	// Problems are the fields read differently from how they are written and the
	// optional content not imported (spells, mounts, munitions, upgrades).
	Problems []Problem
}

// SpearheadExport is one Spearhead ("fer de lance") of a ListExport.
type SpearheadExport struct {
	Path             string // JSON path: "fersDeLance[0]"
	FactionID        string
	LeaderInstanceID string
	Members          []MemberExport
}

// MemberExport is one Safar of a SpearheadExport, with everything a list
// gives it (catalogue.md section 5.1).
type MemberExport struct {
	Path       string // JSON path: "fersDeLance[0].members[2]"
	InstanceID string
	ProfileID  string
	Added      []string       // "addedEquipmentIds"
	AddedCount map[string]int // "addedEquipmentCounts": copies of an added item
	Removed    []string       // "removedBaseEquipmentIds"
	// Munitions are the ammunition bought: weapon id -> ammunition type id ->
	// price tier.
	Munitions map[string]map[string]int
	// Upgrades are the upgrades bought: equipment id -> upgrade ids.
	Upgrades     map[string][]string
	SpecialCards []string       // "specialCardIds"
	CardCounts   map[string]int // "specialCardCounts"
	Origin       string         // the people a melting-pot model comes from
	Spells       []string       // "spellIds"
	Granted      []string       // "grantedSpellIds": chosen through a card's grant-spell-choice
	GrantedPaths []string       // the JSON path of each of Granted
	Grimoire     string         // "grimoireId": petit or grand
	Mount        string         // "mount.mountId"
	MountLoadout bool           // the mount's own base items removed or upgrades are given
	MountAdded   []string       // "mount.addedEquipmentIds": items for the mount

	MountOptions map[string]int // "mountOptionIds": option -> X
	Attached     []string       // "attachedInstanceIds"
	BodyguardOf  string         // "bodyguardOfInstanceId"
}

// ReadList reads a list given on the command line: a list code, or the path of a
// file holding a list code or the list's JSON.
func ReadList(arg string) (*ListExport, error) {
	if strings.Contains(arg, ListCodePrefix) {
		data, err := DecodeListCode(arg)
		if err != nil {
			return nil, err
		}
		return ParseListExport("list code", data)
	}
	if _, err := os.Stat(arg); err != nil {
		return nil, fmt.Errorf("%q is neither a list code (%s...) nor a file", oneLine(arg, 40), ListCodePrefix)
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimSpace(data); bytes.HasPrefix(t, []byte("{")) {
		return ParseListExport(arg, data)
	}
	js, err := DecodeListCode(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", arg, err)
	}
	return ParseListExport(arg, js)
}

// ParseListExport reads the JSON of a list export from data, read from the file
// called name. It fails only when data is not a JSON object; odd fields are
// reported in the ListExport's Problems.
func ParseListExport(name string, data []byte) (*ListExport, error) {
	v, err := parseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: %s is not a list (want an object with fersDeLance)", name, describe(v))
	}
	x := &ListExport{File: name}
	n := &notes{file: name}
	top := newObject(m, "")
	for _, k := range []struct {
		key string
		dst *string
	}{{"schemaVersion", &x.SchemaVersion}, {"catalogVersion", &x.CatalogVersion}, {"name", &x.Name}, {"format", &x.Format}} {
		if v, ok := top.get(k.key); ok && v != nil {
			*k.dst, _ = n.str(v, k.key, "ignored")
		}
	}
	if v, ok := top.get("pointsLimit"); ok && v != nil {
		x.PointsLimit, _ = n.whole(v, "pointsLimit", "ignored")
	}
	v, ok = top.get("fersDeLance")
	if !ok {
		return nil, fmt.Errorf("%s: fersDeLance: missing: no Spearhead in the list", name)
	}
	for _, ho := range n.objects(v, "fersDeLance", "no Spearhead", "Spearhead not imported") {
		s := SpearheadExport{Path: ho.path}
		if v, ok := ho.get("factionId"); ok {
			s.FactionID, _ = n.str(v, ho.at("factionId"), "no faction")
		}
		for _, k := range []string{"id", "name"} {
			ho.get(k)
		}
		if v, ok := ho.get("leaderInstanceId"); ok && v != nil {
			s.LeaderInstanceID, _ = n.str(v, ho.at("leaderInstanceId"), "no leader")
		}
		v, _ := ho.get("members")
		for _, mo := range n.objects(v, ho.at("members"), "no member", "member not imported") {
			me := MemberExport{Path: mo.path}
			if v, ok := mo.get("instanceId"); ok && v != nil {
				me.InstanceID, _ = n.str(v, mo.at("instanceId"), "ignored")
			}
			if v, ok := mo.get("profileId"); ok {
				me.ProfileID, _ = n.str(v, mo.at("profileId"), "member not imported")
			} else {
				n.problemf(mo.at("profileId"), "missing, member not imported")
			}
			if v, ok := mo.get("addedEquipmentIds"); ok {
				me.Added = n.ids(v, mo.at("addedEquipmentIds"))
			}
			if v, ok := mo.get("removedBaseEquipmentIds"); ok {
				me.Removed = n.ids(v, mo.at("removedBaseEquipmentIds"))
			}
			readMemberExtras(n, mo, &me)
			unusedKeys(n, mo)
			s.Members = append(s.Members, me)
		}
		unusedKeys(n, ho)
		x.Spearheads = append(x.Spearheads, s)
	}
	if v, ok := top.get("ost"); ok && v != nil {
		if oo, ok := n.obj(v, "ost", "ignored"); ok {
			if c, ok := oo.get("cardIds"); ok {
				x.OstCards = n.ids(c, oo.at("cardIds"))
			}
			unusedKeys(n, oo)
		}
	}
	for _, k := range []string{"id", "createdAt", "updatedAt", "snapshot"} {
		top.get(k) // display and bookkeeping: the snapshot is recomputed, never trusted
	}
	unusedKeys(n, top)
	x.Problems = n.problems
	return x, nil
}

// counts reads an object of whole numbers {id: n}.
func counts(n *notes, v any, path string) map[string]int {
	o, ok := n.obj(v, path, "ignored")
	if !ok {
		return nil
	}
	out := make(map[string]int)
	for _, k := range sortedKeys(o.m) {
		if c, ok := n.whole(o.m[k], o.at(k), "ignored"); ok {
			out[k] = c
		}
	}
	return out
}

// readMemberExtras reads what a member carries besides its equipment changes.
func readMemberExtras(n *notes, mo *object, me *MemberExport) {
	str := func(k string) string {
		v, ok := mo.get(k)
		if !ok || v == nil {
			return ""
		}
		s, _ := n.str(v, mo.at(k), "ignored")
		return s
	}
	if v, ok := mo.get("addedEquipmentCounts"); ok && v != nil {
		me.AddedCount = counts(n, v, mo.at("addedEquipmentCounts"))
	}
	if v, ok := mo.get("munitions"); ok && v != nil {
		if o, ok := n.obj(v, mo.at("munitions"), "ignored"); ok {
			me.Munitions = make(map[string]map[string]int)
			for _, w := range sortedKeys(o.m) {
				me.Munitions[w] = counts(n, o.m[w], o.at(w))
			}
		}
	}
	if v, ok := mo.get("equipmentUpgrades"); ok && v != nil {
		if o, ok := n.obj(v, mo.at("equipmentUpgrades"), "ignored"); ok {
			me.Upgrades = make(map[string][]string)
			for _, k := range sortedKeys(o.m) {
				me.Upgrades[k] = n.ids(o.m[k], o.at(k))
			}
		}
	}
	if v, ok := mo.get("specialCardIds"); ok {
		me.SpecialCards = n.ids(v, mo.at("specialCardIds"))
	}
	if v, ok := mo.get("specialCardCounts"); ok && v != nil {
		me.CardCounts = counts(n, v, mo.at("specialCardCounts"))
	}
	me.Origin = str("origin")
	if v, ok := mo.get("spellIds"); ok {
		me.Spells = n.ids(v, mo.at("spellIds"))
	}
	if v, ok := mo.get("grantedSpellIds"); ok && v != nil {
		if o, ok := n.obj(v, mo.at("grantedSpellIds"), "ignored"); ok {
			for _, k := range sortedKeys(o.m) {
				for i, id := range n.ids(o.m[k], o.at(k)) {
					me.Granted = append(me.Granted, id)
					me.GrantedPaths = append(me.GrantedPaths, index(o.at(k), i))
				}
			}
		}
	}
	me.Grimoire = str("grimoireId")
	if v, ok := mo.get("mount"); ok && v != nil {
		if o, ok := n.obj(v, mo.at("mount"), "ignored"); ok {
			if id, ok := o.get("mountId"); ok {
				me.Mount, _ = n.str(id, o.at("mountId"), "ignored")
			}
			if v, ok := o.get("addedEquipmentIds"); ok && !isEmpty(v) {
				me.MountAdded = n.ids(v, o.at("addedEquipmentIds"))
			}
			for _, k := range []string{"removedBaseEquipmentIds", "equipmentUpgrades"} {
				if v, _ := o.get(k); !isEmpty(v) {
					me.MountLoadout = true // a mount has no base items nor upgrades in the list format
				}
			}
			unusedKeys(n, o)
		}
	}
	if v, ok := mo.get("mountOptionIds"); ok && v != nil {
		me.MountOptions = counts(n, v, mo.at("mountOptionIds"))
	}
	if v, ok := mo.get("attachedInstanceIds"); ok {
		me.Attached = n.ids(v, mo.at("attachedInstanceIds"))
	}
	me.BodyguardOf = str("bodyguardOfInstanceId")
	mo.get("note") // the player's note
}

// unusedKeys reports the keys of o not read, unless they hold nothing.
func unusedKeys(n *notes, o *object) {
	for _, k := range o.unused() {
		v, _ := o.get(k)
		if isEmpty(v) {
			continue
		}
		n.problemf(o.at(k), "%s, not imported (%s)", sizeOf(v), listKeyWhy(k))
	}
}

// listKeyWhy explains why an optional key of a list is not imported.
func listKeyWhy(key string) string {
	switch k := projectID(key); {
	case strings.Contains(k, "munition"):
		return "ammunition is not modelled"
	case strings.Contains(k, "upgrade") || strings.Contains(k, "amelioration"):
		return "upgrades are not modelled"
	}
	if why := notImportedWhy(key); why != notImportedWhy("") {
		return why
	}
	return "not in the list format"
}

// itemCount formats n things: "1 Safar", "3 Safars".
func itemCount(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
