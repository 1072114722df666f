// Package slurm holds the Slurm scripts of a kharn report sweep
// (docs/scale-out.md) and their test on a real single-node cluster.
package slurm

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// sweepArgs is the small sweep of the test: the embedded data set, few fights.
var sweepArgs = []string{"--trials", "16", "--cost-trials", "0", "--loadouts", "none", "--seed", "11"}

// TestSlurmSweep starts a single-node Slurm cluster on this machine (munged,
// slurmctld and slurmd, with a slurm.conf written here: no cgroups, no
// accounting), submits the sweep with submit.sh (a 3-task array of
// sweep.sbatch and merge.sbatch depending on it), waits for the merge, and
// checks that report.json and every CSV file equal those of a single kharn
// report run, byte for byte (issue #15).
//
// It runs only with KHARN_SLURM=1 (as .ci/run sets it, after installing
// Debian's slurm-wlm and munge, running as root); then anything missing is a
// failure, not a skip.
func TestSlurmSweep(t *testing.T) {
	if os.Getenv("KHARN_SLURM") != "1" {
		t.Skip("KHARN_SLURM is not 1: this test starts munged, slurmctld and slurmd (Debian's slurm-wlm and munge, as root); .ci/run runs it")
	}
	for _, b := range []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol", "sinfo"} {
		if _, err := exec.LookPath(b); err != nil {
			t.Fatalf("%s not found (apt-get install slurm-wlm munge): %v", b, err)
		}
	}
	dir := t.TempDir()
	kharn := filepath.Join(dir, "kharn")
	if out, err := exec.Command("go", "build", "-o", kharn, "github.com/kharn-ages/kharn/cmd/kharn").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	conf := startCluster(t, dir)
	env := append(os.Environ(), "SLURM_CONF="+conf, "KHARN="+kharn)

	shards, merged := filepath.Join(dir, "shards"), filepath.Join(dir, "report")
	script, err := filepath.Abs("submit.sh")
	if err != nil {
		t.Fatal(err)
	}
	submit := exec.Command("sh", append([]string{script, "3", shards, merged}, sweepArgs...)...)
	submit.Env = env
	submit.Dir = dir // the jobs' output files go there
	out, err := submit.CombinedOutput()
	if err != nil {
		t.Fatalf("submit.sh: %v\n%s", err, out)
	}
	t.Logf("submit.sh: %s", out)
	var array, merge string
	if _, err := fmt.Sscanf(string(out), "sweep array job %s (3 tasks), merge job %s", &array, &merge); err != nil {
		t.Fatalf("submit.sh said %q: %v", out, err)
	}
	// Wait for the merge job (Slurm runs it once every task succeeded).
	deadline := time.Now().Add(15 * time.Minute)
	state := ""
	for time.Now().Before(deadline) {
		state = jobState(t, env, merge)
		if state == "COMPLETED" || state == "FAILED" || state == "CANCELLED" || state == "TIMEOUT" || state == "NODE_FAIL" || state == "OUT_OF_MEMORY" {
			break
		}
		time.Sleep(2 * time.Second)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "kharn-*.out"))
	if state != "COMPLETED" {
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", filepath.Base(l), b)
		}
		t.Fatalf("merge job %s: %s (array job %s)", merge, state, array)
	}
	if len(logs) != 4 {
		t.Errorf("job outputs %v: want 3 array tasks and the merge", logs)
	}
	for i := range 3 {
		if _, err := os.Stat(filepath.Join(shards, fmt.Sprintf("shard-%04d-of-0003.json", i))); err != nil {
			t.Errorf("shard %d: %v", i, err)
		}
	}

	single := filepath.Join(dir, "single")
	run := exec.Command(kharn, append(append([]string{"report"}, sweepArgs...), "--out", single)...)
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("single run: %v\n%s", err, out)
	}
	want, got := reportFiles(t, single), reportFiles(t, merged)
	if len(want) < 3 {
		t.Fatalf("only %d files in the single run", len(want))
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || !bytes.Equal(w, g) {
			t.Errorf("%s of the Slurm sweep differs from the single run's (present: %v)", k, ok)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s is not in the single run", k)
		}
	}
}

