#!/usr/bin/env bash
# What `ibook add` stores for each EPUB of a folder (default: the IDPF samples of section 10): its
# page count and a SHA-256 of its pages (number, label, text) and of its outline, read back from
# the library with sqlite3, one line per book. Work on how EPUBs are added must keep these lines:
#
#   bench/epub-pages.sh > before.txt     # (or --check bench/epub-pages.expected)
#   … change the add pipeline, make build …
#   bench/epub-pages.sh --check bench/epub-pages.expected
#
# IBOOK names the binary (default .build/release/ibook); IBOOK_EPUBS the folder.
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
IBOOK=${IBOOK:-$REPO/.build/release/ibook}
EPUBS=${IBOOK_EPUBS:-$REPO/../shared/corpus/epub}
[ -d "$EPUBS" ] || EPUBS="$REPO/../../shared/corpus/epub"
CHECK=""
[ "${1:-}" = "--check" ] && CHECK=${2:?"--check needs the file of expected lines"}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME="$WORK/cache"
"$IBOOK" --library "$WORK/lib" add --ocr never "$EPUBS" > /dev/null 2> "$WORK/add.log" \
    || { cat "$WORK/add.log" >&2; exit 1; }
python3 - "$WORK/lib" > "$WORK/lines" <<'PY'
import hashlib, os, sqlite3, sys
db = sqlite3.connect(os.path.join(sys.argv[1], "library.sqlite"))
for book_id, path, count in db.execute("SELECT id, path, page_count FROM books ORDER BY path"):
    pages = hashlib.sha256()
    for page, label, text in db.execute("SELECT page, label, text FROM pages WHERE book_id = ? ORDER BY page", (book_id,)):
        pages.update(repr((page, label, text)).encode())
    outline = hashlib.sha256()
    for row in db.execute("SELECT depth, title, page FROM outline WHERE book_id = ? ORDER BY position", (book_id,)):
        outline.update(repr(row).encode())
    print(os.path.basename(path), count, pages.hexdigest()[:16], outline.hexdigest()[:16])
PY
if [ -z "$CHECK" ]; then
    cat "$WORK/lines"
elif diff "$CHECK" "$WORK/lines"; then
    echo "same pages and outlines as $CHECK ($(wc -l < "$WORK/lines") books)"
else
    echo "differs from $CHECK (< expected, > now)" >&2
    exit 1
fi
