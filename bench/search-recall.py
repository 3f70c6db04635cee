#!/usr/bin/env python3
"""Checks that ibook search finds every page pdfgrep finds.

  search-recall.py IBOOK LIBRARY_DIR QUERY...

For every book in the library and every query (a word or a phrase),
`pdfgrep -i -w` over the book's file (as a PCRE with word boundaries:
Debian 12's pdfgrep 2.1.2 has no -w) gives the pages that contain the query
as whole words; `ibook search --all --json` must report each of them. Prints
one line per query (pages pdfgrep finds, pages ibook finds, pages missed)
and the missed pages; exits 1 if any page is missed.
"""
import json
import re
import subprocess
import sys


def main():
    ibook, library, queries = sys.argv[1], sys.argv[2], sys.argv[3:]
    run = lambda *args: subprocess.run([ibook, "--library", library, *args], capture_output=True, text=True)
    books = {book["id"]: book["path"] for book in json.loads(run("list", "--json").stdout)}
    missed_total = 0
    print(f"{'query':<24} {'pdfgrep':>8} {'ibook':>8} {'missed':>7}")
    for query in queries:
        ours = set()
        for line in run("search", "--all", "--json", query).stdout.splitlines():
            hit = json.loads(line)
            ours.add((books[hit["bookID"]], hit["page"]))
        theirs = set()
        pattern = r"(*UCP)(?<!\w)" + r"\s+".join(re.escape(word) for word in query.split()) + r"(?!\w)"
        for path in books.values():
            result = subprocess.run(["pdfgrep", "-i", "-n", "-P", pattern, path], capture_output=True, text=True)
            for line in result.stdout.splitlines():
                page = line.split(":", 1)[0]
                if page.isdigit():
                    theirs.add((path, int(page)))
        missed = sorted(theirs - ours)
        missed_total += len(missed)
        print(f"{query:<24} {len(theirs):>8} {len(ours):>8} {len(missed):>7}")
        for path, page in missed[:5]:
            print(f"    missed: {path} p. {page}")
    sys.exit(1 if missed_total else 0)


if __name__ == "__main__":
    main()
