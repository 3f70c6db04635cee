#!/usr/bin/env python3
"""The floor for printing every hit: the time to read the text of the pages
a query matches, and nothing else (no matching, no snippets, no output).

  read-pages.py LIBRARY_DIR --phrase "lighthouse keeper" [--runs 3]

Finds the pages with the page index (a plain phrase query, no ranking), reads
their stored text in page-row order and decompresses it as ibook stores it
(StoredText: plain TEXT; or a 4-byte length with its top bit set, a CRC-32
and an LZ4 block, decompressed by liblz4 through ctypes; or, from before
LZ4, a 4-byte length and a zlib stream). Prints
`read_ms MEDIAN` (the read loop only, not Python's start-up) and `pages N`.

Each run opens the library anew, as an `ibook search` process does: a
connection kept across runs would read from the pages SQLite and the kernel
had already mapped into it for the previous run, which no process that
prints search results starts with (the file itself is in the page cache
for both).
"""
import argparse
import ctypes
import sqlite3
import statistics
import time
import zlib


LZ4 = ctypes.CDLL("liblz4.so.1")
LZ4.LZ4_decompress_safe.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]


def stored_text(value):
    if not isinstance(value, bytes):
        return value
    length = int.from_bytes(value[:4], "little")
    if length & 0x80000000 == 0:
        return zlib.decompress(value[4:]).decode("utf-8", "replace")
    length &= 0x7FFFFFFF
    output = ctypes.create_string_buffer(length)
    if LZ4.LZ4_decompress_safe(value[8:], output, len(value) - 8, length) != length:
        raise ValueError("damaged LZ4 block")
    return output.raw.decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library")
    parser.add_argument("--phrase", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    # The phrase as printed: the `words` column of page_index(words, variants).
    expression = "words : (" + " + ".join('"%s"' % word.replace('"', '""') for word in args.phrase.split()) + ")"
    times, pages = [], 0
    for _ in range(args.runs + 1):
        db = sqlite3.connect(f"file:{args.library}/library.sqlite?mode=ro", uri=True)
        db.execute("PRAGMA mmap_size = 1073741824")
        started = time.perf_counter()
        pages = 0
        for (text,) in db.execute(
                "SELECT text FROM pages WHERE id IN (SELECT rowid FROM page_index WHERE page_index MATCH ?) ORDER BY id",
                (expression,)):
            pages += len(stored_text(text)) > -1
        times.append(time.perf_counter() - started)
        db.close()
    print("read_ms %.2f" % (statistics.median(times[1:]) * 1000))
    print("pages %d" % pages)


if __name__ == "__main__":
    main()
