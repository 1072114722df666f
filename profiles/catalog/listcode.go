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

// MemberExport is one Safar of a SpearheadExport.
type MemberExport struct {
	Path       string // JSON path: "fersDeLance[0].members[2]"
	InstanceID string
	ProfileID  string
	Added      []string // "addedEquipmentIds"
	Removed    []string // "removedBaseEquipmentIds"
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
	heads, _ := n.list(v, "fersDeLance", "no Spearhead")
	for i, h := range heads {
		hp := index("fersDeLance", i)
		ho, ok := n.obj(h, hp, "Spearhead not imported")
		if !ok {
			continue
		}
		s := SpearheadExport{Path: hp}
		if v, ok := ho.get("factionId"); ok {
			s.FactionID, _ = n.str(v, ho.at("factionId"), "no faction")
		}
		if v, ok := ho.get("leaderInstanceId"); ok && v != nil {
			s.LeaderInstanceID, _ = n.str(v, ho.at("leaderInstanceId"), "no leader")
		}
		v, _ := ho.get("members")
		members, _ := n.list(v, ho.at("members"), "no member")
		for j, mv := range members {
			mp := index(ho.at("members"), j)
			mo, ok := n.obj(mv, mp, "member not imported")
			if !ok {
				continue
			}
			me := MemberExport{Path: mp}
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
			unusedKeys(n, mo)
			s.Members = append(s.Members, me)
		}
		unusedKeys(n, ho)
		x.Spearheads = append(x.Spearheads, s)
	}
	unusedKeys(n, top)
	x.Problems = n.problems
	return x, nil
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
