#!/usr/bin/env bash
# The main job on the SampleBooks, in a fresh library under ./demo-library.
set -euo pipefail
ibook=$(cd "$(dirname "${1:-.build/release/ibook}")" && pwd)/$(basename "${1:-.build/release/ibook}")
here=$(cd "$(dirname "$0")/.." && pwd)
demo="$here/demo-library"
export IBOOK_LIBRARY="$demo/library"
export XDG_CACHE_HOME="$demo/cache"
export XDG_CONFIG_HOME="$demo/config"
rm -rf "$demo"
mkdir -p "$demo"
cd "$demo"

run() {
    printf '\n\033[1m$ ibook %s\033[0m\n' "$*"
    "$ibook" "$@"
}

run add "$here/SampleBooks"
run list
run open lighthouses
run info
run thumbnail --page 2 --size 200
run show lighthouses 9 -o "$demo/lighthouses-page9.png"
[ -t 1 ] && run show lighthouses 9 --width 60
run thumbnails lighthouses --sheet --pages 1-12 --columns 6 --size 160 -o "$demo/lighthouses-sheet.png"
run toc --depth 2
run read --label 1
run read next
run search "quiet harbour"
run search --all "résumé"
run search --book 東京 図書館
run bookmark iii --note "Read the preface again"
run bookmarks
run history
run watermark -o "$demo/lighthouses-draft.pdf" --text "DRAFT" --opacity 0.2 --pages 5-8
# Printing needs a CUPS scheduler and a printer, which a demo machine may lack: then
# `ibook printers` says so in one line (exit 1, tolerated here) and the dry run is skipped.
run printers || true
if "$ibook" printers --json 2>/dev/null | grep -q '"isDefault":true'; then
    run print lighthouses --pages iii-iv,5-8 --number-up 2 --watermark "DRAFT" --dry-run
else
    printf '(no default printer: skipping "ibook print lighthouses --pages iii-iv,5-8 --dry-run")\n'
fi
run export catalog -o "$demo/catalog.pdf"
run compose --init invoice "$demo/invoice"
run compose "$demo/invoice" --data "$demo/invoice/invoice.json" -o "$demo/invoice.pdf" --footer "Thank you!"
# The other formats, laid out by MuPDF at the reference layout (A5, 11 pt): an EPUB 3 with a
# page list of the print edition's pages, and a Chinese novel in GB18030 plain text.
run open voyage
run info
run toc
run search "northern lights"
run read --label 1
run open 红楼梦
run toc
printf '\nEverything is in %s (IBOOK_LIBRARY=%s).\n' "$demo" "$IBOOK_LIBRARY"
printf 'To read full screen: IBOOK_LIBRARY=%s %s view lighthouses   (H for the keys, q to quit)\n' "$IBOOK_LIBRARY" "$ibook"
printf 'The library as covers: IBOOK_LIBRARY=%s %s   (alone on a terminal it opens the shelf; Enter reads, q comes back)\n' "$IBOOK_LIBRARY" "$ibook"
