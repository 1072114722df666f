#!/usr/bin/env bash
# benchmarks/aims.sh measures, in one run, every figure of issue #13's "done
# when" table and prints it as a Markdown table on stdout (progress on stderr):
# the dice floor, the sampled and exact exchanges, the duel's set-up and fights,
# a 300 Kr battle and its set-up, the report on the embedded data, the report and
# the cost on the 150-profile synthetic catalogue (with their peak memory), and
# the README's test command.
#
#   benchmarks/aims.sh [-quick] > aims.md
#
# -quick runs everything on a 30-profile catalogue and with short benchmark
# times: for trying the script, not for the figures. Run it from the
# repository's root on a quiet machine (nothing else running): the wall times of
# the report, the cost and the tests are what a user waits; the benchmarks'
# CPU per op (cpu-ns/op) depends much less on the load. It needs GNU time
# (/usr/bin/time -v) for the peak memory. docs/benchmarks.md keeps the last
# table it printed, with the commit and the machine.
set -euo pipefail

profiles=150
benchtime=2s
count=3
if [[ ${1:-} == -quick ]]; then
	profiles=30
	benchtime=200ms
	count=1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log() { echo "aims: $*" >&2; }

if [[ ! -x /usr/bin/time ]]; then
	echo "aims: /usr/bin/time (GNU time) is needed for peak memory: apt-get install time" >&2
	exit 2
fi

log "building kharn and the benchmark binary"
go build -o "$work/kharn" ./cmd/kharn
go test -c -o "$work/bench.test" ./benchmarks/

bench() { # bench REGEXP: runs benchmarks matching REGEXP on one core
	"$work/bench.test" -test.run='^$' -test.bench="$1" -test.benchmem \
		-test.benchtime="$benchtime" -test.count="$count" -test.cpu=1 2>&1
}
log "benchmarks (-benchtime $benchtime -count $count -cpu 1)"
bench 'DiceD10$|ExactExchange|SampleExchange|DuelSetup|Duel$|Skirmish$|SkirmishSetup' >"$work/bench.txt"

# metric NAME UNIT: the median of UNIT over the -count runs of benchmark NAME
# (-cpu 1 leaves the names without a -N suffix).
metric() {
	awk -v name="Benchmark$1" -v unit="$2" '
		$1 == name { for (i = 2; i < NF; i++) if ($(i+1) == unit) print $i }' "$work/bench.txt" |
		sort -g | awk '{ v[NR] = $1 }
			END {
				if (NR == 0) { print "?"; exit }
				print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
			}'
}
us() { awk -v x="$1" 'BEGIN { if (x == "?") print "?"; else printf "%.1f µs", x / 1000 }'; }
ms() { awk -v x="$1" 'BEGIN { if (x == "?") print "?"; else printf "%.1f ms", x / 1e6 }'; }
ns() { awk -v x="$1" 'BEGIN { if (x == "?") print "?"; else printf "%.1f ns", x }'; }
perSec() { awk -v x="$1" 'BEGIN { if (x == "?") print "?"; else printf "%.0f /s/core", 1e9 / x }'; }

# timed NAME CMD...: runs CMD under GNU time, records wall, CPU and peak RSS.
timed() {
	local name=$1
	shift
	log "$name: $*"
	/usr/bin/time -v -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || {
		echo "aims: $name failed, see below" >&2
		tail -40 "$work/$name.out" "$work/$name.err" >&2
		exit 1
	}
}
wall() { awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/$1.time"; }
cpu() { awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.0f CPU s", u + s }' "$work/$1.time"; }
rss() { awk -F': ' '/Maximum resident/ { printf "%.0f MB", $2 / 1024 }' "$work/$1.time"; }

timed report-embedded "$work/kharn" report --out "$work/rep-embedded"
go run ./benchmarks/gen-catalog -seed 1 -out "$work/cat" "$profiles" >&2
timed report-catalog "$work/kharn" --data "$work/cat" report --out "$work/rep-cat"
timed cost-catalog "$work/kharn" --data "$work/cat" cost
timed readme-tests go test -count=1 ./...

runs="$count runs"
[[ $count == 1 ]] && runs="one run"
load=$(cut -d' ' -f1-3 /proc/loadavg)
cat <<EOF
Measured by \`benchmarks/aims.sh${1:+ $1}\` at $(git rev-parse --short HEAD) on $(date -u '+%Y-%m-%d %H:%M UTC'),
$(nproc) cores, $(go env GOVERSION), load average at the end $load. CPU per op
(cpu-ns/op) is the median of $runs on one core.

| figure | aim | measured |
| --- | --- | --- |
| dice floor (one d10) | - | $(ns "$(metric DiceD10 cpu-ns/op)") |
| sampled exchange, 2 AP | 10x its dice | $(ns "$(metric SampleExchange/2AP-PA-P cpu-ns/op)") ($(metric SampleExchange/2AP-PA-P dice/exchange) dice) |
| sampled exchange, 3 AP | 10x its dice | $(ns "$(metric SampleExchange/3AP-PAC-PA cpu-ns/op)") ($(metric SampleExchange/3AP-PAC-PA dice/exchange) dice) |
| exact exchange, 2 AP | 20 µs | $(us "$(metric ExactExchange/2AP-PA-P cpu-ns/op)") |
| exact exchange, 3 AP with a free attack | 60 µs | $(us "$(metric ExactExchange/3AP-PAC-PA cpu-ns/op)") |
| duel set-up (\`Duel.NewPlayer\`, melee, cold) | 2 ms | $(ms "$(metric DuelSetup/melee cpu-ns/op)") |
| duel set-up, shooter, cold | 2 ms | $(ms "$(metric DuelSetup/shooter-vs-melee cpu-ns/op)") |
| duel (melee), one core | - | $(metric Duel/melee fights/s) fights/s |
| battle, 300 Kr, one core | 5·10^4 /s, 0 allocs | $(perSec "$(metric Skirmish/300Kr cpu-ns/op)"), $(metric Skirmish/300Kr allocs/op) allocs/op |
| battle set-up, 300 Kr, cold | 20 ms | $(ms "$(metric SkirmishSetup/300Kr cpu-ns/op)") |
| \`kharn report\`, embedded data | 30 s | $(wall report-embedded) wall, $(cpu report-embedded), $(rss report-embedded) |
| \`kharn report\`, $profiles synthetic profiles | 5 min, < 2 GiB | $(wall report-catalog) wall, $(cpu report-catalog), $(rss report-catalog) |
| \`kharn cost\`, $profiles synthetic profiles | 3 min | $(wall cost-catalog) wall, $(cpu cost-catalog), $(rss cost-catalog) |
| README test command (\`go test -count=1 ./...\`) | 3 min | $(wall readme-tests) wall, $(cpu readme-tests) |
EOF
