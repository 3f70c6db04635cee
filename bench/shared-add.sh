#!/usr/bin/env bash
# Benchmark: `ibook add` on a shared library (PostgreSQL) with 1, 2 and 4
# clients adding at once, beside a local add (SQLite) of the same files.
# Starts a PostgreSQL server of its own (initdb in a scratch folder, a Unix
# socket, a free port, the server's default durability: fsync and
# synchronous_commit on). Writes its section of bench/results.md.
#
#   bench/shared-add.sh [--quick]   (IBOOK=path/to/ibook; default .build/release/ibook, built if missing)
set -euo pipefail

QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
RESULTS="$BENCH_DIR/results.md"
IBOOK="${IBOOK:-$REPO/.build/release/ibook}"
PG=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

[ -x "$IBOOK" ] || (cd "$REPO" && make build >&2)
[ -x "$PG/initdb" ] || (cd "$REPO" && make deps >&2)

WORK=$(mktemp -d /tmp/ibook-pgadd-bench.XXXXXX)
chown postgres:postgres "$WORK"
as_postgres() { runuser -u postgres -- "$@"; }
stop_server() { as_postgres "$PG/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true; }
trap 'stop_server; rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache" XDG_CONFIG_HOME="$WORK/config" NO_COLOR=1
unset IBOOK_LIBRARY

if [ $QUICK = 1 ]; then FILES=8; PAGES=50; else FILES=40; PAGES=100; fi
log "Generating $FILES files of $PAGES pages"
python3 "$BENCH_DIR/make-corpus.py" "$WORK/corpus" --files $FILES --pages $PAGES --seed 14 --prefix shared
mapfile -t PDFS < <(find "$WORK/corpus" -name '*.pdf' | sort)
TOTAL_PAGES=$((FILES * PAGES))

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log "Starting PostgreSQL on port $PORT"
as_postgres "$PG/initdb" -D "$WORK/data" -U ibookadmin --auth-local=trust -E UTF8 --locale=C.UTF-8 >/dev/null 2>&1
as_postgres "$PG/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -o "-k $WORK -p $PORT -c listen_addresses=''" -w start >/dev/null
url() { echo "postgresql://ibookadmin@/$1?host=$WORK&port=$PORT"; }

# seconds COMMAND...: wall seconds of one run.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    python3 -c 'import sys; print("%.2f" % (float(sys.argv[2]) - float(sys.argv[1])))' "$start" "$end"
}

# prepare CLIENTS: a fresh shared library for that run (not timed).
prepare() {
    psql -h "$WORK" -p "$PORT" -U ibookadmin -d postgres -qc "CREATE DATABASE bench$1" >/dev/null
    "$IBOOK" server init "$(url "bench$1")" >/dev/null
    rm -rf "$XDG_CACHE_HOME"
}
# add_with CLIENTS: the files split among CLIENTS ibook processes started at once.
add_with() {
    local clients=$1 database="bench$1" i
    for ((i = 0; i < clients; i++)); do
        local part=()
        for ((j = i; j < ${#PDFS[@]}; j += clients)); do part+=("${PDFS[j]}"); done
        IBOOK_LIBRARY="$(url $database)" "$IBOOK" add "${part[@]}" >/dev/null 2>"$WORK/add-$clients-$i.err" &
    done
    wait
    local books pages
    books=$(psql -h "$WORK" -p "$PORT" -U ibookadmin -d "$database" -qAtc "SELECT count(*) FROM books")
    pages=$(psql -h "$WORK" -p "$PORT" -U ibookadmin -d "$database" -qAtc "SELECT count(*) FROM pages")
    [ "$books" = "$FILES" ] && [ "$pages" = "$TOTAL_PAGES" ] || { echo "shared add with $clients clients: $books books, $pages pages" >&2; exit 1; }
}
local_add() {
    rm -rf "$WORK/lib" "$XDG_CACHE_HOME"
    "$IBOOK" --library "$WORK/lib" add "${PDFS[@]}" >/dev/null 2>"$WORK/add-local.err"
}

LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
log "Local add (SQLite)"
t_local=$(seconds local_add)
rows=()
per_second() { python3 -c 'import sys; print("%.0f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$TOTAL_PAGES" "$1"; }
ratio() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$1" "$2"; }
rows+=("| local library (SQLite), 1 client | $t_local | $(per_second "$t_local") | 1.00 |")
for clients in 1 2 4; do
    log "Shared add, $clients client(s)"
    prepare "$clients"
    t=$(seconds add_with "$clients")
    rows+=("| shared library (PostgreSQL), $([ "$clients" = 1 ] && echo "1 client" || echo "$clients clients at once") | $t | $(per_second "$t") | $(ratio "$t" "$t_local") |")
done

build=$(case "$IBOOK" in */debug/*) echo "debug build";; *) echo "release build";; esac)
section=$(cat <<EOF
<!-- shared-add -->
## Adding to a shared library (bench/shared-add.sh$([ $QUICK = 1 ] && echo ' --quick'))

$(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load before: $LOAD. ibook $build, $("$PG/postgres" --version) on the same machine (Unix socket, default durability).
$FILES generated text PDFs of $PAGES pages ($TOTAL_PAGES pages); each client an \`ibook add\` of its share of the files (default --jobs, extraction in worker processes), all started at once; wall time until the last ends. Every book is checked to be in the library whole.

| library, clients | wall s | pages/s | time vs local |
| --- | ---: | ---: | ---: |
$(printf '%s\n' "${rows[@]}")
<!-- /shared-add -->
EOF
)
python3 "$BENCH_DIR/replace-section.py" shared-add "$RESULTS" "$section"
printf '%s\n' "$section"
