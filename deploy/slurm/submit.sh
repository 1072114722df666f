#!/bin/sh
# Submits a kharn report sweep to Slurm: an array of N shard tasks
# (sweep.sbatch) and a merge job that runs when all of them succeeded
# (merge.sbatch). Prints the two job ids. docs/scale-out.md.
#
#   deploy/slurm/submit.sh N SHARDS_DIR REPORT_DIR [kharn report flags...]
#
# SHARDS_DIR and REPORT_DIR must be on a file system every node sees. KHARN
# (the binary), KHARN_DATA (--data) and KHARN_COMMAND (the command to split:
# report by default; duel, skirmish, compare or cost, with their arguments
# among the flags, REPORT_DIR then the file of their merged output) are
# passed to the jobs; extra sbatch
# options (partition, account, time limit) go in SBATCH_* variables, which
# sbatch reads itself (SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT...).
set -eu
if [ $# -lt 3 ]; then
	echo "usage: $0 N SHARDS_DIR REPORT_DIR [kharn report flags...]" >&2
	exit 2
fi
n=$1 shards=$2 out=$3
shift 3
case $n in
'' | *[!0-9]* | 0)
	echo "$0: N must be a whole number from 1, got '$n'" >&2
	exit 2
	;;
esac
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array="0-$((n - 1))" --export=ALL,KHARN_SHARDS="$n" "$here/sweep.sbatch" "$shards" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes "$here/merge.sbatch" "$shards" "$n" "$out")
merge=${merge%%;*}
echo "sweep array job $array ($n tasks), merge job $merge"
