#!/usr/bin/env python3
"""Grows a synthetic ibook library by copying its books, for the shared-library benchmark.

  copy-library.py LIBRARY_DIR --copies N

Every book the library holds gets N - 1 copies: the same pages (text,
labels), their page index and book index rows as make-library.py writes
them, under new ids (a book's k-th copy is its id + k * the largest book
id, its pages' ids likewise + k * the largest page id), a new sha256
(the sha256 of the hex sha256 followed by "-copy-k") and the title
followed by " (copy k)". bench/copy-shared-library.sql makes exactly the
same copies on PostgreSQL, so both libraries hold the same content at
N times the pages without migrating them all.
"""
import argparse
import hashlib
import importlib.util
import os
import sqlite3
import sys
import time

spec = importlib.util.spec_from_file_location("make_library", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-library.py"))
make_library = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_library)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library")
    parser.add_argument("--copies", type=int, required=True)
    args = parser.parse_args()

    database_path = os.path.join(args.library, "library.sqlite")
    if not os.path.exists(database_path):
        sys.exit(f"{database_path}: no library")
    started = time.time()
    db = sqlite3.connect(database_path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    (last_book,) = db.execute("SELECT max(id) FROM books").fetchone()
    (last_page,) = db.execute("SELECT max(id) FROM pages").fetchone()
    columns = [row[1] for row in db.execute("PRAGMA table_info(books)")]
    books = db.execute(f"SELECT {', '.join(columns)} FROM books ORDER BY id").fetchall()
    index_input = make_library.IndexInput()
    index_columns = ", ".join(["outline"] + [f"p{part}" for part in range(make_library.TEXT_PARTS)])
    book_insert = (f"INSERT INTO book_index (rowid, {index_columns}) "
                   f"VALUES ({', '.join('?' * (make_library.TEXT_PARTS + 2))})")
    book_insert_row = (f"INSERT INTO books ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})")
    written = 0
    for book in books:
        fields = dict(zip(columns, book))
        pages = db.execute("SELECT id, page, label, text FROM pages WHERE book_id = ? ORDER BY page", (fields["id"],)).fetchall()
        indexed = [index_input(text) for _, _, _, text in pages]
        for copy in range(1, args.copies):
            with db:
                new = dict(fields)
                new["id"] = fields["id"] + copy * last_book
                new["sha256"] = hashlib.sha256(f"{fields['sha256']}-copy-{copy}".encode()).hexdigest()
                new["title"] = f"{fields['title']} (copy {copy})"
                new["first_page_row"] = min(page[0] for page in pages) + copy * last_page
                new["last_page_row"] = max(page[0] for page in pages) + copy * last_page
                db.execute(book_insert_row, [new[column] for column in columns])
                db.executemany("INSERT INTO pages (id, book_id, page, label, text) VALUES (?, ?, ?, ?, ?)",
                               [(page_id + copy * last_page, new["id"], page, label, text) for page_id, page, label, text in pages])
                db.executemany("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)",
                               [(page[0] + copy * last_page, words, variants) for page, (words, variants) in zip(pages, indexed)])
                db.execute(book_insert, (new["id"], *make_library.book_index_row(indexed)))
            written += len(pages)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    print(f"{written} pages copied in {len(books) * (args.copies - 1)} books, {time.time() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
