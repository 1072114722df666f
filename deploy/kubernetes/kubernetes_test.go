// Package kubernetes holds the Kubernetes manifests, image recipe and entry
// point of a kharn report sweep (docs/scale-out.md) and their tests. It is a
// module of its own so that the Kubernetes API types stay out of kharn's.
package kubernetes

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decodeStrict decodes a manifest into v, refusing unknown or duplicate
// fields (a misspelt key is an error, not a field the cluster ignores).
func decodeStrict(t *testing.T, file string, v any) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(b, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// env returns the container's environment as a map.
func env(c corev1.Container) map[string]string {
	m := map[string]string{}
	for _, e := range c.Env {
		m[e.Name] = e.Value
	}
	return m
}

// TestManifests decodes the manifests strictly with the Kubernetes API types
// and checks that they fit together: an Indexed sweep Job whose completions
// equal KHARN_SHARDS, a merge Job reading the same shard directory on the same
// volume claim, the image's entry point given the right command.
func TestManifests(t *testing.T) {
	var sweep, merge batchv1.Job
	var pvc corev1.PersistentVolumeClaim
	decodeStrict(t, "sweep-job.yaml", &sweep)
	decodeStrict(t, "merge-job.yaml", &merge)
	decodeStrict(t, "shards-pvc.yaml", &pvc)
	for _, c := range []struct {
		file, kind, want string
	}{
		{"sweep-job.yaml", sweep.Kind, "Job"}, {"merge-job.yaml", merge.Kind, "Job"}, {"shards-pvc.yaml", pvc.Kind, "PersistentVolumeClaim"},
		{"sweep-job.yaml", sweep.APIVersion, "batch/v1"}, {"merge-job.yaml", merge.APIVersion, "batch/v1"}, {"shards-pvc.yaml", pvc.APIVersion, "v1"},
	} {
		if c.kind != c.want {
			t.Errorf("%s: %q, want %q", c.file, c.kind, c.want)
		}
	}
	s := sweep.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Errorf("sweep-job.yaml: completionMode %v, want Indexed (JOB_COMPLETION_INDEX)", s.CompletionMode)
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Parallelism < 1 || *s.Parallelism > *s.Completions {
		t.Fatalf("sweep-job.yaml: completions %v, parallelism %v: want 1 <= parallelism <= completions", s.Completions, s.Parallelism)
	}
	if s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("sweep-job.yaml: restartPolicy %q: a failed shard is retried as a new pod (backoffLimitPerIndex), Never", s.Template.Spec.RestartPolicy)
	}
	if len(s.Template.Spec.Containers) != 1 || len(merge.Spec.Template.Spec.Containers) != 1 {
		t.Fatal("one container a pod")
	}
	sc, mc := s.Template.Spec.Containers[0], merge.Spec.Template.Spec.Containers[0]
	se, me := env(sc), env(mc)
	if se["KHARN_SHARDS"] != strconv.Itoa(int(*s.Completions)) {
		t.Errorf("sweep-job.yaml: KHARN_SHARDS %q, completions %d: they must be equal", se["KHARN_SHARDS"], *s.Completions)
	}
	if me["KHARN_SHARDS"] != se["KHARN_SHARDS"] || me["KHARN_SHARDS_DIR"] != se["KHARN_SHARDS_DIR"] || me["KHARN_DATA"] != se["KHARN_DATA"] {
		t.Errorf("the merge's KHARN_SHARDS, KHARN_SHARDS_DIR, KHARN_DATA %q %q %q differ from the sweep's %q %q %q",
			me["KHARN_SHARDS"], me["KHARN_SHARDS_DIR"], me["KHARN_DATA"], se["KHARN_SHARDS"], se["KHARN_SHARDS_DIR"], se["KHARN_DATA"])
	}
	if me["KHARN_REPORT_DIR"] == "" {
		t.Error("merge-job.yaml: no KHARN_REPORT_DIR")
	}
	if len(sc.Args) != 1 || sc.Args[0] != "sweep" || len(mc.Args) != 1 || mc.Args[0] != "merge" {
		t.Errorf("args %q and %q: want [sweep] and [merge] (entrypoint.sh)", sc.Args, mc.Args)
	}
	if sc.Image != mc.Image || sc.Image == "" {
		t.Errorf("images %q and %q: the same kharn for the shards and the merge", sc.Image, mc.Image)
	}
	// The shard directory is on the claim both Jobs mount.
	for name, j := range map[string]batchv1.Job{"sweep-job.yaml": sweep, "merge-job.yaml": merge} {
		c := j.Spec.Template.Spec.Containers[0]
		dir := env(c)["KHARN_SHARDS_DIR"]
		ok := false
		for _, m := range c.VolumeMounts {
			if !strings.HasPrefix(dir+"/", strings.TrimSuffix(m.MountPath, "/")+"/") {
				continue
			}
			for _, v := range j.Spec.Template.Spec.Volumes {
				if v.Name == m.Name && v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == pvc.Name {
					ok = true
				}
			}
		}
		if !ok {
			t.Errorf("%s: KHARN_SHARDS_DIR %s is not on a mount of the claim %s", name, dir, pvc.Name)
		}
	}
	if len(pvc.Spec.AccessModes) != 1 || pvc.Spec.AccessModes[0] != corev1.ReadWriteMany {
		t.Errorf("shards-pvc.yaml: access modes %v: the pods of several nodes write it, ReadWriteMany", pvc.Spec.AccessModes)
	}
	// The Dockerfile installs the entry point the manifests rely on.
	df, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(df, []byte("COPY deploy/kubernetes/entrypoint.sh /usr/local/bin/entrypoint.sh")) ||
		!bytes.Contains(df, []byte(`ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]`)) {
		t.Error("Dockerfile: entrypoint.sh is not the image's entry point")
	}
}

