package longtest

import "testing"

func TestEnabled(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{{"", false}, {"0", false}, {"1", true}, {"yes", true}} {
		t.Setenv(Env, c.v)
		if got := Enabled(); got != c.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, c.v, got, c.want)
		}
		if got, want := N(10, 1000), map[bool]int{false: 10, true: 1000}[c.want]; got != want {
			t.Errorf("%s=%q: N(10, 1000) = %d, want %d", Env, c.v, got, want)
		}
	}
}
