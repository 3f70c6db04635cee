#!/usr/bin/env bash
# Measures ibook against the tools people use today (pdftotext, pdfgrep,
# recoll, pdftoppm) on the same files, in one run, and writes the table to
# bench/results.md.
#
#   bench/run.sh            full run (about 10,000 generated pages, 1 M-page scale test)
#   bench/run.sh --quick    a smaller run, for a quick look
#   bench/run.sh --only 3,5 only these sections (1-11); the other rows of
#                           bench/results.md are kept from the previous run
#
# Environment: IBOOK_CORPUS (real-world PDFs; default ../shared/corpus/real),
# BENCH_KEEP=1 keeps the scratch folder, IBOOK_BINARY=PATH measures that
# ibook instead of building one (sections 1-6 and 8 need only the lean binary).
set -euo pipefail

QUICK=0
ONLY=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --only) ONLY=${2:?--only needs a list of sections, e.g. 3,5}; shift ;;
        --only=*) ONLY=${1#--only=} ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "Error: $1: unknown option (try --quick or --only 3,5)" >&2; exit 64 ;;
    esac
    shift
done
# runs_section N: whether section N is part of this run.
runs_section() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$BENCH_DIR/.." && pwd)
RESULTS="$BENCH_DIR/results.md"
log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# --- Tools --------------------------------------------------------------------
missing=()
for pair in pdftotext:poppler-utils pdftoppm:poppler-utils pdfgrep:pdfgrep recollindex:recollcmd recollq:recollcmd \
            hyperfine:hyperfine python3:python3 wrk:wrk ab:apache2-utils curl:curl; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
    log "Installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${missing[@]}" | sort -u)
fi

if [ -n "${IBOOK_BINARY:-}" ]; then
    IBOOK=$IBOOK_BINARY
else
    log "Building ibook (release)"
    (cd "$REPO" && make build >&2)
    IBOOK="$REPO/.build/release/ibook"
fi

WORK=$(mktemp -d /tmp/ibook-bench.XXXXXX)
if [ "${BENCH_KEEP:-0}" = 1 ]; then log "Scratch folder: $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
export XDG_CACHE_HOME="$WORK/cache" HOME="$WORK/home"
unset IBOOK_LIBRARY
mkdir -p "$HOME"
ROWS="$WORK/rows.tsv"
: > "$ROWS"

if [ $QUICK = 1 ]; then
    GEN_FILES=10; GEN_PAGES=100; RUNS=2; SLOW_RUNS=1; FAST_RUNS=10; SMALL_BOOKS=1000
    SCALES="10000 100000"; HUGE_PAGES=10000; PG_SCALES="10000"
else
    GEN_FILES=50; GEN_PAGES=200; RUNS=3; SLOW_RUNS=1; FAST_RUNS=20; SMALL_BOOKS=1000
    SCALES="10000 100000 1000000"; HUGE_PAGES=10000; PG_SCALES="10000 100000 1000000"
fi
SERVE_CLIENTS=200; SERVE_SECONDS=$([ $QUICK = 1 ] && echo 20 || echo 60)
# Section 8's scales can be chosen (e.g. a small trial of the copied scale: "1000 3000").
PG_SCALES=${BENCH_PG_SCALES:-$PG_SCALES}

# --- Helpers ------------------------------------------------------------------
# row SECTION WHAT OURS THEIRS_NAME THEIRS TARGET_MAX_RATIO UNIT
# Ratio is ours/theirs; a row passes when ratio <= TARGET_MAX_RATIO.
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$ROWS"; }
# limit SECTION WHAT VALUE LIMIT UNIT: an absolute target (value <= limit).
limit() { printf '%s\t%s\t%s\t-\t%s\t=\t%s\n' "$1" "$2" "$3" "$4" "$5" >> "$ROWS"; }
# note TEXT: a line under the table, tagged with the section being run.
SECTION=0
note() { printf 'note\t%s\t%s\n' "$SECTION" "$*" >> "$ROWS"; }

# hf NAME RUNS [hyperfine options...] -- COMMAND: median wall seconds. Every
# run goes through /usr/bin/time, whose log gives CPU (user+sys, children
# included) and peak RSS (the largest process of the tree).
hf() {
    local name=$1 runs=$2; shift 2
    local options=()
    while [ "$1" != "--" ]; do options+=("$1"); shift; done
    shift
    local command="$*"
    rm -f "$WORK/time-$name"
    hyperfine --style none --runs "$runs" "${options[@]}" --export-json "$WORK/hf-$name.json" \
        -n "$name" "/usr/bin/time -a -o $WORK/time-$name -f '%e %U %S %M' $command" >/dev/null 2>"$WORK/hf-$name.err" \
        || { cat "$WORK/hf-$name.err" >&2; return 1; }
    python3 -c 'import json,sys; print("%.6f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$WORK/hf-$name.json"
}
# (Lines other than the figures, such as time's "Command exited with non-zero status 1", are skipped.)
cpu_of() { awk '$2 ~ /^[0-9.]+$/ { c = $2 + $3; if (!n++ || c < m) m = c } END { printf "%.3f", m }' "$WORK/time-$1"; }
rss_of() { awk '{ if ($4 > m) m = $4 } END { printf "%.1f", m / 1024 }' "$WORK/time-$1"; }
sizeof() { du -sb "$1" | awk '{ printf "%.2f", $1 / 1048576 }'; }
ms() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) * 1000))' "$1"; }

