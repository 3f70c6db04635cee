#!/usr/bin/env bash
# Benchmark: OCR of scanned pages. Scans are made (make-scans) from sample
# pages whose text is known; ibook reads them with `ibook add` and the words
# it stores are compared with the original text. Speed is compared with the
# tesseract command line on the same page images; memory is the peak RSS of
# `ibook add` on a long scan. Writes its section of bench/results.md.
#
#   bench/ocr.sh [--quick]      (uses .build/release/ibook; builds it if missing)
set -euo pipefail

QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
RESULTS="$BENCH_DIR/results.md"
IBOOK="${IBOOK:-$REPO/.build/release/ibook}"
MAKE_SCANS="$REPO/.build/release/make-scans"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

[ -x "$IBOOK" ] || (cd "$REPO" && make build >&2)
[ -x "$MAKE_SCANS" ] || (cd "$REPO" && swift build -c release --product make-scans >&2)
[ -x /usr/bin/time ] || { apt-get install -y -qq --no-install-recommends time >&2; }
command -v tesseract >/dev/null || (cd "$REPO" && make deps >&2)

WORK=$(mktemp -d /tmp/ibook-ocr-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache"
SB="$REPO/SampleBooks"
if [ $QUICK = 1 ]; then PAGES="3-6"; COUNT=4; LONG=20; else PAGES="3-12"; COUNT=10; LONG=500; fi
FIRST=${PAGES%-*}

# recall ORIGINAL.pdf FIRST_PAGE LIBRARY COUNT: word recall of the stored text, all pages together.
recall() {
    python3 - "$@" <<'PY'
import json, re, subprocess, sys
original, first, library, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
ibook = sys.argv[5]
def words(text): return re.findall(r"\w+", text.lower())
found = total = 0
for index in range(count):
    want = words(subprocess.run(["pdftotext", "-f", str(first + index), "-l", str(first + index), original, "-"],
                                capture_output=True, text=True).stdout)
    page = json.loads(subprocess.run([ibook, "--library", library, "read", str(index + 1), "--json"],
                                     capture_output=True, text=True).stdout)
    have = {}
    for word in words(page["text"]): have[word] = have.get(word, 0) + 1
    for word in want:
        total += 1
        if have.get(word, 0) > 0:
            have[word] -= 1
            found += 1
print("%.1f" % (100 * found / max(1, total)))
PY
}

rows=()
add_scan() { # NAME MAKE-SCANS-ARGS...: make the scan, add it, print the recall
    local name=$1; shift
    "$MAKE_SCANS" "$SB/lighthouses.pdf" "$WORK/$name.pdf" --pages "$PAGES" "$@"
    "$IBOOK" --library "$WORK/lib-$name" add --ocr-wait "$WORK/$name.pdf" >/dev/null 2>"$WORK/$name.err"
    recall "$SB/lighthouses.pdf" "$FIRST" "$WORK/lib-$name" "$COUNT" "$IBOOK"
}

log "Accuracy: $COUNT pages of lighthouses.pdf per variant"
r300=$(add_scan upright300 --dpi 300)
r200=$(add_scan upright200 --dpi 200)
turns=()
for ((page = FIRST; page < FIRST + COUNT; page++)); do
    case $(( (page - FIRST) % 3 )) in 1) turns+=(--rotate "$page:90") ;; 2) turns+=(--rotate "$page:180") ;; esac
done
rturned=$(add_scan turned300 --dpi 300 "${turns[@]}")
rnoisy=$(add_scan noisy300 --dpi 300 --noise 1)
rows+=("| English word recall, 300 dpi, upright | $r300 % | ≥ 95 % | $(awk -v r="$r300" 'BEGIN { print (r >= 95 ? "yes" : "**no**") }') |")
rows+=("| English word recall, 200 dpi, upright | $r200 % | | |")
rows+=("| English word recall, 300 dpi, a third turned 90°, a third 180° | $rturned % | ≥ 95 % | $(awk -v r="$rturned" 'BEGIN { print (r >= 95 ? "yes" : "**no**") }') |")
rows+=("| English word recall, 300 dpi, 1 % of pixels flipped (noise) | $rnoisy % | | |")

log "CJK: cjk-seasons.pdf pages 6-8 (Japanese, Chinese)"
"$MAKE_SCANS" "$SB/cjk-seasons.pdf" "$WORK/cjk.pdf" --pages 6-8
"$IBOOK" --library "$WORK/lib-cjk" add --ocr-wait "$WORK/cjk.pdf" >/dev/null 2>&1
cjk_found=0
for term in 図書館 图书馆 北京 東京; do
    "$IBOOK" --library "$WORK/lib-cjk" search "$term" 2>/dev/null | grep -q "^p\. " && cjk_found=$((cjk_found + 1))
