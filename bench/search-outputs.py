#!/usr/bin/env python3
"""Writes what `ibook search` prints for a set of queries, one file each, so
that two builds can be compared byte for byte (a change to how search finds
its pages must not change a single hit, snippet or summary).

  search-outputs.py --ibook IBOOK --library LIB --out DIR
  diff -r BEFORE AFTER        # nothing: the same output

Each query is run library-wide with --limit 100, with --limit 20, with every
hit, with --json, and in the library's largest book (--book); each file holds
stdout, then stderr, then the exit status.
"""
import argparse
import json
import os
import subprocess

QUERIES = [
    '"debian package"', '"the following"', "package configuration", '"free software"', "configuration",
    "the following", "debian package", "of the", "in the", "the the", "of a", "the a", "is a",
    "license", "copyright", "package", "debian", "configure", "configured", "argument", "function",
    "free software foundation", "the value of", "see also", "for example", "command line", "source code",
    "regular expression", "file system", "shell script", "well-known", "e-mail", "don't", "naive", "café",
    "zymurgical", "Außenwinkel", "heisst", "皇居", "2500", "R", "x", "the", "data frame", "return value",
]
MODES = {
    "limit100": ["--all", "--limit", "100"],
    "limit20": ["--all", "--limit", "20"],
    "every": ["--all"],
    "json": ["--all", "--json", "--limit", "200"],
}


def run(command):
    result = subprocess.run(command, capture_output=True)
    return result.stdout + b"\n--- stderr\n" + result.stderr + b"\n--- status %d\n" % result.returncode


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--ibook", required=True)
    options.add_argument("--library", required=True)
    options.add_argument("--out", required=True)
    args = options.parse_args()
    os.makedirs(args.out, exist_ok=True)
    base = [args.ibook, "--library", args.library]
    books = json.loads(subprocess.run(base + ["list", "--json"], capture_output=True, check=True).stdout)
    largest = max(books, key=lambda book: book["pageCount"])["id"] if books else None
    for number, query in enumerate(QUERIES):
        for mode, flags in MODES.items():
            with open(os.path.join(args.out, "%02d-%s" % (number, mode)), "wb") as out:
                out.write(run(base + ["search"] + flags + ["--", query]))
        if largest is not None:
            with open(os.path.join(args.out, "%02d-book" % number), "wb") as out:
                out.write(run(base + ["search", "--book", str(largest), "--", query]))
    print("%d queries, %d files in %s" % (len(QUERIES), len(os.listdir(args.out)), args.out))


if __name__ == "__main__":
    main()