// reportFiles returns report.json and the CSV files of a report, by path
// relative to it.
func reportFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	csvs, _ := filepath.Glob(filepath.Join(dir, "tables", "*.csv"))
	for _, p := range append(csvs, filepath.Join(dir, "report.json")) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
	}
	return out
}

// jobState returns the state of a job, as scontrol shows it.
func jobState(t *testing.T, env []string, id string) string {
	c := exec.Command("scontrol", "show", "job", "-o", id)
	c.Env = env
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("scontrol show job %s: %v\n%s", id, err, out)
	}
	for _, f := range strings.Fields(string(out)) {
		if s, ok := strings.CutPrefix(f, "JobState="); ok {
			return s
		}
	}
	return ""
}

// freePort returns a TCP port free on this machine now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startCluster starts munged, slurmctld and slurmd in dir, each in the
// foreground as a child stopped when the test ends, and returns the path of
// slurm.conf once the node is idle.
func startCluster(t *testing.T, dir string) string {
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	munge := filepath.Join(dir, "munge")
	for _, d := range []string{munge, filepath.Join(dir, "state"), filepath.Join(dir, "spool")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	f, err := os.Open("/dev/urandom")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Read(key)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(munge, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(munge, "munge.sock")
	conf := filepath.Join(dir, "slurm.conf")
	// Cgroup-free: processes tracked from /proc, no task affinity, no
	// accounting; the node is this machine, reached on the loopback.
	text := fmt.Sprintf(`ClusterName=kharntest
SlurmctldHost=%[1]s(127.0.0.1)
SlurmctldPort=%[2]d
SlurmdPort=%[3]d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=%[4]s
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=%[5]s/state
SlurmdSpoolDir=%[5]s/spool
SlurmctldPidFile=%[5]s/slurmctld.pid
SlurmdPidFile=%[5]s/slurmd.pid
SlurmctldLogFile=%[5]s/slurmctld.log
SlurmdLogFile=%[5]s/slurmd.log
ReturnToService=2
MinJobAge=3600
NodeName=%[1]s NodeAddr=127.0.0.1 CPUs=%[6]d State=UNKNOWN
PartitionName=kharn Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, host, freePort(t), freePort(t), sock, dir, runtime.NumCPU())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	start := func(name string, args ...string) {
		c := exec.Command(name, args...)
		c.Env = append(os.Environ(), "SLURM_CONF="+conf)
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		if err := c.Start(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Cleanup(func() {
			c.Process.Kill()
			c.Wait()
			if t.Failed() {
				t.Logf("%s output:\n%s", name, out.String())
			}
		})
	}
	start("munged", "--foreground", "--force", "--key-file="+filepath.Join(munge, "munge.key"), "--socket="+sock,
		"--pid-file="+filepath.Join(munge, "munged.pid"), "--log-file="+filepath.Join(munge, "munged.log"), "--seed-file="+filepath.Join(munge, "seed"))
	waitFor(t, "munged's socket", func() bool { _, err := os.Stat(sock); return err == nil })
	start("slurmctld", "-D", "-f", conf)
	start("slurmd", "-D", "-f", conf, "-N", host)
	t.Cleanup(func() {
		if t.Failed() {
			for _, l := range []string{"slurmctld.log", "slurmd.log"} {
				b, _ := os.ReadFile(filepath.Join(dir, l))
				t.Logf("%s:\n%s", l, b)
			}
		}
	})
	waitFor(t, "the node idle (sinfo)", func() bool {
		c := exec.Command("sinfo", "-h", "-o", "%t")
		c.Env = append(os.Environ(), "SLURM_CONF="+conf)
		out, err := c.Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle"
	})
	return conf
}

// waitFor polls ok for up to a minute.
func waitFor(t *testing.T, what string, ok func() bool) {
	for range 120 {
		if ok() {
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}
