package reports

import (
	"math"
	"strconv"
)

// Provenance says how the figures of a CSV file were made: the seed, the
// trials behind each sampled figure (fights per pairing, trials per cost), the
// rules variant and the toolkit version. Every table-shaped CSV file kharn
// writes (the report's tables, kharn compare --csv, kharn cost --csv) ends each
// line with these four columns, keyed ProvenanceKeys; the metric-per-line CSV
// files of kharn duel and kharn skirmish hold them as rows (provenanceRows).
type Provenance struct {
	Seed    uint64 `json:"seed"`
	Trials  int    `json:"trials"`
	Rules   string `json:"rules"`
	Version string `json:"version"`
}

// ProvenanceKeys are the header of the provenance columns, in order.
var ProvenanceKeys = []string{"seed", "trials", "rules", "version"}

// Values returns the provenance columns of one CSV line, in the order of
// ProvenanceKeys.
func (p Provenance) Values() []string {
	return []string{strconv.FormatUint(p.Seed, 10), strconv.Itoa(p.Trials), p.Rules, p.Version}
}

// CSVNumber returns x as a CSV cell with prec significant digits, n/a (NaN or
// an infinite, unbounded end) as an empty cell: the numbers of kharn compare
// --csv (10 digits) and kharn cost --csv (8 digits).
func CSVNumber(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', prec, 64)
}

// IsZero reports whether p is unset.
func (p Provenance) IsZero() bool { return p == Provenance{} }

// Count returns n and the noun, in the plural unless n is 1: "1 profile",
// "3 profiles". Nouns ending in "y" after a consonant take "ies" ("2 opponents",
// "4 entries").
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Plural(n, noun)
}

// Plural returns noun in the plural unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 || noun == "" {
		return noun
	}
	switch {
	case len(noun) > 1 && noun[len(noun)-1] == 'y' && !isVowel(noun[len(noun)-2]):
		return noun[:len(noun)-1] + "ies"
	case noun[len(noun)-1] == 's', noun[len(noun)-1] == 'x', len(noun) > 1 && noun[len(noun)-2:] == "ch":
		return noun + "es"
	}
	return noun + "s"
}

// Article returns "a" or "an" for the word that follows it ("an armour",
// "a shield"), by its first letter.
func Article(word string) string {
	if word != "" && isVowel(word[0]) {
		return "an"
	}
	return "a"
}

func isVowel(c byte) bool {
	switch c {
	case 'a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U':
		return true
	}
	return false
}
