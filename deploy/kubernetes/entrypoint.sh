#!/bin/bash
# Entry point of the kharn image for a report sweep on Kubernetes
# (docs/scale-out.md):
#
#   entrypoint.sh sweep   one shard: kharn report --shard auto/N, the index read
#                         from JOB_COMPLETION_INDEX (an Indexed Job's pod)
#   entrypoint.sh merge   kharn merge of the N shard files into the report
#   entrypoint.sh ARGS... kharn ARGS...
#
# Environment: KHARN_SHARDS, N (the sweep Job's completions); KHARN_SHARDS_DIR,
# where the shard files go (a volume every pod of both Jobs mounts);
# KHARN_REPORT_DIR, where the merge writes the report; KHARN_REPORT_ARGS, the
# kharn report flags of the sweep (split on blanks); KHARN_DATA, the --data
# path (default: the embedded data set); KHARN, the kharn binary (default:
# kharn on PATH); KHARN_COMMAND, the command to split (default: report; or
# duel, skirmish, compare, cost, their arguments in KHARN_REPORT_ARGS, and
# KHARN_REPORT_DIR the file of the merged output).
set -euo pipefail

kharn=${KHARN:-kharn}
data=()
if [ -n "${KHARN_DATA:-}" ]; then
	data=(--data "$KHARN_DATA")
fi
need() {
	if [ -z "${!1:-}" ]; then
		echo "entrypoint.sh: $1 is not set ($2)" >&2
		exit 2
	fi
}

case "${1:-}" in
sweep)
	need KHARN_SHARDS "the number of shards, the Job's completions"
	need KHARN_SHARDS_DIR "the directory of the shard files, on a shared volume"
	need JOB_COMPLETION_INDEX "set by Kubernetes in the pods of an Indexed Job"
	mkdir -p "$KHARN_SHARDS_DIR"
	# shellcheck disable=SC2086 # the flags are split on blanks on purpose
	exec "$kharn" "${data[@]}" "${KHARN_COMMAND:-report}" --shard "auto/$KHARN_SHARDS" --out "$KHARN_SHARDS_DIR" ${KHARN_REPORT_ARGS:-}
	;;
merge)
	need KHARN_SHARDS "the number of shards of the sweep"
	need KHARN_SHARDS_DIR "the directory of the shard files"
	need KHARN_REPORT_DIR "the directory to write the report to"
	files=()
	for ((i = 0; i < KHARN_SHARDS; i++)); do
		files+=("$(printf '%s/shard-%04d-of-%04d.json' "$KHARN_SHARDS_DIR" "$i" "$KHARN_SHARDS")")
	done
	exec "$kharn" "${data[@]}" merge --out "$KHARN_REPORT_DIR" "${files[@]}"
	;;
"")
	echo "usage: entrypoint.sh sweep | merge | KHARN-ARGS..." >&2
	exit 2
	;;
*)
	exec "$kharn" "$@"
	;;
esac
