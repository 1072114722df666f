package catalog

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kharn-ages/kharn/profiles"
)

// listFixtures are the list exports of testdata/lists, made from the invented
// catalogue.
var listFixtures = []string{"skirmish", "battle", "unknown-profile"}

// TestListCodes checks that each testdata/lists/*.code holds its *.json, and
// rewrites the codes with the test encoder under -update. The codes are not
// compared with a fresh encoding: another Go release may compress differently.
func TestListCodes(t *testing.T) {
	for _, name := range listFixtures {
		js, err := os.ReadFile(filepath.Join("testdata", "lists", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "lists", name+".code")
		if *update {
			if err := os.WriteFile(path, []byte(encodeListCode(t, js)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeListCode(string(code))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !bytes.Equal(got, js) {
			t.Errorf("%s decodes to\n%s\nwant\n%s", path, got, js)
		}
	}
}

// TestDecodeListCodeMalformed checks the message of each kind of broken code.
func TestDecodeListCodeMalformed(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "skirmish.json"))
	if err != nil {
		t.Fatal(err)
	}
	good := encodeListCode(t, js)
	payload := strings.TrimPrefix(good, ListCodePrefix)
	tests := []struct {
		name, code, want string
	}{
		{"bad prefix", "KA2:" + payload, `not a list code: want "KA1:" followed by base64url`},
		{"no prefix", payload, `not a list code`},
		{"bad base64 character", ListCodePrefix + payload[:10] + "*" + payload[10:], `list code: bad base64url: "*" at character 15`},
		{"bad base64 length", ListCodePrefix + payload[:(len(payload)/4-1)*4+1], "list code: bad base64url at character"},
		{"empty payload", ListCodePrefix, "list code: nothing after KA1:"},
		{"bad deflate stream", ListCodePrefix + base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xfe, 0xfd, 0xfc}), "list code: bad deflate stream"},
		{"cut deflate stream", ListCodePrefix + strings.TrimPrefix(EncodeListCode(js), ListCodePrefix)[:27], "list code: bad deflate stream: it ends too early"},
		{"too big", encodeListCode(t, bytes.Repeat([]byte(" "), maxListSize+1)), "list code: it decompresses to more than 1024 KiB"},
	}
	for _, tc := range tests {
		_, err := DecodeListCode(tc.code)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	// A code may come with spaces, line breaks, padding, or the address it was
	// pasted from.
	for _, code := range []string{" " + good[:20] + "\n" + good[20:] + " ", good + "==", "https://example.invalid/liste#" + good} {
		if got, err := DecodeListCode(code); err != nil || !bytes.Equal(got, js) {
			t.Errorf("DecodeListCode(%q): %v", code, err)
		}
	}
}

// TestParseListExportMalformed checks the JSON inside well-formed codes.
func TestParseListExportMalformed(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("testdata", "lists", "skirmish.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		js   []byte
		want string
	}{
		{"truncated JSON", js[:len(js)/2], "list code: invalid JSON: it ends in the middle of a value (truncated?)"},
		{"not an object", []byte(`["a"]`), `list code: a list of 1 is not a list (want an object with fersDeLance)`},
		{"no Spearhead", []byte(`{"name": "x"}`), "list code: fersDeLance: missing: no Spearhead in the list"},
	} {
		data, err := DecodeListCode(encodeListCode(t, tc.js))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, err = ParseListExport("list code", data)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestImportList imports each list fixture against the converted catalogue and
// compares the YAML and the problems with testdata/golden/list-*.
func TestImportList(t *testing.T) {
	c := fixture(t)
	for _, name := range listFixtures {
		x, err := ReadList(filepath.Join("testdata", "lists", name+".code"))
		if err != nil {
			t.Fatal(err)
		}
		imp := c.ImportList(x)
		var b bytes.Buffer
		for i, f := range imp.Files {
			b.WriteString("==> " + f.Name + "\n")
			b.Write(f.Data)
			if imp.Invalid[i] != nil {
				b.WriteString("--- invalid:\n" + imp.Invalid[i].Error() + "\n")
			}
		}
		for _, p := range imp.Warnings {
			b.WriteString("warning: " + p.Error() + "\n")
		}
		for _, p := range imp.Errors {
			b.WriteString("error: " + p.Error() + "\n")
		}
		golden(t, "list-"+name+".txt", b.Bytes())
	}
}

// TestImportListMerges: the skirmish list has three Veilleurs, two with the card's
// equipment, merged into one entry of count 2; the captain leads.
func TestImportListMerges(t *testing.T) {
	c := fixture(t)
	x, err := ReadList(filepath.Join("testdata", "lists", "skirmish.json"))
	if err != nil {
		t.Fatal(err)
	}
	imp := c.ImportList(x)
	if len(imp.Lists) != 1 || len(imp.Errors) != 0 || imp.Invalid[0] != nil {
		t.Fatalf("lists %d, errors %v, invalid %v", len(imp.Lists), imp.Errors, imp.Invalid)
	}
	l := imp.Lists[0]
	want := []profiles.ListMember{
		{Profile: "affranchis-capitaine-3", Count: 1},
		{Profile: "kharns-veilleur-2", Count: 2},
		{Profile: "kharns-veilleur-2", Count: 1, Add: []string{"masse-sourde", "heaume-a-cornes"}, Remove: []string{"lame-jumelle"}},
	}
	if l.Leader != "affranchis-capitaine-3" || l.Faction != profiles.Kharns || l.Budget != 400 ||
		!slices.EqualFunc(l.Members, want, func(a, b profiles.ListMember) bool {
			return a.Profile == b.Profile && a.Count == b.Count && slices.Equal(a.Add, b.Add) && slices.Equal(a.Remove, b.Remove)
		}) {
		t.Errorf("list %+v", l)
	}
	// 140 + 2 x 70 + (70 - 10 + 11 + 6), from testdata/catalog.json: the
	// helmet the list adds is imported (catalogue.md section 4.6).
	if got := l.Cost(c.DataSet()); got != 357 {
		t.Errorf("cost %d, want 357", got)
	}
	// The YAML reads back as the same list.
	back, err := profiles.ParseList("list.yaml", imp.Files[0].Data, c.DataSet())
	if err != nil || back.Size() != 4 || back.Cost(c.DataSet()) != 357 {
		t.Errorf("ParseList: %v, %+v", err, back)
	}
}

// FuzzDecodeListCode feeds strings to the list-code decoder: it must never panic,
// never return more than maxListSize bytes, and what decodes must round-trip
// through the test encoder, parse or fail cleanly, and import without panicking.
func FuzzDecodeListCode(f *testing.F) {
	for _, name := range listFixtures {
		if code, err := os.ReadFile(filepath.Join("testdata", "lists", name+".code")); err == nil {
			f.Add(string(code))
		}
	}
	f.Add("KA1:")
	f.Add("KA1:AAAA")
	f.Add("KA2:eJw")
	f.Add(encodeListCode(f, []byte(`{"fersDeLance": [{"members": [{"profileId": 3}]}]}`)))
	if js, err := os.ReadFile(filepath.Join("testdata", "lists", "full-056.json")); err == nil {
		f.Add(encodeListCode(f, js))
	}
	f.Add(encodeListCode(f, []byte(`{"fersDeLance": [{"factionId": "affranchis", "members": [{"profileId": "kharns-rempart-2", "munitions": {"arc-des-berges": {"simple": 9}}, "equipmentUpgrades": {"x": "y"}, "addedEquipmentCounts": {"a": -1}, "mount": 3}]}], "ost": []}`)))
	c := fixture(f)
	c056 := fixture056(f)
	f.Fuzz(func(t *testing.T, code string) {
		data, err := DecodeListCode(code)
		if err != nil {
			if data != nil {
				t.Fatal("data with an error")
			}
			return
		}
		if len(data) > maxListSize {
			t.Fatalf("%d bytes decoded", len(data))
		}
		back, err := DecodeListCode(encodeListCode(t, data))
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("round trip: %v", err)
		}
		x, err := ParseListExport("list code", data)
		if err != nil {
			return
		}
		for _, conv := range []*Conversion{c, c056} {
			imp := conv.ImportList(x)
			if len(imp.Files) != len(imp.Lists) || len(imp.Invalid) != len(imp.Lists) {
				t.Fatalf("%d files, %d lists", len(imp.Files), len(imp.Lists))
			}
		}
	})
}