done
cjk_langs=$("$IBOOK" --library "$WORK/lib-cjk" info --json | python3 -c 'import json,sys; print("+".join(json.load(sys.stdin)["ocr"]["languages"]))')
rows+=("| CJK sample: key terms found (図書館 图书馆 北京 東京), languages picked from the script | $cjk_found of 4 ($cjk_langs) | 4 of 4 | $([ $cjk_found = 4 ] && echo yes || echo '**no**') |")

log "Speed: ibook add vs tesseract CLI on the same 300 dpi page images ($COUNT pages)"
pdftoppm -r 300 -gray "$WORK/turned300.pdf" "$WORK/page"
start=$(date +%s.%N)
for image in "$WORK"/page-*.pgm; do tesseract "$image" "$image" -l eng --psm 1 >/dev/null 2>&1; done
cli=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
ls "$WORK"/page-*.pgm | OMP_THREAD_LIMIT=1 xargs -P "$(nproc)" -I{} tesseract {} {}.p -l eng --psm 1 >/dev/null 2>&1
cli_parallel=$(echo "$(date +%s.%N) - $start" | bc)
rm -rf "$WORK/lib-speed"
/usr/bin/time -o "$WORK/time-speed" -f '%e %M' "$IBOOK" --library "$WORK/lib-speed" add --ocr-wait "$WORK/turned300.pdf" >/dev/null 2>&1
ours=$(awk '{ print $1 }' "$WORK/time-speed")
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
per() { div "$1" "$COUNT"; }
ratio=$(div "$ours" "$cli")
rows+=("| seconds per page: ibook add (render, orientation, OCR, store; $(nproc) workers) vs tesseract CLI (--psm 1, one page after another) | $(per "$ours") vs $(per "$cli") s ($ratio×) | ≤ 1.0× | $(awk -v r="$ratio" 'BEGIN { print (r <= 1.0 ? "yes" : "**no**") }') |")
rows+=("| pages per second: ibook add / tesseract CLI / tesseract CLI $(nproc) at once (OMP_THREAD_LIMIT=1) | $(div "$COUNT" "$ours") / $(div "$COUNT" "$cli") / $(div "$COUNT" "$cli_parallel") | | |")

log "Memory: ibook add and ibook ocr -o on a $LONG-page scan (long-history.pdf, 320 pages, then again)"
# Scanned at 150 dpi to keep the file and make-scans quick; OCR still renders every page at 300 dpi.
qpdf --empty --pages "$SB/long-history.pdf" 1-320 "$SB/long-history.pdf" 1-320 -- "$WORK/long-text.pdf"
"$MAKE_SCANS" "$WORK/long-text.pdf" "$WORK/long.pdf" --pages "1-$LONG" --dpi 150
/usr/bin/time -o "$WORK/time-long" -f '%e %M' "$IBOOK" --library "$WORK/lib-long" add --ocr-wait "$WORK/long.pdf" >/dev/null 2>"$WORK/long.err"
read -r long_s long_kb < "$WORK/time-long"
long_pages=$("$IBOOK" --library "$WORK/lib-long" info --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["ocr"]["pages"])')
rows+=("| $LONG-page scan, ibook add: peak RSS of the largest process (parent or worker) | $((long_kb / 1024)) MB | < 500 MB | $([ $((long_kb / 1024)) -lt 500 ] && echo yes || echo '**no**') |")
rows+=("| $LONG-page scan, ibook add: pages read, wall time, pages per second | $long_pages pages, ${long_s} s, $(div "$long_pages" "$long_s") pages/s | | |")
/usr/bin/time -o "$WORK/time-copy" -f '%e %M' "$IBOOK" --library "$WORK/lib-long" ocr -o "$WORK/long-searchable.pdf" >/dev/null 2>&1
read -r copy_s copy_kb < "$WORK/time-copy"
rows+=("| $LONG-page scan, ibook ocr -o (from the stored words, no OCR): peak RSS, wall time | $((copy_kb / 1024)) MB, ${copy_s} s | < 500 MB | $([ $((copy_kb / 1024)) -lt 500 ] && echo yes || echo '**no**') |")

section=$(cat <<EOF
<!-- ocr -->
## OCR (bench/ocr.sh$([ $QUICK = 1 ] && echo ' --quick'))

$(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg). $(tesseract --version 2>&1 | head -1), trained data from Debian (tessdata_fast).
Scans: sample pages rendered to grey images by make-scans and put in image-only PDFs; recall = share of the original page's words (pdftotext) found in the text ibook stored, counted with repeats.

| measure | ibook | target | met |
| --- | --- | --- | --- |
$(printf '%s\n' "${rows[@]}")
<!-- /ocr -->
EOF
)
python3 "$BENCH_DIR/replace-section.py" ocr "$RESULTS" "$section"
printf '%s\n' "$section"
