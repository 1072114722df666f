package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldReplacer folds the accented letters and typographic signs of French card
// text to plain ASCII, so that patterns can be written once: "Dégâts" and
// "degats", "l’armure" and "l'armure", "C≤4" and "c<=4".
var foldReplacer = strings.NewReplacer(
	"à", "a", "â", "a", "ä", "a", "á", "a",
	"ç", "c",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"î", "i", "ï", "i", "í", "i",
	"ô", "o", "ö", "o", "ó", "o",
	"ù", "u", "û", "u", "ü", "u", "ú", "u",
	"ÿ", "y", "œ", "oe", "æ", "ae",
	"’", "'", "‘", "'", "`", "'", "´", "'",
	"«", "", "»", "", "“", "", "”", "", "\"", "",
	"≤", "<=", "≥", ">=", "–", "-", "—", "-", "−", "-",
	"\u00a0", " ", "\u202f", " ", "\t", " ",
)

// fold returns s lower-cased, with accents and typographic signs folded, combining
// marks dropped and runs of spaces collapsed.
func fold(s string) string {
	s = foldReplacer.Replace(strings.ToLower(s))
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// projectID turns a catalogue id into a valid id of this project (lower-case
// kebab-case, profiles.ValidID): "Fangs_Traqueuse_2" -> "fangs-traqueuse-2". It
// returns "" when nothing is left.
func projectID(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range fold(s) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}

// oneLine makes s safe for a YAML comment line: control characters and line breaks
// become spaces, invalid UTF-8 is replaced, and it is shortened to at most max
// runes.
func oneLine(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\uFEFF' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max-1]) + "…"
	}
	return s
}

// splitPhrases cuts a card's effect text into phrases: at line breaks, ";", and
// at "," or "." unless they sit between two digits ("Allonge 1,5").
func splitPhrases(text string) []string {
	var out []string
	rs := []rune(text)
	start := 0
	flush := func(end int) {
		p := strings.TrimSpace(string(rs[start:end]))
		p = strings.TrimSpace(strings.TrimPrefix(p, "- ")) // a bullet, not "-1 en V"
		p = strings.TrimSpace(strings.TrimLeft(p, "*·"))
		if p != "" {
			out = append(out, p)
		}
		start = end + 1
	}
	for i, r := range rs {
		switch r {
		case '\n', '\r', ';', '•':
			flush(i)
		case '/':
			// "3 dgts / saignement 2" is two phrases, as its twin "3 dgts,
			// saignement 2" (issue 12, section 5); "V/A" and "1/tour" stay.
			if i > 0 && i+1 < len(rs) && rs[i-1] == ' ' && rs[i+1] == ' ' {
				flush(i)
			}
		case ',', '.':
			if i > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1]) {
				continue
			}
			flush(i)
		}
	}
	flush(len(rs))
	return out
}
