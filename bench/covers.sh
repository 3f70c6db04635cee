#!/usr/bin/env bash
# Covers as section 11 of run.sh times them, for comparing builds between two quiet runs of the whole
# benchmark: `ibook --library LIB thumbnail ID --size 256` against `pdftoppm -png -singlefile -scale-to 256
# -f 1 -l 1`, one process a cover, the thumbnail cache cleared before each.
#
#   bench/covers.sh [--runs N] IBOOK LIBRARY [IBOOK2 ...]
#
# IBOOK is a lean ibook with its libraries beside it (a release build folder, or a copy of ibook with
# libibook-pages.so alone to time the Splash path); LIBRARY one that holds the PDFs (made by `ibook add`).
# Prints, for each ibook given and for pdftoppm: CPU (user + system, perf stat's task-clock) summed over
# the covers (each the mean of N runs), and the wall time of all covers in one go (median of N, the
# tools taking turns), then the ratio to pdftoppm. The machine's load shows in the wall times more than the CPU.
set -euo pipefail
RUNS=10
if [ "${1:-}" = "--runs" ]; then RUNS=$2; shift 2; fi
[ $# -ge 2 ] || { echo "usage: $0 [--runs N] IBOOK LIBRARY [IBOOK2 ...]" >&2; exit 64; }
IBOOKS=("$1"); LIB=$2; shift 2; IBOOKS+=("$@")
for tool in perf pdftoppm python3; do
    command -v "$tool" >/dev/null || { echo "$0: needs $tool (perf is in linux-perf)" >&2; exit 1; }
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache"

# The library's PDFs: id and path, one a line.
"${IBOOKS[0]}" --library "$LIB" list --json | python3 -c '
import json, sys
for book in json.load(sys.stdin):
    if book.get("format", "pdf") == "pdf": print(book["id"], book["path"])' > "$WORK/books"
COVERS=$(wc -l < "$WORK/books")

# perf stat's --pre runs before each run, untimed: the cache is cleared outside what is measured.
cpu_ms() { perf stat -x, -e task-clock -r "$RUNS" --pre "rm -rf $XDG_CACHE_HOME" "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ { print $1 }'; }

declare -A CPU WALL SCRIPT
names=()
for ibook in "${IBOOKS[@]}"; do
    name="ibook ($(dirname "$ibook"))"; names+=("$name")
    total=0
    while read -r id path; do
        ms=$(cpu_ms "$ibook" --library "$LIB" thumbnail "$id" --size 256)
        total=$(python3 -c "print($total + $ms)")
    done < "$WORK/books"
    CPU[$name]=$total
    # All covers in one go, the cache cleared first (as run.sh's hyperfine --prepare clears it).
    script="$WORK/covers-${#names[@]}.sh"
    echo "rm -rf $XDG_CACHE_HOME" > "$script"
    awk -v ibook="$ibook" -v lib="$LIB" '{ printf "%s --library %s thumbnail %s --size 256 >/dev/null\n", ibook, lib, $1 }' \
        "$WORK/books" >> "$script"
    SCRIPT[$name]=$script
done

name=pdftoppm; names+=("$name"); total=0
mkdir -p "$WORK/ppm"
while read -r id path; do
    ms=$(cpu_ms pdftoppm -png -singlefile -scale-to 256 -f 1 -l 1 "$path" "$WORK/ppm/$id")
    total=$(python3 -c "print($total + $ms)")
    printf 'pdftoppm -png -singlefile -scale-to 256 -f 1 -l 1 %q %s/ppm/%s\n' "$path" "$WORK" "$id" >> "$WORK/ppm.sh"
done < "$WORK/books"
CPU[$name]=$total
{ echo "rm -rf $WORK/ppm; mkdir -p $WORK/ppm"; cat "$WORK/ppm.sh"; } > "$WORK/ppm-all.sh"
SCRIPT[$name]="$WORK/ppm-all.sh"

# Wall time: every script in turn, run after run (bench/interleaved.py), so that each gets the same
# share of a load that drifts over minutes; the median of RUNS.
commands=()
for name in "${names[@]}"; do commands+=("sh ${SCRIPT[$name]}"); done
i=0
while read -r wall _cpu; do
    WALL[${names[$i]}]=$wall
    i=$((i + 1))
done < <(python3 "$(dirname "$0")/interleaved.py" --runs "$RUNS" --warmup 1 -- "${commands[@]}")

echo "$COVERS covers at 256 px, $RUNS runs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-40s | %12s | %14s | %9s | %10s |\n' "" "CPU, ms" "CPU ms/cover" "wall, ms" "wall ratio"
for name in "${names[@]}"; do
    python3 -c "
import sys
name, cpu, wall, covers, base_cpu, base_wall = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
print('| %-40s | %12.1f | %14.2f | %9.1f | %10.2f |' % (name, cpu, cpu / covers, wall, wall / base_wall))
" "$name" "${CPU[$name]}" "${WALL[$name]}" "$COVERS" "${CPU[pdftoppm]}" "${WALL[pdftoppm]}"
done
