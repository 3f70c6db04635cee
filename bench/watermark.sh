#!/usr/bin/env bash
# Benchmark: `ibook watermark` on a generated 1,000-page PDF against
# `qpdf --overlay` of a prepared watermark page onto the same file.
# Prints ours, theirs and the ratio (target: within 1.5x).
#
#   bench/watermark.sh [path/to/ibook]      (default: .build/release/ibook)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
ibook="${1:-${IBOOK:-$root/.build/release/ibook}}"
pages="${PAGES:-1000}"
work="$root/bench/work/watermark"
mkdir -p "$work"

if [ ! -x "$ibook" ]; then
    echo "Building ibook (release)..." >&2
    (cd "$root" && swift build -c release --product ibook >&2)
fi
command -v qpdf >/dev/null || { echo "qpdf is not installed (make deps)" >&2; exit 1; }

# A text document: every page its own content stream, so qpdf has real work.
# With 0 pages of text it writes one blank page.
cat > "$work/make-pdf.py" <<'PY'
import sys
pages, path = int(sys.argv[1]), sys.argv[2]
text = pages > 0
pages = max(pages, 1)
objects = {1: "<< /Type /Catalog /Pages 2 0 R >>",
           3: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
kids = []
for n in range(pages):
    page, content = 4 + 2 * n, 5 + 2 * n
    lines = "" if not text else "".join(f"BT /F1 10 Tf 56 {760 - 14 * i} Td (Page {n + 1}, line {i + 1}: the quick brown fox jumps over the lazy dog.) Tj ET\n"
                    for i in range(48))
    objects[content] = f"<< /Length {len(lines)} >>\nstream\n{lines}endstream"
    objects[page] = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                     f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content} 0 R >>")
    kids.append(f"{page} 0 R")
objects[2] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {pages} >>"
out = bytearray(b"%PDF-1.7\n")
offsets = {}
for number in sorted(objects):
    offsets[number] = len(out)
    out += f"{number} 0 obj\n{objects[number]}\nendobj\n".encode()
xref = len(out)
size = max(objects) + 1
out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
for number in range(1, size):
    out += (f"{offsets[number]:010d} 00000 n \n" if number in offsets else "0000000000 65535 f \n").encode()
out += f"trailer << /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
open(path, "wb").write(out)
PY
book="$work/book-$pages.pdf"
if [ ! -s "$book" ]; then
    python3 "$work/make-pdf.py" "$pages" "$work/raw.pdf"
    # Compressed streams and object streams, as real documents have.
    qpdf --compress-streams=y --object-streams=generate "$work/raw.pdf" "$book"
    rm -f "$work/raw.pdf"
fi

# The prepared watermark page for qpdf: the same stamp on a blank page.
python3 "$work/make-pdf.py" 0 "$work/blank.pdf"
"$ibook" watermark "$work/blank.pdf" -o "$work/stamp.pdf" --text "CONFIDENTIAL" --font "Sans Bold 40" \
    --color "#d32f2f" --opacity 0.25 --angle 45 --tile --spacing 60x60 >/dev/null

ours=("$ibook" watermark "$book" -o "$work/ours.pdf" --text "CONFIDENTIAL" --font "Sans Bold 40"
      --color "#d32f2f" --opacity 0.25 --angle 45 --tile --spacing 60x60)
theirs=(qpdf "$book" --overlay "$work/stamp.pdf" --to=1-z --from= --repeat=1 -- "$work/theirs.pdf")

echo "watermark benchmark: $pages pages, $(du -h "$book" | cut -f1) input"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$work/hyperfine.json" \
        -n ours "$(printf '%q ' "${ours[@]}")" -n theirs "$(printf '%q ' "${theirs[@]}")" >&2
    read -r ours_s theirs_s < <(python3 -c '
import json, sys
results = {r["command"]: r["median"] for r in json.load(open(sys.argv[1]))["results"]}
print(results["ours"], results["theirs"])' "$work/hyperfine.json")
else
    measure() {
        local best=""
        for _ in 1 2 3 4 5; do
            local t
            t=$( { /usr/bin/time -f "%e" "$@" >/dev/null 2>/dev/null; } 2>&1 | tail -1)
            if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
        done
        echo "$best"
    }
    ours_s=$(measure "${ours[@]}")
    theirs_s=$(measure "${theirs[@]}")
fi

printf 'ours:   %.3f s  (ibook watermark)\n' "$ours_s"
printf 'theirs: %.3f s  (qpdf --overlay of a prepared page)\n' "$theirs_s"
awk -v a="$ours_s" -v b="$theirs_s" 'BEGIN { r = a / b; printf "ratio:  %.2fx (target <= 1.50x) %s\n", r, (r <= 1.5 ? "OK" : "SLOWER THAN TARGET") }'
printf 'size:   input %s, ours %s, theirs %s bytes\n' "$(stat -c %s "$book")" "$(stat -c %s "$work/ours.pdf")" "$(stat -c %s "$work/theirs.pdf")"
