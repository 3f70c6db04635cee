#!/usr/bin/env bash
# The main job on the SampleBooks, in a fresh library under ./demo-library.
set -euo pipefail
ibook=${1:-.build/release/ibook}
here=$(cd "$(dirname "$0")/.." && pwd)
export IBOOK_LIBRARY="$here/demo-library/library"
export XDG_CACHE_HOME="$here/demo-library/cache"
rm -rf "$here/demo-library"

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
run() { step "ibook $*"; "$ibook" "$@"; }

run add "$here/SampleBooks"
run list
run open lighthouses.pdf 2>/dev/null || run open "Lighthouses"
run info
run thumbnail
echo
echo "The demo library is in $here/demo-library (IBOOK_LIBRARY=$IBOOK_LIBRARY)."