# --- Corpus -------------------------------------------------------------------
# Sections 5, 6 and 8 make their own pages: the corpus is for the others.
CORPUS="$WORK/corpus"
REAL=""
if runs_section 1 || runs_section 2 || runs_section 3 || runs_section 4 || runs_section 7; then
    mkdir -p "$CORPUS/sample" "$CORPUS/generated"
    cp "$REPO"/SampleBooks/*.pdf "$CORPUS/sample/"
    log "Generating $((GEN_FILES * GEN_PAGES)) pages of text PDFs"
    python3 "$BENCH_DIR/make-corpus.py" "$CORPUS/generated" --files $GEN_FILES --pages $GEN_PAGES --seed 1
    REAL="${IBOOK_CORPUS:-$REPO/../shared/corpus/real}"
    [ -d "$REAL" ] || REAL="$REPO/../../shared/corpus/real"  # a worktree sits one level deeper
    if [ -d "$REAL" ]; then
        # Copied into the scratch folder (never into the repository) so every tool reads plain files.
        mkdir -p "$CORPUS/real" && cp -R "$REAL/." "$CORPUS/real/"
    else
        REAL=""
    fi
    mapfile -t FILES < <(find "$CORPUS" -type f -iname '*.pdf' | sort)
    CORPUS_PAGES=$(for f in "${FILES[@]}"; do pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ { print $2 }'; done | awk '{ s += $1 } END { print s }')
    CORPUS_MB=$(sizeof "$CORPUS")
fi

# --- 1. Indexing ----------------------------------------------------------------
LIB="$WORK/lib"
export RECOLL_CONFDIR="$WORK/recoll"
if runs_section 1; then
SECTION=1
log "1. Indexing ${#FILES[@]} files, $CORPUS_PAGES pages"
# Like for like: pdftotext and recollindex (as configured here) read the text a PDF has and OCR
# nothing, so the compared add is `--ocr never`; the default add, which leaves the pages without
# text (scans, pictures of text) to a run of tesseract in the background, is timed beside it (each
# run's background OCR is waited for before the next, untimed), and so is `--ocr-wait`, which reads
# them before it returns.
t_ours=$(hf add $RUNS --prepare "rm -rf $LIB $XDG_CACHE_HOME" -i -- "$IBOOK --library $LIB add --ocr never $CORPUS")
t_default=$(hf add-default $RUNS --prepare "$IBOOK --library $LIB ocr --pending >/dev/null 2>&1; rm -rf $LIB $XDG_CACHE_HOME" -i -- \
    "$IBOOK --library $LIB add $CORPUS")
"$IBOOK" --library "$LIB" ocr --pending >/dev/null 2>&1 || true
t_inproc=$(hf add-inproc $RUNS --prepare "rm -rf $LIB $XDG_CACHE_HOME" -i -- "$IBOOK --library $LIB add --ocr never --in-process $CORPUS")
t_serial=$(hf add-serial $SLOW_RUNS --prepare "rm -rf $LIB $XDG_CACHE_HOME" -i -- "$IBOOK --library $LIB add --ocr never --jobs 1 $CORPUS")
t_ocr=$(hf add-ocr $SLOW_RUNS --prepare "rm -rf $LIB $XDG_CACHE_HOME" -i -- "$IBOOK --library $LIB add --ocr-wait $CORPUS")
rm -rf "$LIB" "$XDG_CACHE_HOME"
"$IBOOK" --library "$LIB" add --ocr-wait "$CORPUS" >/dev/null 2>"$WORK/add.err" || true
BOOKS=$("$IBOOK" --library "$LIB" list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
LIB_MB=$(sizeof "$LIB")
THUMBS_MB=$(sizeof "$XDG_CACHE_HOME")

TXT="$WORK/txt"
i=0; : > "$WORK/pdftotext.sh"
for f in "${FILES[@]}"; do i=$((i + 1)); printf 'pdftotext -q %q %q\n' "$f" "$TXT/$i.txt" >> "$WORK/pdftotext.sh"; done
t_pdftotext=$(hf pdftotext $RUNS --prepare "rm -rf $TXT; mkdir -p $TXT" -i -- "sh $WORK/pdftotext.sh")

mkdir -p "$RECOLL_CONFDIR"
cat > "$RECOLL_CONFDIR/recoll.conf" <<EOF
topdirs = $CORPUS
loglevel = 1
noaspell = 1
EOF
t_recoll=$(hf recollindex $RUNS --prepare "rm -rf $RECOLL_CONFDIR/xapiandb $RECOLL_CONFDIR/idxstatus.txt" -i -- \
    "recollindex -c $RECOLL_CONFDIR -z")
rm -rf "$RECOLL_CONFDIR/xapiandb"
recollindex -c "$RECOLL_CONFDIR" -z >/dev/null 2>&1 || true
RECOLL_MB=$(sizeof "$RECOLL_CONFDIR/xapiandb")

row index "add, wall s" "$t_ours" "pdftotext serial" "$t_pdftotext" 0.55 s
row index "add (the default: scans left to OCR in the background), wall s" "$t_default" "pdftotext serial" "$t_pdftotext" 0.55 s
row index "add, wall s" "$t_ours" "recollindex" "$t_recoll" 1.0 s
row index "add, CPU s" "$(cpu_of add)" "pdftotext serial" "$(cpu_of pdftotext)" - s
row index "add, CPU s" "$(cpu_of add)" "recollindex" "$(cpu_of recollindex)" - s
row index "add, peak RSS MB" "$(rss_of add)" "recollindex" "$(rss_of recollindex)" - MB
row index "library size MB" "$LIB_MB" "recoll index" "$RECOLL_MB" 1.0 MB
row index "add (isolated workers), wall s" "$t_ours" "add --in-process" "$t_inproc" - s
row index "add --jobs 1, wall s" "$t_serial" "pdftotext serial" "$t_pdftotext" - s
row index "add --ocr-wait (the pages without text read before it returns), wall s" "$t_ocr" "add --ocr never" "$t_ours" - s
note "Corpus: ${#FILES[@]} files, $CORPUS_PAGES pages, $CORPUS_MB MB (SampleBooks, $((GEN_FILES * GEN_PAGES)) generated pages${REAL:+, the real-world corpus}); $BOOKS books added. Cover thumbnails written by add: $THUMBS_MB MB (cache, not counted in the library size). add in-process: CPU $(cpu_of add-inproc) s, RSS $(rss_of add-inproc) MB. ibook's rows are \`add --ocr never\` (pdftotext and recollindex OCR nothing); \`add --ocr-wait\` also OCRs $(sqlite3 "$LIB/library.sqlite" 'SELECT count(*) FROM ocr_pages' 2>/dev/null || echo '?') pages without text: CPU $(cpu_of add-ocr) s, peak RSS $(rss_of add-ocr) MB; the default add leaves them to a run in the background (add alone: CPU $(cpu_of add-default) s)."
elif runs_section 2 || runs_section 3; then
    log "Adding the corpus (section 1 is not run)"
    "$IBOOK" --library "$LIB" add --ocr-wait "$CORPUS" >/dev/null 2>"$WORK/add.err" || true
fi

# --- 2. Search ------------------------------------------------------------------
if runs_section 2; then
SECTION=2
log "2. Search"
if [ ! -d "$RECOLL_CONFDIR/xapiandb" ]; then
    mkdir -p "$RECOLL_CONFDIR"
    printf 'topdirs = %s\nloglevel = 1\nnoaspell = 1\n' "$CORPUS" > "$RECOLL_CONFDIR/recoll.conf"
    recollindex -c "$RECOLL_CONFDIR" -z >/dev/null 2>&1 || true
fi
QUERIES=("the" "zymurgical" "lighthouse keeper" "皇居")
KINDS=("common word" "rare word" "two-word phrase" "CJK term")
for q in 0 1 2 3; do
    query=${QUERIES[$q]}; kind=${KINDS[$q]}
    printf -v quoted '%q' "$query"
    runs=$FAST_RUNS; [ $q = 0 ] && runs=3
    t_s=$(hf "search-$q" $runs --warmup 1 -- "$IBOOK --library $LIB search --all $quoted")
    t_g=$(hf "pdfgrep-$q" $SLOW_RUNS -i -- "pdfgrep -r -i $quoted $CORPUS")
    printf -v recoll_query '%q' "\"$query\""
    t_r=$(hf "recollq-$q" $FAST_RUNS --warmup 2 -i -- "recollq -c $RECOLL_CONFDIR -n 0-1000000 $recoll_query")
    # recollq printing what ibook prints: each match in context with its page number.
    t_rp=$(hf "recollq-p-$q" $runs --warmup 1 -i -- "recollq -c $RECOLL_CONFDIR -n 0-1000000 -A -p 1000000 $recoll_query")
    hits=$("$IBOOK" --library "$LIB" search --all "$query" 2>&1 >/dev/null | tail -1)
    grep_lines=$(pdfgrep -r -i -c "$query" "$CORPUS" 2>/dev/null | awk -F: '{ s += $NF } END { print s + 0 }')
    docs=$(recollq -c "$RECOLL_CONFDIR" -n 0-1000000 "\"$query\"" 2>/dev/null | awk '/results$/ { print $1 }' | head -1)
    row search "“$query” ($kind), ms" "$(ms "$t_s")" "pdfgrep -r -i" "$(ms "$t_g")" 0.002 ms
    row search "“$query” ($kind), ms" "$(ms "$t_s")" "recollq" "$(ms "$t_r")" 1.0 ms
    row search "“$query” ($kind), ms" "$(ms "$t_s")" "recollq -A -p (snippets, pages)" "$(ms "$t_rp")" 1.0 ms
    note "“$query”: ibook $hits, each printed with its page and context; pdfgrep $grep_lines matching lines; recollq ${docs:-?} documents, one line each (no page numbers); recollq -A -p the same documents with each snippet and its page."
done
fi

# --- 3. Thumbnails --------------------------------------------------------------
if runs_section 3; then
SECTION=3
log "3. Cover and page thumbnails"
# The same files as the library holds (a damaged file has no thumbnail either
# way); page 2 of every book that has one.
"$IBOOK" --library "$LIB" list --json | python3 -c '
import json, shlex, sys
work, ibook, library = sys.argv[1:]
books = json.load(sys.stdin)
with open(work + "/thumbs-ibook.sh", "w") as ours, open(work + "/thumbs-ppm.sh", "w") as theirs, \
     open(work + "/pages-ibook.sh", "w") as our_pages, open(work + "/pages-ppm.sh", "w") as their_pages:
    for n, book in enumerate(books):
        path = shlex.quote(book["path"])
        ours.write("%s --library %s thumbnail %d --size 256 >/dev/null\n" % (ibook, library, book["id"]))
        theirs.write("pdftoppm -png -singlefile -scale-to 256 -f 1 -l 1 %s %s/ppm/%d\n" % (path, work, n))
        if book["pageCount"] >= 2:
            our_pages.write("%s --library %s thumbnail %d --page 2 --size 256 >/dev/null\n" % (ibook, library, book["id"]))
            their_pages.write("pdftoppm -png -singlefile -scale-to 256 -f 2 -l 2 %s %s/ppm/p%d\n" % (path, work, n))
' "$WORK" "$IBOOK" "$LIB"
# A first run of each, not timed, reads what the page cache lacks (a fresh build, pages the
# sections before evicted): the rows compare the processes, not the disk.
t_thumb=$(hf thumbs $RUNS --warmup 1 --prepare "rm -rf $XDG_CACHE_HOME" -i -- "sh $WORK/thumbs-ibook.sh")
t_cached=$(hf thumbs-cached $RUNS --warmup 1 -i -- "sh $WORK/thumbs-ibook.sh")
t_ppm=$(hf pdftoppm $RUNS --warmup 1 --prepare "rm -rf $WORK/ppm; mkdir -p $WORK/ppm" -i -- "sh $WORK/thumbs-ppm.sh")
t_pages=$(hf page-thumbs $RUNS --warmup 1 --prepare "rm -rf $XDG_CACHE_HOME" -i -- "sh $WORK/pages-ibook.sh")
t_pages_ppm=$(hf pages-pdftoppm $RUNS --warmup 1 --prepare "rm -rf $WORK/ppm; mkdir -p $WORK/ppm" -i -- "sh $WORK/pages-ppm.sh")
n_thumbs=$(wc -l < "$WORK/thumbs-ibook.sh"); n_pages=$(wc -l < "$WORK/pages-ibook.sh")
row thumbnails "cover 256 px, $n_thumbs books, s" "$t_thumb" "pdftoppm" "$t_ppm" 1.0 s
row thumbnails "page 2 at 256 px, $n_pages books, s" "$t_pages" "pdftoppm" "$t_pages_ppm" 1.0 s
row thumbnails "cover again (cached), s" "$t_cached" "pdftoppm" "$t_ppm" - s
# Shared libraries a process loads (LD_DEBUG=files): a thumbnail not in the cache (a size no run made), pdftoppm's, list's.
loaded_libraries() { { LD_DEBUG=files "$@" 2>&1 >/dev/null || true; } | { grep -o 'file=[^ ]*' || true; } | sort -u | wc -l; }
first_pdf=$("$IBOOK" --library "$LIB" list --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["path"])')
libs_thumb=$(loaded_libraries "$IBOOK" --library "$LIB" thumbnail 1 --size 255)
libs_ppm=$(loaded_libraries pdftoppm -png -singlefile -scale-to 255 "$first_pdf" "$WORK/ppm-libraries")
libs_list=$(loaded_libraries "$IBOOK" --library "$LIB" list)
per_cover() { awk -v n="$n_thumbs" -v c="$1" 'BEGIN { printf "%.1f", c * 1000 / n }'; }
note "Thumbnails: one whole process per thumbnail (\`ibook thumbnail\` renders in the lean process itself: it opens libibook-reflow.so and draws the page with MuPDF, or libibook-pages.so, poppler's Splash driven as pdftoppm drives it, where MuPDF cannot, only for a page not in the cache: $libs_thumb shared libraries then, $libs_list for list; pdftoppm $libs_ppm), cache cleared before each run; pdftoppm renders the same page at the same size to PNG. CPU (user+sys) for all covers: ibook $(cpu_of thumbs) s, pdftoppm $(cpu_of pdftoppm) s ($(per_cover "$(cpu_of thumbs)") / $(per_cover "$(cpu_of pdftoppm)") ms a cover); page 2: ibook $(cpu_of page-thumbs) s, pdftoppm $(cpu_of pages-pdftoppm) s; peak RSS $(rss_of thumbs) / $(rss_of pdftoppm) MB."
fi

# --- 4. Reader commands ---------------------------------------------------------
if runs_section 4; then
SECTION=4
log "4. Reader commands at 10 and $SMALL_BOOKS books"
python3 "$BENCH_DIR/make-corpus.py" "$WORK/small" --files $SMALL_BOOKS --pages 1 --seed 2 --prefix small
mapfile -t SMALL < <(find "$WORK/small" -name '*.pdf' | sort)
for size in 10 $SMALL_BOOKS; do
    R="$WORK/reader-$size"
    "$IBOOK" --library "$R" add "${SMALL[@]:0:$((size - 1))}" >/dev/null 2>&1
    "$IBOOK" --library "$R" add "$REPO/SampleBooks/lighthouses.pdf" >/dev/null 2>&1
    "$IBOOK" --library "$R" open lighthouses >/dev/null
    for p in 3 7 12; do "$IBOOK" --library "$R" bookmark $p >/dev/null; done
    "$IBOOK" --library "$R" read 12 >/dev/null
    for command in toc bookmarks history info; do
        t=$(hf "reader-$command-$size" $FAST_RUNS --warmup 3 -- "$IBOOK --library $R $command")
        eval "t_${command}_$size=$t"
    done
done
for command in toc bookmarks history info; do
    small_var="t_${command}_10"; big_var="t_${command}_$SMALL_BOOKS"
    row reader "$command at $SMALL_BOOKS books vs 10, ms" "$(ms "${!big_var}")" "same at 10 books" "$(ms "${!small_var}")" 1.5 ms
    [ "$command" = info ] || limit reader "$command at $SMALL_BOOKS books, ms" "$(ms "${!big_var}")" 30 ms
done
fi

# --- 5. Scale -------------------------------------------------------------------
if runs_section 5; then
SECTION=5
log "5. Search at scale ($SCALES pages)"
S="$WORK/scale"
"$IBOOK" --library "$S" list >/dev/null 2>&1 || true
done_pages=0
for pages in $SCALES; do
    started=$(date +%s.%N)
    python3 "$BENCH_DIR/make-library.py" "$S" --pages $((pages - done_pages)) --seed $pages
    note "Scale library at $pages pages: built in $(python3 -c "import sys; print('%.0f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$started" "$(date +%s.%N)") s by make-library.py (pages, page index and book index)."
    done_pages=$pages
    # What a terminal shows first: the best 20 hits, for rare, common and phrase queries.
    n=0
    for query in "zymurgical" "the" "lighthouse keeper" "of the"; do
        n=$((n + 1))
        printf -v quoted '%q' "$query"
        t=$(hf "scale-$pages-first-$n" $FAST_RUNS --warmup 2 -- "$IBOOK --library $S search --all --limit 20 $quoted")
        limit scale "“$query” --limit 20 at $pages pages, ms" "$(ms "$t")" 100 ms
    done
    t=$(hf "scale-$pages-the-100" $FAST_RUNS --warmup 2 -- "$IBOOK --library $S search --all --limit 100 the")
    limit scale "“the” --limit 100 at $pages pages, ms" "$(ms "$t")" 100 ms
    # Every hit of a rare word: few pages, all of them printed.
    t=$(hf "scale-$pages-rare" $FAST_RUNS --warmup 2 -- "$IBOOK --library $S search --all zymurgical")
    hits=$("$IBOOK" --library "$S" search --all zymurgical 2>&1 >/dev/null | tail -1)
    limit scale "“zymurgical”, every hit, at $pages pages, ms ($hits)" "$(ms "$t")" 100 ms
    # Every hit of a common phrase, streamed: the first line, and the whole run
    # against reading those pages' text and nothing else.
    python3 "$BENCH_DIR/first-line.py" --runs 5 -- "$IBOOK" --library "$S" search --all "lighthouse keeper" > "$WORK/first-$pages"
    python3 "$BENCH_DIR/read-pages.py" "$S" --phrase "lighthouse keeper" > "$WORK/read-$pages"
    fl() { awk -v key="$1" '$1 == key { print $2 }' "$2"; }
    hits=$("$IBOOK" --library "$S" search --all "lighthouse keeper" 2>&1 >/dev/null | tail -1)
    limit scale "“lighthouse keeper”, every hit ($hits), at $pages pages: first line, ms" "$(fl first_line_ms "$WORK/first-$pages")" 100 ms
    row scale "“lighthouse keeper”, every hit, at $pages pages: whole run, ms" "$(fl total_ms "$WORK/first-$pages")" \
        "reading those $(fl pages "$WORK/read-$pages") pages' text" "$(fl read_ms "$WORK/read-$pages")" 2.0 ms
done
note "Scale library at $done_pages pages: $(sizeof "$S") MB, of which page index $(python3 -c '
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
size = lambda name: db.execute("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE ?", (name + "%",)).fetchone()[0] / 1048576
print("%.1f MB, book index %.1f MB" % (size("page_index"), size("book_index")))' "$S/library.sqlite")."
note "Scale: the first line is timed from spawning \`ibook search\` to the first newline on its stdout (bench/first-line.py, median of 5); reading the pages' text is bench/read-pages.py: the page index's phrase query, then each matching page's stored text read and decompressed (LZ4, or zlib for text stored before it), nothing else (Python; the read loop only)."
rm -rf "$S"
fi

# --- 6. Memory ------------------------------------------------------------------
if runs_section 6; then
SECTION=6
log "6. Peak RSS adding a $HUGE_PAGES-page PDF"
python3 "$BENCH_DIR/make-corpus.py" "$WORK/huge" --files 1 --pages $HUGE_PAGES --seed 9 --prefix huge
H="$WORK/huge-lib"
hf huge 1 --prepare "rm -rf $H" -- "$IBOOK --library $H add $WORK/huge/huge-0001.pdf" >/dev/null
hf huge-inproc 1 --prepare "rm -rf $H" -- "$IBOOK --library $H add --in-process $WORK/huge/huge-0001.pdf" >/dev/null
limit memory "add $HUGE_PAGES-page PDF, peak RSS MB" "$(rss_of huge)" 200 MB
limit memory "add --in-process $HUGE_PAGES-page PDF, peak RSS MB" "$(rss_of huge-inproc)" 200 MB
fi

# --- 7. The reader on a terminal ---------------------------------------------------
if runs_section 7; then
SECTION=7
log "7. ibook view over a pty (kitty graphics): open, page turns, cold pages"
V="$WORK/view"
mkdir -p "$V"
# A 3,000-page book: the sample books joined with qpdf (9 × 320 + 3 × 40 pages).
SB="$REPO/SampleBooks"
qpdf --empty --pages $(for i in 1 2 3 4 5 6 7 8 9; do echo "$SB/long-history.pdf"; done) \
    "$SB/lighthouses.pdf" "$SB/lighthouses.pdf" "$SB/lighthouses.pdf" -- "$V/three-thousand-pages.pdf"
VIEW_BOOKS=("$SB/lighthouses.pdf" "$V/three-thousand-pages.pdf")
[ -n "$REAL" ] && [ -f "$CORPUS/real/pdfjs/freeculture.pdf" ] && VIEW_BOOKS+=("$CORPUS/real/pdfjs/freeculture.pdf")
"$IBOOK" --library "$V/lib" add "${VIEW_BOOKS[@]}" >/dev/null 2>&1
VIEW_SESSIONS=$([ $QUICK = 1 ] && echo 2 || echo 5)
VIEW_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
for pdf in "${VIEW_BOOKS[@]}"; do
    name=$(basename "$pdf")
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
    out="$WORK/view-$name.txt"
    python3 "$BENCH_DIR/view-latency.py" --ibook "$IBOOK" --library "$V/lib" --book "$pdf" --pages "$pages" \
        --sessions $VIEW_SESSIONS --turns 8 --pdf "$pdf" --quiet > "$out"
    v() { awk -v key="$1" '$1 == key { print $2 }' "$out"; }
    reference="pdftoppm, same page and size"
    row view "$name ($pages pages): open → page 1 on screen, ms" "$(v open.median_ms)" "$reference" "$(v pdftoppm.open.median_ms)" - ms
    [ "$pages" -ge 3000 ] && limit view "$name ($pages pages): open → page 1 on screen, ms" "$(v open.median_ms)" 300 ms
    row view "$name: pre-rendered page turn, median ms" "$(v turn.median_ms)" "$reference" "$(v pdftoppm.turn.median_ms)" - ms
    limit view "$name: pre-rendered page turn, median ms" "$(v turn.median_ms)" 50 ms
    limit view "$name: pre-rendered page turn, max of $(v turn.n), ms" "$(v turn.max_ms)" 50 ms
    row view "$name: cold page (NG), median ms" "$(v cold.median_ms)" "$reference" "$(v pdftoppm.cold.median_ms)" - ms
    limit view "$name: cold page (NG), median ms" "$(v cold.median_ms)" 150 ms
    limit view "$name: cold page (NG), max of $(v cold.n), ms" "$(v cold.max_ms)" 150 ms
    row view "$name: NG while prefetching, median ms" "$(v busy.median_ms)" "$reference" "$(v pdftoppm.busy.median_ms)" - ms
    [ "$(v exit)" = 0 ] || note "**view $name: the reader exited with status $(v exit) on q, not 0.**"
    note "view $name: $VIEW_SESSIONS sessions; open median $(v open.median_ms) / max $(v open.max_ms) ms (first frame, before the image: $(v first_frame.median_ms) ms), turn median $(v turn.median_ms) / max $(v turn.max_ms) ms, cold max $(v cold.max_ms) ms; kitty image $(v image) px (page $(v size) px); exit status $(v exit)."
done
# Zoomed and continuous reading: the same harness, the reader brought to fit
# width (w), then to continuous at fit width (c), before anything is timed.
for mode in width continuous; do
    [ $mode = width ] && what="fit width" || what="continuous, fit width"
    for pdf in "$SB/lighthouses.pdf" "$V/three-thousand-pages.pdf"; do
        name=$(basename "$pdf")
        pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
        out="$WORK/view-$mode-$name.txt"
        python3 "$BENCH_DIR/view-latency.py" --ibook "$IBOOK" --library "$V/lib" --book "$pdf" --pages "$pages" \
            --sessions $VIEW_SESSIONS --turns 8 --mode $mode --quiet > "$out"
        v() { awk -v key="$1" '$1 == key { print $2 }' "$out"; }
        limit view "$name, $what: page turn (J, pre-rendered), median ms" "$(v turn.median_ms)" 50 ms
        limit view "$name, $what: page turn (J, pre-rendered), max of $(v turn.n), ms" "$(v turn.max_ms)" 50 ms
        limit view "$name, $what: a screen down (space), median ms" "$(v scroll.median_ms)" 50 ms
        limit view "$name, $what: a screen down (space), max of $(v scroll.n), ms" "$(v scroll.max_ms)" 50 ms
        limit view "$name, $what: cold page (NG), median ms" "$(v cold.median_ms)" 150 ms
        limit view "$name, $what: cold page (NG), max of $(v cold.n), ms" "$(v cold.max_ms)" 150 ms
        [ "$(v exit)" = 0 ] || note "**view $name ($what): the reader exited with status $(v exit) on q, not 0.**"
        note "view $name, $what: $VIEW_SESSIONS sessions; turn median $(v turn.median_ms) / max $(v turn.max_ms) ms, space median $(v scroll.median_ms) / max $(v scroll.max_ms) ms, cold median $(v cold.median_ms) / max $(v cold.max_ms) ms, NG while prefetching $(v busy.median_ms) ms; exit status $(v exit)."
    done
done
note "view, fit width and continuous: bench/view-latency.py --mode width|continuous: after opening, the keys that reach the mode from the one the reader kept for the book, then turns by J (the next page at its top), screens by space (through page boundaries in continuous mode, timed to the next image whatever page it names), cold NG jumps as above. A page is rendered 1200 pixels wide (about 1,700 high for A4) instead of 780 high."
note "view: \`ibook view BOOK 1 --graphics kitty\` on a 120×40-cell, 1200×800-pixel pty (TERM=xterm-kitty), timed from spawn or key to the end of the kitty image (chunk m=0, ESC \\) whose status line names the page (bench/view-latency.py). A turn is timed 1 s after the previous page, so it is pre-rendered; a cold page is an NG jump away from the prefetched pages, after 1 s of quiet; “while prefetching” is the same jump sent straight after a turn. pdftoppm renders the same page at the reader's size (fitted into 1200×780) to PNG, a fresh process each time (start-up and opening the file included), while the reader has a warm worker with the file open; the reader's time also includes composing, PNG-encoding and sending the 1200×780 screen. Load average before this section: $VIEW_LOAD (turns are timed in milliseconds, so other work on the machine shows in the max)."
fi

# --- 8. Search on a shared library ----------------------------------------------------
if runs_section 8; then
SECTION=8
log "8. Search on a shared library: PostgreSQL beside SQLite at $PG_SCALES pages"
# A server of the bench's own, as the tests start theirs: initdb as the
# postgres user in a short folder (a socket path must fit in 107 bytes),
# a Unix socket only, durability off (nothing in it is worth keeping).
# The newest server Debian installed (15 on Debian 12).
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
PG_DIR=$(mktemp -d /tmp/ibook-bench-pg.XXXXXX)
chown postgres "$PG_DIR"
PG_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
pg_stop() {
    [ -f "$PG_DIR/bouncer/pid" ] && kill "$(cat "$PG_DIR/bouncer/pid")" 2>/dev/null
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1; rm -rf "$PG_DIR"
}
trap 'pg_stop; [ "${BENCH_KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DIR/data" -U ibookbench --auth-local=trust -E UTF8 --locale=C.UTF-8 \
    --no-sync >/dev/null
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w start \
    -o "-k $PG_DIR -p $PG_PORT -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null
# The bench's own statements (VACUUM of a million pages) are not bound by ibook's session limits.
pg_sql() { PGOPTIONS="-c statement_timeout=0" psql -h "$PG_DIR" -p "$PG_PORT" -U ibookbench -d "${2:-ibook}" -qAt -c "$1"; }
pg_sql "CREATE DATABASE ibook" postgres
PG_URL="postgresql://ibookbench@/ibook?host=$PG_DIR&port=$PG_PORT"
"$IBOOK" server init "$PG_URL" >/dev/null
# PgBouncer in session mode in front of it, as a department would put one
# (docs/shared-library.md): the same searches with the server's backends kept warm.
BOUNCER_URL=""
if [ -x /usr/sbin/pgbouncer ]; then
    mkdir -p "$PG_DIR/bouncer"
    printf '"ibookbench" ""\n' > "$PG_DIR/bouncer/users.txt"
    printf '[databases]\n* = host=%s port=%s\n[pgbouncer]\nlisten_addr =\nlisten_port = %s\nunix_socket_dir = %s\nauth_type = trust\nauth_file = %s\npool_mode = session\nlogfile = %s\npidfile = %s\n' \
        "$PG_DIR" "$PG_PORT" "$PG_PORT" "$PG_DIR/bouncer" "$PG_DIR/bouncer/users.txt" "$PG_DIR/bouncer/log" "$PG_DIR/bouncer/pid" \
        > "$PG_DIR/bouncer/pgbouncer.ini"
    chown -R postgres "$PG_DIR/bouncer"
    runuser -u postgres -- /usr/sbin/pgbouncer -d "$PG_DIR/bouncer/pgbouncer.ini" \
        && BOUNCER_URL="postgresql://ibookbench@/ibook?host=$PG_DIR/bouncer&port=$PG_PORT"
fi
P="$WORK/pgscale"
"$IBOOK" --library "$P" list >/dev/null 2>&1 || true
done_pages=0
# Scales up to PG_MIGRATED pages are generated and migrated; a larger one
# (a multiple of the scale before it) copies the books both libraries hold,
# the same copies on both sides (bench/copy-library.py, copy-shared-library.sql):
# migrating a million pages would take most of an hour.
PG_MIGRATED=${PG_MIGRATED:-100000}
seconds_since() { python3 -c "import sys; print('%.0f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$1" "$(date +%s.%N)"; }
copied_scales=""
for pages in $PG_SCALES; do
    if [ "$pages" -le "$PG_MIGRATED" ] || [ "$done_pages" = 0 ] || [ $((pages % done_pages)) != 0 ]; then
        python3 "$BENCH_DIR/make-library.py" "$P" --pages $((pages - done_pages)) --seed $pages
        started=$(date +%s.%N)
        "$IBOOK" --library "$P" migrate --to "$PG_URL" >/dev/null
        note "Shared library at $pages pages: \`ibook migrate --to\` copied and indexed the $((pages - done_pages)) new pages in $(seconds_since "$started") s."
    else
        copies=$((pages / done_pages))
        started=$(date +%s.%N)
        python3 "$BENCH_DIR/copy-library.py" "$P" --copies $copies 2>/dev/null
        sqlite_s=$(seconds_since "$started")
        started=$(date +%s.%N)
        psql -h "$PG_DIR" -p "$PG_PORT" -U ibookbench -d ibook -qAt -v copies=$copies -f "$BENCH_DIR/copy-shared-library.sql" >/dev/null
        note "Shared library at $pages pages: the $done_pages pages (migrated) copied $((copies - 1)) times under new book ids, the same copies on both sides (new sha256, title + \" (copy k)\"; pages, page index, book index and book terms rows as they are): in $sqlite_s s into SQLite by bench/copy-library.py, in $(seconds_since "$started") s on the server by bench/copy-shared-library.sql (INSERT … SELECT, GIN indexes dropped and built again)."
        copied_scales="$copied_scales $pages"
    fi
    pg_sql "VACUUM ANALYZE"
    done_pages=$pages
    n=0
    for query in "zymurgical" "the" "lighthouse keeper" "of the"; do
        n=$((n + 1))
        printf -v quoted '%q' "$query"
        # SQLite, the server and the pooler in turn, run after run (bench/interleaved.py): the
        # machine's load drifts over a minute, and a row is the ratio of the two sides.
        searches=("$IBOOK --library $P search --all --limit 20 $quoted" "$IBOOK --library '$PG_URL' search --all --limit 20 $quoted")
        [ -n "$BOUNCER_URL" ] && searches+=("$IBOOK --library '$BOUNCER_URL' search --all --limit 20 $quoted")
        mapfile -t walls < <(python3 "$BENCH_DIR/interleaved.py" --runs $FAST_RUNS --warmup 2 -- "${searches[@]}" | awk '{ print $1 }')
        row pgsearch "“$query” --limit 20 at $pages pages, ms" "${walls[1]}" "SQLite" "${walls[0]}" 2.0 ms
        if [ -n "$BOUNCER_URL" ]; then
            row pgsearch "“$query” --limit 20 at $pages pages through PgBouncer (session mode, backends kept warm), ms" \
                "${walls[2]}" "SQLite" "${walls[0]}" 2.0 ms
        fi
    done
    # Every hit takes 5-40 ms below a million pages: one run of each was noise (the same build's
    # row 1.74x in one run, 2.38x in the next), so they run as often as the first-20 rows.
    every_runs=$([ "$pages" -le 100000 ] && echo $FAST_RUNS || echo 5)
    for query in "zymurgical" "lighthouse keeper"; do
        n=$((n + 1))
        printf -v quoted '%q' "$query"
        mapfile -t walls < <(python3 "$BENCH_DIR/interleaved.py" --runs $every_runs --warmup 1 -- \
            "$IBOOK --library $P search --all $quoted" "$IBOOK --library '$PG_URL' search --all $quoted" | awk '{ print $1 }')
        hits=$("$IBOOK" --library "$PG_URL" search --all "$query" 2>&1 >/dev/null | tail -1)
        same=$(cmp -s <("$IBOOK" --library "$PG_URL" search --all "$query" 2>&1) <("$IBOOK" --library "$P" search --all "$query" 2>&1) \
            && echo "same output as SQLite" || echo "OUTPUT DIFFERS FROM SQLITE")
        row pgsearch "“$query”, every hit ($hits; $same), at $pages pages, ms" "${walls[1]}" "SQLite" "${walls[0]}" 2.0 ms
    done
done
copies_note=""
[ -n "$copied_scales" ] && copies_note=" At$copied_scales pages the books are copies (above): every hit count is the smaller scale's times the copies."
note "Shared library at $done_pages pages: $(pg_sql "SELECT pg_size_pretty(pg_total_relation_size('pages')) || ' of pages, page index ' || pg_size_pretty(pg_total_relation_size('page_index')) || ', book index ' || pg_size_pretty(pg_total_relation_size('book_index')) || ', book terms ' || pg_size_pretty(pg_total_relation_size('book_terms'))") (tables with their indexes), beside $(sizeof "$P") MB for the SQLite library. The server runs on the same machine, over its Unix socket.$copies_note"
pg_stop
trap '[ "${BENCH_KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
rm -rf "$P"
fi

# --- 9. The shelf on a terminal --------------------------------------------------------
if runs_section 9; then
SECTION=9
SHELF_SIZES=$([ $QUICK = 1 ] && echo 1000 || echo "1000 10000")
log "9. ibook shelf over a pty (kitty graphics): $SHELF_SIZES books"
for books in $SHELF_SIZES; do
    S="$WORK/shelf-$books"
    python3 "$BENCH_DIR/make-shelf-books.py" "$S/pdfs" "$books"
    # add makes every cover: the shelf is measured with them cached.
    "$IBOOK" --library "$S/lib" add --ocr never "$S/pdfs" >/dev/null 2>&1
    out="$WORK/shelf-$books.txt"
    python3 "$BENCH_DIR/shelf-latency.py" --ibook "$IBOOK" --library "$S/lib" --sessions 3 --moves 10 \
        --covers "$XDG_CACHE_HOME/ibook/thumbnails" > "$out"
    v() { awk -v key="$1" '$1 == key { print $2 }' "$out"; }
    limit shelf "$books books, covers cached: open → the first screen of covers, median ms" "$(v open.median_ms)" 200 ms
    limit shelf "$books books: a key moves the selection, median ms" "$(v move.median_ms)" 30 ms
    limit shelf "$books books, no cover cached: open → the first screen of covers made anew, median ms" "$(v cold.median_ms)" 1000 ms
    limit shelf "$books books: a key moves the selection, max of $(v move.n), ms" "$(v move.max_ms)" 30 ms
    limit shelf "$books books: peak RSS, MB" "$(v rss.max_mb)" 100 MB
    [ "$(v exit)" = 0 ] || note "**shelf $books books: the shelf exited with status $(v exit) on q, not 0.**"
    note "shelf $books books: $(v images) covers on the first screen; open median $(v open.median_ms) / max $(v open.max_ms) ms, move median $(v move.median_ms) / max $(v move.max_ms) ms, peak RSS $(v rss.max_mb) MB."
    rm -rf "$S"
done
note "shelf: \`ibook shelf --graphics kitty\` on a 120×40-cell, 1200×800-pixel pty (TERM=xterm-kitty), timed from spawn to the last output of the first screen (quiet for 0.5 s after the status line names the selected book), and from \`l\`/\`h\` to the status line naming the next book with the screen quiet again (bench/shelf-latency.py); peak RSS is the shelf process's VmHWM."
fi

# --- 10. Books that are not PDFs -------------------------------------------------------
EPUBS="${IBOOK_EPUBS:-$REPO/../shared/corpus/epub}"
[ -d "$EPUBS" ] || EPUBS="$REPO/../../shared/corpus/epub"  # a worktree sits one level deeper
if runs_section 10 && [ -d "$EPUBS" ] && command -v mutool >/dev/null 2>&1; then
SECTION=10
E="$WORK/epub"
mkdir -p "$E/books"
cp "$EPUBS"/*.epub "$E/books/"
mapfile -t EPUB_FILES < <(find "$E/books" -type f -name '*.epub' | sort)
log "10. ${#EPUB_FILES[@]} EPUBs: add against mutool and recoll, first page, search"
: > "$WORK/mutool.sh"
for f in "${EPUB_FILES[@]}"; do printf 'mutool convert -F text -o %q %q 2>/dev/null\n' "$E/out.txt" "$f" >> "$WORK/mutool.sh"; done
t_mutool=$(hf mutool $RUNS -i -- "sh $WORK/mutool.sh")
t_epub=$(hf epub-add $RUNS --prepare "rm -rf $E/lib $XDG_CACHE_HOME" -i -- "$IBOOK --library $E/lib add --ocr never $E/books")
mkdir -p "$E/recoll"
printf 'topdirs = %s\nloglevel = 1\nnoaspell = 1\n' "$E/books" > "$E/recoll/recoll.conf"
t_erecoll=$(hf epub-recollindex $RUNS --prepare "rm -rf $E/recoll/xapiandb $E/recoll/idxstatus.txt" -i -- "recollindex -c $E/recoll -z")
recollindex -c "$E/recoll" -z >/dev/null 2>&1 || true
EPUB_PAGES=$("$IBOOK" --library "$E/lib" list --json | python3 -c 'import json,sys; print(sum(b["pageCount"] for b in json.load(sys.stdin)))')
row formats "add ${#EPUB_FILES[@]} EPUBs ($EPUB_PAGES pages), wall s" "$t_epub" "mutool convert -F text, serial" "$t_mutool" 0.6 s
row formats "add ${#EPUB_FILES[@]} EPUBs, wall s" "$t_epub" "recollindex" "$t_erecoll" - s
row formats "add ${#EPUB_FILES[@]} EPUBs, CPU s" "$(cpu_of epub-add)" "mutool convert -F text, serial" "$(cpu_of mutool)" - s
# A page deep in Moby-Dick drawn from a cold process: what opening a book at its last place costs.
moby_id=$("$IBOOK" --library "$E/lib" list --json | python3 -c 'import json,sys; print(next(b["id"] for b in json.load(sys.stdin) if b["path"].endswith("moby-dick.epub")))')
t_show=$(hf epub-show $FAST_RUNS -w 1 -- "$IBOOK --library $E/lib show $moby_id 300 --width 100 -o $E/page.png")
limit formats "open Moby-Dick (1.2 MB of text) and draw page 300 of 622, ms" "$(ms "$t_show")" 300 ms
# The reader's relayout on a font-size change: the whole book laid out again and mapped (bench/relayout.py).
python3 "$BENCH_DIR/relayout.py" --full "$(dirname "$IBOOK")/ibook-full" --book "$E/books/moby-dick.epub" > "$E/relayout.txt"
rv() { awk -v key="$1" '$1 == key { print $2 }' "$E/relayout.txt"; }
limit formats "Moby-Dick laid out again on a font-size change and every page mapped, median ms" "$(rv relayout.median_ms)" 1000 ms
note "relayout: \`ibook-full __render\` asked for a 900×585 pt screen layout with its page map at 11 pt ($(rv first_ms) ms with opening and the reference layout), then at 12, 14, 11 and 13 pt (max $(rv relayout.max_ms) ms)."
for query in whale '"white whale"' 'the sea'; do
    shown=$(printf '%s' "$query" | tr -d '"' | tr ' ' '-')
    t_s=$(hf "epub-search-$shown" $FAST_RUNS -w 2 -- "$IBOOK --library $E/lib search --all --limit 20 $(printf '%q' "$query")")
    t_r=$(hf "epub-recollq-$shown" $FAST_RUNS -w 2 -- "recollq -c $E/recoll -n 0-20 $(printf '%q' "$query")")
    row formats "search $query, first 20 hits, ms" "$(ms "$t_s")" "recollq -n 0-20" "$(ms "$t_r")" 1.0 ms
done
note "EPUBs: load average while section 10 ran: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine stretches wall times; CPU times less so). bench/epub-pages.sh --check bench/epub-pages.expected: $(IBOOK="$IBOOK" IBOOK_EPUBS="$EPUBS" "$BENCH_DIR/epub-pages.sh" --check "$BENCH_DIR/epub-pages.expected" 2>&1 | tail -1)."
note "EPUBs: IDPF's EPUB 3 samples (${#EPUB_FILES[@]} files, $(sizeof "$E/books") MB), laid out at ibook's reference page (450 × 600 pt, 12 pt: $EPUB_PAGES pages). mutool converts each file alone, one after the other, as the issue asks; ibook adds with its default workers. mutool 1.21 refuses wasteland-otf-obf.epub ('EPUB is locked by DRM': its encryption.xml only obfuscates fonts), which ibook reads, so mutool's time has one file's work less. recollq answers by chapter (its unit for an EPUB), ibook by page."
rm -rf "$E"
fi

# --- 11. Real manuals ------------------------------------------------------------------
# PDF manuals of Debian's -doc packages (LaTeX, texinfo, groff, DocBook, SiSU, beamer, Rd):
# each file with the package that installs it. Missing packages are installed.
MANUALS=(
    /usr/share/doc/r-doc-pdf/manual/R-FAQ.pdf:r-doc-pdf /usr/share/doc/r-doc-pdf/manual/R-admin.pdf:r-doc-pdf
    /usr/share/doc/r-doc-pdf/manual/R-data.pdf:r-doc-pdf /usr/share/doc/r-doc-pdf/manual/R-exts.pdf:r-doc-pdf
    /usr/share/doc/r-doc-pdf/manual/R-intro.pdf:r-doc-pdf /usr/share/doc/r-doc-pdf/manual/R-ints.pdf:r-doc-pdf
    /usr/share/doc/r-doc-pdf/manual/R-lang.pdf:r-doc-pdf /usr/share/doc/r-doc-pdf/manual/refman.pdf:r-doc-pdf
    /usr/share/doc/ada-reference-manual-2012/arm2012.pdf.gz:ada-reference-manual-2012
    /usr/share/doc/zsh-common/zsh.pdf:zsh-doc
    /usr/share/doc/debian-policy/policy.pdf.gz:debian-policy /usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz:debian-policy
    /usr/share/developers-reference/developers-reference.pdf:developers-reference
    /usr/share/doc/live-manual/pdf/live-manual.portrait.en.a4.pdf.gz:live-manual-pdf
    /usr/share/doc/packaging-tutorial/packaging-tutorial.pdf:packaging-tutorial
    /usr/share/doc/debian-edu-doc-en/debian-edu-bookworm-manual.pdf:debian-edu-doc-en
    /usr/share/doc/groff-base/pdf/automake.pdf.gz:groff /usr/share/doc/groff-base/pdf/mom-pdf.pdf.gz:groff
    /usr/share/doc/groff-base/pdf/pdfmark.pdf.gz:groff
    /usr/share/doc/valgrind/valgrind_manual.pdf.gz:valgrind /usr/share/doc/nettle-dev/nettle.pdf.gz:nettle-dev
    /usr/share/doc/bzip2/manual.pdf.gz:bzip2-doc /usr/share/doc/libtasn1-doc/libtasn1.pdf:libtasn1-doc
    /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf:shared-mime-info
    /usr/share/doc/fontconfig/fontconfig-user.pdf.gz:fontconfig /usr/share/doc/fonts-lmodern/lm-info.pdf:fonts-lmodern
    /usr/share/doc/zlib1g-dev/crc-doc.1.0.pdf.gz:zlib1g-dev
    /usr/share/doc/texlive-doc/dvips/dvips.pdf:texlive-base /usr/share/doc/texlive-doc/kpathsea/kpathsea.pdf:texlive-base
    /usr/share/doc/texlive-doc/web2c/web2c.pdf:texlive-base
)
if runs_section 11; then
SECTION=11
packages=()
for pair in "${MANUALS[@]}"; do [ -f "${pair%%:*}" ] || packages+=("${pair#*:}"); done
if [ ${#packages[@]} -gt 0 ]; then
    log "Installing $(printf '%s\n' "${packages[@]}" | sort -u | tr '\n' ' ')"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${packages[@]}" | sort -u) >&2 || true
fi
M="$WORK/manuals"
mkdir -p "$M/pdf"
missing_manuals=()
for pair in "${MANUALS[@]}"; do
    pdf=${pair%%:*}
    [ -f "$pdf" ] || { missing_manuals+=("$pdf"); continue; }
    name="$(basename "$(dirname "$pdf")")-$(basename "${pdf%.gz}")"
    case "$pdf" in
        *.gz) zcat "$pdf" > "$M/pdf/$name" ;;
        *) cp "$pdf" "$M/pdf/$name" ;;
    esac
done
mapfile -t MANUAL_FILES < <(find "$M/pdf" -type f -name '*.pdf' | sort)
MANUAL_PAGES=$(for f in "${MANUAL_FILES[@]}"; do pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ { print $2 }'; done | awk '{ s += $1 } END { print s }')
log "11. ${#MANUAL_FILES[@]} real manuals, $MANUAL_PAGES pages: add, search, covers"
MANUALS_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
ML="$M/lib"; MC="$M/cache"
: > "$M/pdftotext.sh"
i=0
for f in "${MANUAL_FILES[@]}"; do i=$((i + 1)); printf 'pdftotext -q %q %q\n' "$f" "$M/txt/$i.txt" >> "$M/pdftotext.sh"; done
# The default add (what a person runs), its cover thumbnails in a cache of its own. It leaves the
# pages without text to OCR in the background: each run's is waited for before the next, untimed.
t_madd=$(hf manuals-add $RUNS --prepare "env XDG_CACHE_HOME=$MC $IBOOK --library $ML ocr --pending >/dev/null 2>&1; rm -rf $ML $MC" -i -- \
    "env XDG_CACHE_HOME=$MC $IBOOK --library $ML add $M/pdf")
XDG_CACHE_HOME=$MC "$IBOOK" --library "$ML" ocr --pending >/dev/null 2>&1 || true
# Beside it, add reading only the text the PDFs have, as pdftotext and recollindex do.
t_mnever=$(hf manuals-add-never $RUNS --prepare "rm -rf $ML $MC" -i -- "env XDG_CACHE_HOME=$MC $IBOOK --library $ML add --ocr never $M/pdf")
t_mtxt=$(hf manuals-pdftotext $RUNS --prepare "rm -rf $M/txt; mkdir -p $M/txt" -i -- "sh $M/pdftotext.sh")
mkdir -p "$M/recoll"
printf 'topdirs = %s\nloglevel = 1\nnoaspell = 1\n' "$M/pdf" > "$M/recoll/recoll.conf"
t_mrecoll=$(hf manuals-recollindex $SLOW_RUNS --prepare "rm -rf $M/recoll/xapiandb $M/recoll/idxstatus.txt" -i -- \
    "recollindex -c $M/recoll -z")
rm -rf "$ML" "$MC" "$M/recoll/xapiandb"
XDG_CACHE_HOME=$MC "$IBOOK" --library "$ML" add --ocr-wait "$M/pdf" >/dev/null 2>"$M/add.err" || true
recollindex -c "$M/recoll" -z >/dev/null 2>&1 || true
M_BOOKS=$("$IBOOK" --library "$ML" list --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
M_OCR=$(sqlite3 "$ML/library.sqlite" 'SELECT count(*) FROM ocr_pages' 2>/dev/null || echo '?')
row manuals "add (default options), wall s" "$t_madd" "pdftotext serial" "$t_mtxt" 0.55 s
row manuals "add (default options), CPU s" "$(cpu_of manuals-add)" "pdftotext serial" "$(cpu_of manuals-pdftotext)" - s
row manuals "add (default options), wall s" "$t_madd" "recollindex" "$t_mrecoll" - s
row manuals "add --ocr never, wall s" "$t_mnever" "pdftotext serial" "$t_mtxt" - s
row manuals "library size MB" "$(sizeof "$ML")" "recoll index" "$(sizeof "$M/recoll/xapiandb")" 1.0 MB
# The first 100 hits, ibook and recollq in turn (bench/interleaved.py), median wall and CPU.
for query in '"debian package"' '"the following"' 'package configuration' '"free software"' 'configuration'; do
    printf -v quoted '%q' "$query"
    read -r -d '' ours_wall ours_cpu theirs_wall theirs_cpu < <(python3 "$BENCH_DIR/interleaved.py" --runs $((FAST_RUNS * 2)) --warmup 2 -- \
        "$IBOOK --library $ML search --all --limit 100 $quoted" "recollq -c $M/recoll -n 0-100 $quoted"; printf '\0') || true
    hits=$("$IBOOK" --library "$ML" search --all --limit 100 "$query" 2>&1 >/dev/null | tail -1)
    docs=$(recollq -c "$M/recoll" -n 0-100 "$query" 2>/dev/null | awk '/results$/ { print $1 }' | head -1)
    row manuals "search $query, first 100 hits, ms" "$ours_wall" "recollq -n 0-100" "$theirs_wall" 1.0 ms
    row manuals "search $query, first 100 hits, CPU ms" "$ours_cpu" "recollq -n 0-100" "$theirs_cpu" - ms
    note "$query: ibook $hits, each with its page and context; recollq ${docs:-?} documents in all, the first 100 printed (one line each)."
done
# Covers as section 3 times them: one process a cover, cache cleared, a first untimed run of each.
"$IBOOK" --library "$ML" list --json | python3 -c '
import json, shlex, sys
m, ibook, library = sys.argv[1:]
with open(m + "/thumbs-ibook.sh", "w") as ours, open(m + "/thumbs-ppm.sh", "w") as theirs:
    for n, book in enumerate(json.load(sys.stdin)):
        ours.write("%s --library %s thumbnail %d --size 256 >/dev/null\n" % (ibook, library, book["id"]))
        theirs.write("pdftoppm -png -singlefile -scale-to 256 -f 1 -l 1 %s %s/ppm/%d\n" % (shlex.quote(book["path"]), m, n))
' "$M" "$IBOOK" "$ML"
t_mthumb=$(hf manuals-thumbs $RUNS --warmup 1 --prepare "rm -rf $MC" -i -- "env XDG_CACHE_HOME=$MC sh $M/thumbs-ibook.sh")
t_mppm=$(hf manuals-pdftoppm $RUNS --warmup 1 --prepare "rm -rf $M/ppm; mkdir -p $M/ppm" -i -- "sh $M/thumbs-ppm.sh")
row manuals "cover 256 px, $M_BOOKS books, s" "$t_mthumb" "pdftoppm" "$t_mppm" 0.8 s
row manuals "cover 256 px, CPU s" "$(cpu_of manuals-thumbs)" "pdftoppm" "$(cpu_of manuals-pdftoppm)" - s
names=$(for f in "${MANUAL_FILES[@]}"; do basename "$f" .pdf; done | paste -sd ' ' | sed 's/ /, /g')
note "Manuals: ${#MANUAL_FILES[@]} PDFs of Debian's documentation packages, $MANUAL_PAGES pages, $(sizeof "$M/pdf") MB (gzipped ones unpacked; folder-file): $names.${missing_manuals[*]:+ Not installed, left out: ${missing_manuals[*]}.} $M_BOOKS books added; $M_OCR pages have no text, which the default add leaves to OCR in the background (\`ibook ocr --pending\` waited for after each run, untimed). Load average before the section: $MANUALS_LOAD."
note "Manuals: add is the default \`ibook add DIR\` (covers made, text-less pages queued for OCR), median of $RUNS, against pdftotext of every file one after another and recollindex (CPU: add $(cpu_of manuals-add) s, add --ocr never $(cpu_of manuals-add-never) s, pdftotext $(cpu_of manuals-pdftotext) s, recollindex $(cpu_of manuals-recollindex) s); the library's size is the database without the cover cache ($(sizeof "$MC") MB). Searches: \`ibook search --all --limit 100 Q\` and \`recollq -c CONF -n 0-100 Q\` (quotes make a phrase for both; unquoted words are ANDed by recollq and still a phrase for ibook, whose words are one as in a reader's find box) in turn, $((FAST_RUNS * 2)) runs each after 2, medians (bench/interleaved.py). Covers: as section 3, \`ibook thumbnail ID --size 256\` against \`pdftoppm -png -singlefile -scale-to 256 -f 1 -l 1\`, one process a cover, cache cleared."
fi

# --- 12. Serving ------------------------------------------------------------------
if runs_section 12; then
SECTION=12
log "12. ibook serve under load (bench/serve-load.sh)"
S="$WORK/serve"
mkdir -p "$S"
SERVED_REAL="${IBOOK_CORPUS:-$REPO/../shared/corpus/real}"
[ -d "$SERVED_REAL" ] || SERVED_REAL="$REPO/../../shared/corpus/real"
[ -d "$SERVED_REAL" ] || SERVED_REAL=""
( export XDG_CACHE_HOME="$S/cache"
  "$IBOOK" --library "$S/lib" add --ocr never "$REPO/SampleBooks" ${SERVED_REAL:+"$SERVED_REAL"} >/dev/null 2>&1 || true
  bash "$BENCH_DIR/serve-load.sh" "$IBOOK" "$S/lib" "$SERVE_CLIENTS" "$SERVE_SECONDS" > "$S/figures" )
fig() { awk -v k="$1" '$1 == k { print $2 }' "$S/figures"; }
limit serve "OPDS root (/opds), mean of 300, ms" "$(fig opds_root_ms)" 20 ms
limit serve "a page image drawn for the first time, 1200 px, median of 20, ms" "$(fig page_cold_ms)" 150 ms
limit serve "16 clients at once asking only for pages never drawn (700 px): failed requests" "$(fig cold_crowd_failed)" 1 ""
limit serve "$SERVE_CLIENTS clients for $SERVE_SECONDS s (feeds, covers, pages, page images): failed requests" \
    "$(( $(fig load_socket_errors) + $(fig load_http_errors) ))" 1 ""
limit serve "the same: server's resident memory at the end over half-way, ratio" \
    "$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[2]) / float(sys.argv[1])))' "$(fig rss_half_mb)" "$(fig rss_end_mb)")" 1.25 ""
note "serve: $(fig load_requests) requests in $SERVE_SECONDS s from $SERVE_CLIENTS connections (wrk, 2 threads, loopback, --rate-limit 0) over $(fig load_paths) addresses (feeds, the shelf, each book's page, cover, thumbnail and reader, and the first 10 page images of every book at 800 and 1200 px, each drawn for the first time during the run by whichever client asks first; a request unanswered after 30 s counts as failed): $(fig load_rate) requests/s, latency median $(fig load_p50_ms) ms, 99th percentile $(fig load_p99_ms) ms; resident memory $(fig rss_before_mb) MB before, $(fig rss_half_mb) MB half-way, $(fig rss_end_mb) MB at the end (peak $(fig rss_peak_mb) MB); a page image from the cache $(fig page_cached_ms) ms, the slowest first drawing $(fig page_cold_max_ms) ms; $(fig cold_crowd_pages) pages never drawn, asked for by 16 clients at once, came at $(fig cold_crowd_per_s) pages/s (PDFs' pages are drawn on every core, other formats' one at a time)."
rm -rf "$S"
fi

# --- Report ---------------------------------------------------------------------
WATERMARK=""
if [ -z "$ONLY" ] && [ -f "$BENCH_DIR/watermark.sh" ]; then
    log "Watermark (bench/watermark.sh)"
    WATERMARK=$(IBOOK="$IBOOK" WORK="$WORK" CORPUS="$CORPUS" bash "$BENCH_DIR/watermark.sh" 2>&1 || true)
fi
versions=$(cat <<EOF
ibook $("$IBOOK" --version 2>&1 | awk '{ print $NF }') (release), $(swift --version 2>&1 | head -1)
$(pdftotext -v 2>&1 | head -1), $(pdfgrep --version | head -1 | sed 's/This is //'), recoll $(dpkg-query -W -f='${Version}' recollcmd 2>/dev/null), $(hyperfine --version), SQLite $(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)')
EOF
)
# A run of some sections keeps the OCR section of the last whole run.
previous_ocr=$(sed -n '/^<!-- ocr -->$/,/^<!-- \/ocr -->$/p' "$RESULTS" 2>/dev/null || true)
previous_shared_add=$(sed -n '/^<!-- shared-add -->$/,/^<!-- \/shared-add -->$/p' "$RESULTS" 2>/dev/null || true)
python3 "$BENCH_DIR/report.py" "$ROWS" --mode "$([ $QUICK = 1 ] && echo quick || echo full)" \
    --cores "$(nproc)" --cpu "$(lscpu | sed -n 's/^Model name: *//p' | head -1)" --versions "$versions" \
    --watermark "$WATERMARK" ${ONLY:+--only "$ONLY" --previous "$RESULTS"} > "$WORK/results.md"
cp "$WORK/results.md" "$RESULTS"
# OCR is its own script (it adds its section to results.md): run alone with bench/ocr.sh.
if [ -z "$ONLY" ]; then
    log "OCR (bench/ocr.sh)"
    IBOOK="$IBOOK" bash "$BENCH_DIR/ocr.sh" $([ $QUICK = 1 ] && echo --quick) >/dev/null || note "bench/ocr.sh failed"
elif [ -n "$previous_ocr" ]; then
    printf '\n%s\n' "$previous_ocr" >> "$RESULTS"
fi
# Adding to a shared library (PostgreSQL) with 1, 2 and 4 clients: its own script and section too.
if [ -z "$ONLY" ]; then
    log "Shared add (bench/shared-add.sh)"
    IBOOK="$IBOOK" bash "$BENCH_DIR/shared-add.sh" $([ $QUICK = 1 ] && echo --quick) >/dev/null || echo "bench/shared-add.sh failed" >&2
elif [ -n "$previous_shared_add" ]; then
    printf '\n%s\n' "$previous_shared_add" >> "$RESULTS"
fi
cat "$RESULTS"
