package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cat")
	var out, errb bytes.Buffer
	if code := run([]string{"-seed", "3", "-out", dir, "12"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "equipment.yaml")); err != nil {
		t.Error(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "want one argument N"},
		{[]string{"0"}, "N: want a whole number from 1 to 2000"},
		{[]string{"many"}, `got "many"`},
		{[]string{"-seed", "x", "5"}, "-seed"},
	} {
		errb.Reset()
		if code := run(c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
