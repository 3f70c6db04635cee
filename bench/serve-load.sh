#!/usr/bin/env bash
# `ibook serve` under load, on loopback only: the OPDS root and a page image
# not drawn before, each against its time limit; then CLIENTS clients (wrk)
# fetching feeds, covers, book pages, the web reader and page images at
# two widths for SECONDS seconds (a request unanswered after 30 s fails), with the server's resident memory
# sampled every 5 s. Prints KEY VALUE lines for bench/run.sh (section 12).
#
#   bench/serve-load.sh IBOOK LIBRARY_DIR [CLIENTS [SECONDS]]
#
# LIBRARY_DIR is a library that has books; its thumbnail cache is the
# caller's ($XDG_CACHE_HOME), cleared by the caller beforehand.
set -euo pipefail
IBOOK=${1:?usage: serve-load.sh IBOOK LIBRARY_DIR [CLIENTS [SECONDS]]}
LIB=${2:?usage: serve-load.sh IBOOK LIBRARY_DIR [CLIENTS [SECONDS]]}
CLIENTS=${3:-200}
SECONDS_RUN=${4:-60}
WORK=$(mktemp -d /tmp/ibook-serve-load.XXXXXX)
SERVER=""
cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

# No rate limit: every client is 127.0.0.1, which the default would hold to 100 requests a second.
"$IBOOK" --library "$LIB" serve --bind 127.0.0.1:0 --rate-limit 0 >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
for _ in $(seq 100); do grep -q "http://" "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
BASE=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/serve.out" | head -1)
[ -n "$BASE" ] || { cat "$WORK/serve.err" >&2; echo "serve did not start" >&2; exit 1; }
rss() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$SERVER/status"; }
hwm() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$SERVER/status"; }

# The books, their ids and pages (the longest first: its pages are the ones drawn cold).
"$IBOOK" --library "$LIB" list --json | python3 -c '
import json, sys
books = sorted(json.load(sys.stdin), key=lambda b: -b["pageCount"])
for b in books: print(b["id"], b["pageCount"])' > "$WORK/books"
read -r LONGEST LONGEST_PAGES < "$WORK/books"

# The OPDS root: 300 requests one after another, after 20 to warm up.
ab -q -n 20 "$BASE/opds" >/dev/null
echo "opds_root_ms $(ab -q -n 300 "$BASE/opds" | awk '/Time per request/ && /mean\)$/ { print $4; exit }')"

# Pages of the longest book drawn for the first time (the server warm, the page not in the cache), at 1200 px.
for page in $(seq 10 29); do
    [ "$page" -lt "$LONGEST_PAGES" ] || break
    curl -s -o /dev/null -w '%{time_total}\n' "$BASE/books/$LONGEST/pages/$page?width=1200"
done | sort -n | awk '{ t[NR] = $1 * 1000 } END { printf "page_cold_ms %.1f\npage_cold_max_ms %.1f\n", t[int((NR + 1) / 2)], t[NR] }'
curl -s -o /dev/null "$BASE/books/$LONGEST/pages/10?width=1200"
echo "page_cached_ms $(curl -s -o /dev/null -w '%{time_total}' "$BASE/books/$LONGEST/pages/10?width=1200" | awk '{ printf "%.2f", $1 * 1000 }')"
# A crowd asking only for pages never drawn: 16 clients at once over up to 120 pages of the books
# (pages 11 to 20 of each, at 700 px), each page asked once; pages drawn a second.
head -12 "$WORK/books" | while read -r id pages; do
    for page in $(seq 11 20); do if [ "$page" -lt "$pages" ]; then echo "$BASE/books/$id/pages/$page?width=700"; fi; done
done > "$WORK/cold-urls"
cold_start=$(date +%s.%N)
xargs -P 16 -n 1 curl -s -o /dev/null -w '%{http_code}\n' < "$WORK/cold-urls" > "$WORK/cold-codes"
cold_end=$(date +%s.%N)
echo "cold_crowd_pages $(wc -l < "$WORK/cold-urls")"
echo "cold_crowd_failed $(grep -vc '^200$' "$WORK/cold-codes" || true)"
echo "cold_crowd_per_s $(awk -v n="$(wc -l < "$WORK/cold-urls")" -v a="$cold_start" -v b="$cold_end" 'BEGIN { printf "%.1f", n / (b - a) }')"
echo "rss_before_mb $(rss)"

# The mix, as e-reader apps and browsers read: feeds, the shelf, every book's page, cover,
# thumbnail and reader, and the first 10 page images of every book at two devices' widths (each
# drawn once, by whichever client asks first, then served from the cache). A page never drawn
# costs about 60 ms of CPU: a crowd asking only for such pages waits in line behind two cores.
python3 - "$WORK/books" > "$WORK/paths.lua" <<'PY'
import sys
paths = ["/opds", "/opds/recent", "/opds/books", "/opds/authors", "/opds/search?q=light", "/", "/shelf.css"]
for line in open(sys.argv[1]):
    book, pages = map(int, line.split())
    paths += [f"/books/{book}", f"/books/{book}/cover", f"/books/{book}/thumbnail", f"/books/{book}/read?page=1"]
    for page in range(0, min(pages, 10)):
        for width in (800, 1200):
            paths.append(f"/books/{book}/pages/{page}?width={width}")
print("paths = {" + ",".join('"%s"' % p for p in paths) + "}")
PY
cat >> "$WORK/paths.lua" <<'LUA'
math.randomseed(7)
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format("load_requests %d\nload_rate %.1f\nload_socket_errors %d\nload_http_errors %d\nload_p50_ms %.1f\nload_p99_ms %.1f\n",
        summary.requests, summary.requests / (summary.duration / 1e6), e.connect + e.read + e.write + e.timeout, e.status,
        latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
LUA
echo "load_paths $(grep -o '"/' "$WORK/paths.lua" | wc -l)"
( for _ in $(seq $((SECONDS_RUN / 5))); do sleep 5; rss; echo; done ) > "$WORK/rss" &
SAMPLER=$!
wrk -t 2 -c "$CLIENTS" -d "${SECONDS_RUN}s" --timeout 30s -s "$WORK/paths.lua" "$BASE" > "$WORK/wrk.out" 2>&1 || true
wait "$SAMPLER" 2>/dev/null || true
grep -E '^load_' "$WORK/wrk.out" || { cat "$WORK/wrk.out" >&2; exit 1; }
half=$(( $(wc -l < "$WORK/rss") / 2 ))
echo "rss_half_mb $(sed -n "${half}p" "$WORK/rss")"
echo "rss_end_mb $(tail -1 "$WORK/rss")"
echo "rss_peak_mb $(hwm)"
kill -0 "$SERVER" 2>/dev/null && echo "server_alive 1" || echo "server_alive 0"
