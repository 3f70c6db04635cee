#!/usr/bin/env python3
"""Fills an ibook library with synthetic pages for the scale benchmark.

  make-library.py LIBRARY_DIR --pages N [--pages-per-book 1000]

Extracting a million pages from PDFs would take hours, so this writes the
rows `ibook add` would write (see Sources/Library/BookLibrary/Schema.swift and
BookImporter.swift) straight through SQLite: one `books` row per book, one
`pages` row per page (text as poppler returns it: lines joined by newlines,
label = the page number), the contentless FTS5 index `page_index(words,
variants)` as IndexText.input makes it, and the book's row of `book_index`
(no outline, its pages in SearchIndex.textParts runs, each page's words then
its variants, joined by newlines, as SearchIndex writes it), and the list of
variant terms `index_variants` (PageIndex): the text is
lowercase ASCII words without line-end hyphens, so `words` is the text and
`variants` the English Snowball stems (libstemmer through ctypes) that
differ from their word. The library must already exist (created by ibook
itself, so its migrations are recorded).

Pages are assembled from a pool of generated paragraphs with the same
Zipf-like vocabulary as make-corpus.py, plus a token unique to each page; the
marker word "zymurgical" is on about 1 page in 500 and the phrase
"lighthouse keeper" on about 1 in 20, as in the PDF corpus.
"""
import argparse
import ctypes
import hashlib
import os
import random
import re
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util

spec = importlib.util.spec_from_file_location("make_corpus", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-corpus.py"))
make_corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_corpus)


def paragraphs(count, rng):
    words = make_corpus.vocabulary(random.Random(7))
    cumulative, total = [], 0.0
    for weight in make_corpus.zipf_weights(len(words)):
        total += weight
        cumulative.append(total)
    pool = []
    for _ in range(count):
        chosen = rng.choices(words, cum_weights=cumulative, k=60)
        pool.append("\n".join(make_corpus.wrap(chosen)))
    return pool


class IndexInput:
    """IndexText.input for this generator's text: ASCII words, English stems."""

    def __init__(self):
        self.library = ctypes.CDLL("libstemmer.so.0d")
        self.library.sb_stemmer_new.restype = ctypes.c_void_p
        self.library.sb_stemmer_stem.restype = ctypes.POINTER(ctypes.c_char)
        self.library.sb_stemmer_stem.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self.library.sb_stemmer_length.argtypes = [ctypes.c_void_p]
        self.stemmer = self.library.sb_stemmer_new(b"english", b"UTF_8")
        self.stems = {}

    def stem(self, word):
        if word not in self.stems:
            data = word.encode()
            result = self.library.sb_stemmer_stem(self.stemmer, data, len(data))
            self.stems[word] = ctypes.string_at(result, self.library.sb_stemmer_length(self.stemmer)).decode()
        return self.stems[word]

    def __call__(self, text):
        words = re.findall(r"[a-z0-9]+", text.lower())
        variants = [stem for word, stem in zip(words, map(self.stem, words)) if stem != word]
        return " ".join(words), " ".join(variants)


TEXT_PARTS = 64  # SearchIndex.textParts


def book_index_row(indexed):
    """The outline and text parts SearchIndex writes for a book, from its pages' (words, variants)."""
    texts = [words + "\n" + variants for words, variants in indexed]
    n = len(texts)
    return [""] + ["\n".join(texts[part * n // TEXT_PARTS:(part + 1) * n // TEXT_PARTS]) for part in range(TEXT_PARTS)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("library")
    parser.add_argument("--pages", type=int, required=True)
    parser.add_argument("--pages-per-book", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    database_path = os.path.join(args.library, "library.sqlite")
    if not os.path.exists(database_path):
        sys.exit(f"{database_path}: no library (run an ibook command on it first)")
    rng = random.Random(args.seed)
    pool = paragraphs(4000, rng)
    index_input = IndexInput()
    paragraph_inputs = {}

    def paragraph_input(text):
        if text not in paragraph_inputs:
            paragraph_inputs[text] = index_input(text)
        return paragraph_inputs[text]

    db = sqlite3.connect(database_path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    # Libraries made before the book index (migration 4-book-ranking) have none.
    has_book_index = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'book_index'").fetchone() is not None
    # And before the list of variant terms (migration 12-index-variants).
    has_variant_list = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'index_variants'").fetchone() is not None
    columns = ", ".join(["outline"] + [f"p{part}" for part in range(TEXT_PARTS)])
    book_insert = f"INSERT INTO book_index (rowid, {columns}) VALUES ({', '.join('?' * (TEXT_PARTS + 2))})"
    started = time.time()
    (first_id,) = db.execute("SELECT coalesce(max(id), 0) + 1 FROM books").fetchone()
    written = 0
    book_number = first_id
    while written < args.pages:
        count = min(args.pages_per_book, args.pages - written)
        sha = hashlib.sha256(f"synthetic-{args.seed}-{book_number}".encode()).hexdigest()
        with db:
            cursor = db.execute(
                "INSERT INTO books (sha256, path, size, title, author, subject, keywords, creator, producer, "
                "created, modified, page_count, added_at) VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL, ?, NULL, NULL, ?, ?)",
                (sha, f"/nonexistent/synthetic-{book_number}.pdf", count * 2000, f"Synthetic volume {book_number}",
                 "Bench Writer", "ibook bench", count, time.time()))
            book_id = cursor.lastrowid
            rows = []
            indexed = []
            for page in range(1, count + 1):
                parts = rng.sample(pool, 5)
                if rng.random() < 0.05:
                    parts[0] += " lighthouse keeper"
                if rng.random() < 0.002:
                    parts[1] += " zymurgical"
                parts.append(f"folio{book_id}x{page}")
                rows.append((book_id, page, str(page), "\n".join(parts)))
                page_inputs = [paragraph_input(part) for part in parts]
                indexed.append((" ".join(i[0] for i in page_inputs), " ".join(i[1] for i in page_inputs if i[1])))
            db.executemany("INSERT INTO pages (book_id, page, label, text) VALUES (?, ?, ?, ?)", rows)
            ids = [row[0] for row in db.execute("SELECT id FROM pages WHERE book_id = ? ORDER BY page", (book_id,))]
            db.executemany("INSERT INTO page_index (rowid, words, variants) VALUES (?, ?, ?)",
                           [(rowid, words, variants) for rowid, (words, variants) in zip(ids, indexed)])
            if has_book_index:
                db.execute(book_insert, (book_id, *book_index_row(indexed)))
            if has_variant_list:
                db.executemany("INSERT OR IGNORE INTO index_variants (term) VALUES (?)",
                               [(term,) for term in {term for _, variants in indexed for term in variants.split()}])
            db.execute("UPDATE books SET first_page_row = (SELECT min(id) FROM pages WHERE book_id = ?1), "
                       "last_page_row = (SELECT max(id) FROM pages WHERE book_id = ?1) WHERE id = ?1", (book_id,))
        written += count
        book_number += 1
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    print(f"{written} pages in {book_number - first_id} books, {time.time() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