// TestEntrypoint runs entrypoint.sh as the sweep Job's pods would, with
// JOB_COMPLETION_INDEX set to each index and the sweep Job's environment
// (directories moved to a temporary one, fewer fights), then as the merge Job,
// and checks that the report equals a single kharn report run's, byte for byte.
func TestEntrypoint(t *testing.T) {
	var sweep, merge batchv1.Job
	decodeStrict(t, "sweep-job.yaml", &sweep)
	decodeStrict(t, "merge-job.yaml", &merge)
	dir := t.TempDir()
	kharn := filepath.Join(dir, "kharn")
	if out, err := exec.Command("go", "build", "-C", "../..", "-o", kharn, "./cmd/kharn").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	n := int(*sweep.Spec.Completions)
	small := "--trials 16 --cost-trials 0 --loadouts none --seed 5"
	moved := func(e map[string]string) []string {
		out := append(os.Environ(), "KHARN="+kharn)
		for k, v := range e {
			switch k {
			case "KHARN_SHARDS_DIR", "KHARN_REPORT_DIR":
				v = filepath.Join(dir, strings.TrimPrefix(v, "/"))
			case "KHARN_REPORT_ARGS":
				v = small
			}
			out = append(out, k+"="+v)
		}
		return out
	}
	for i := range n {
		c := exec.Command("bash", append([]string{"entrypoint.sh"}, sweep.Spec.Template.Spec.Containers[0].Args...)...)
		c.Env = append(moved(env(sweep.Spec.Template.Spec.Containers[0])), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("sweep pod %d: %v\n%s", i, err, out)
		}
	}
	c := exec.Command("bash", append([]string{"entrypoint.sh"}, merge.Spec.Template.Spec.Containers[0].Args...)...)
	me := env(merge.Spec.Template.Spec.Containers[0])
	c.Env = moved(me)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("merge pod: %v\n%s", err, out)
	}
	single := filepath.Join(dir, "single")
	run := exec.Command(kharn, append([]string{"report", "--out", single}, strings.Fields(small)...)...)
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("single run: %v\n%s", err, out)
	}
	merged := filepath.Join(dir, strings.TrimPrefix(me["KHARN_REPORT_DIR"], "/"))
	files, _ := filepath.Glob(filepath.Join(single, "tables", "*.csv"))
	files = append(files, filepath.Join(single, "report.json"))
	if len(files) < 3 {
		t.Fatalf("only %d files in the single run", len(files))
	}
	for _, f := range files {
		rel, _ := filepath.Rel(single, f)
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join(merged, rel))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s of the merge Job differs from the single run's (%v)", rel, err)
		}
	}

	// A pod without its index, or the merge with a shard missing, fails.
	c = exec.Command("bash", "entrypoint.sh", "sweep")
	c.Env = moved(env(sweep.Spec.Template.Spec.Containers[0]))
	if out, err := c.CombinedOutput(); err == nil || !strings.Contains(string(out), "JOB_COMPLETION_INDEX is not set") {
		t.Errorf("sweep without JOB_COMPLETION_INDEX: %v: %s", err, out)
	}
	os.Remove(filepath.Join(dir, strings.TrimPrefix(me["KHARN_SHARDS_DIR"], "/"), fmt.Sprintf("shard-%04d-of-%04d.json", n-1, n)))
	c = exec.Command("bash", "entrypoint.sh", "merge")
	c.Env = moved(me)
	if out, err := c.CombinedOutput(); err == nil || !strings.Contains(string(out), fmt.Sprintf("shard-%04d-of-%04d.json", n-1, n)) {
		t.Errorf("merge with shard %d missing: %v: %s", n-1, err, out)
	}
}
