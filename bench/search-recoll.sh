#!/usr/bin/env bash
# Recoll parity: every book recollq finds for a word or a phrase, ibook
# search --all finds too. Indexes the same PDFs with both (SampleBooks, the
# real-world corpus, and the PDF manuals of Debian's documentation packages:
# R's manuals, the Debian Edu manual, zsh's, and those under /usr/share/doc),
# compares the books each finds for the queries of bench/search-recoll.py and
# times a few of them; writes the table to bench/recoll.md.
#
#   bench/search-recoll.sh [--ibook PATH]    default: the release build (make build)
#
# Environment: IBOOK_CORPUS (real-world PDFs; default ../shared/corpus/real),
# BENCH_KEEP=1 keeps the scratch folder.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
IBOOK=""
while [ $# -gt 0 ]; do
    case "$1" in
        --ibook) IBOOK=${2:?--ibook needs a path}; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "Error: $1: unknown option (try --ibook PATH)" >&2; exit 64 ;;
    esac
    shift
done
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

packages=()
command -v recollq >/dev/null 2>&1 || packages+=(recollcmd)
command -v pdftotext >/dev/null 2>&1 || packages+=(poppler-utils)
[ -d /usr/share/doc/r-doc-pdf ] || packages+=(r-doc-pdf)
[ -d /usr/share/doc/debian-edu-doc-en ] || packages+=(debian-edu-doc-en)
[ -f /usr/share/doc/zsh-common/zsh.pdf ] || packages+=(zsh-doc)
if [ ${#packages[@]} -gt 0 ]; then
    log "Installing ${packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
fi
if [ -z "$IBOOK" ]; then
    log "Building ibook (release)"
    (cd "$REPO" && make build >&2)
    IBOOK="$REPO/.build/release/ibook"
fi

WORK=$(mktemp -d /tmp/ibook-recoll.XXXXXX)
if [ "${BENCH_KEEP:-0}" = 1 ]; then log "Scratch folder: $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
export XDG_CACHE_HOME="$WORK/cache" HOME="$WORK/home"
unset IBOOK_LIBRARY
mkdir -p "$HOME" "$WORK/corpus/sample" "$WORK/corpus/debian"
cp "$REPO"/SampleBooks/*.pdf "$WORK/corpus/sample/"
REAL="${IBOOK_CORPUS:-$REPO/../shared/corpus/real}"
[ -d "$REAL" ] || REAL="$REPO/../../shared/corpus/real"
[ -d "$REAL" ] && mkdir -p "$WORK/corpus/real" && cp -R "$REAL/." "$WORK/corpus/real/"
# Debian's documentation PDFs: the R manuals (without the 3,000-page fullrefman,
# which repeats refman), the Debian Edu manual, zsh's, and the gzipped ones.
for pdf in /usr/share/doc/r-doc-pdf/manual/*.pdf /usr/share/doc/debian-edu-doc-en/debian-edu-bookworm-manual.pdf \
           /usr/share/doc/zsh-common/zsh.pdf /usr/share/doc/*/*.pdf /usr/share/doc/*/*.pdf.gz; do
    [ -f "$pdf" ] || continue
    name="$(basename "$(dirname "$pdf")")-$(basename "${pdf%.gz}")"
    case "$pdf" in
        *.pdf.gz) zcat "$pdf" > "$WORK/corpus/debian/$name" ;;
        *) cp "$pdf" "$WORK/corpus/debian/$name" ;;
    esac
done
log "$(find "$WORK/corpus" -name '*.pdf' | wc -l) PDFs: ibook add"
"$IBOOK" --library "$WORK/lib" add "$WORK/corpus" >/dev/null 2>"$WORK/add.err" || true
log "recollindex"
mkdir -p "$WORK/recoll"
printf 'topdirs = %s\nloglevel = 1\nnoaspell = 1\n' "$WORK/corpus" > "$WORK/recoll/recoll.conf"
recollindex -c "$WORK/recoll" -z >/dev/null 2>&1 || true

log "Comparing"
{
    echo "# Recoll parity (bench/search-recoll.sh)"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "ibook $("$IBOOK" --version 2>&1 | awk '{ print $NF }'), recoll $(dpkg-query -W -f='${Version}' recollcmd 2>/dev/null)."
    echo
    python3 "$BENCH_DIR/search-recoll.py" --ibook "$IBOOK" --library "$WORK/lib" --recoll-conf "$WORK/recoll" --runs 5
} > "$WORK/recoll.md" && status=0 || status=$?
cp "$WORK/recoll.md" "$BENCH_DIR/recoll.md"
cat "$BENCH_DIR/recoll.md"
exit $status
