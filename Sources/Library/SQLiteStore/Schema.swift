import BookLibrary
import Store
import TextSearch

/// The library's schema, as migrations applied in order. Never edit a
/// registered migration: add a new one.
enum Schema {
    static func migrator(onProgress: ((UpgradeProgress) -> Void)? = nil) -> Migrator {
        var migrator = Migrator()
        migrator.register("1-books") { db in
            try db.execute("""
                CREATE TABLE books (
                    id INTEGER PRIMARY KEY,
                    sha256 TEXT NOT NULL UNIQUE,
                    path TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    author TEXT NOT NULL,
                    subject TEXT,
                    keywords TEXT,
                    creator TEXT,
                    producer TEXT,
                    created REAL,
                    modified REAL,
                    page_count INTEGER NOT NULL,
                    added_at REAL NOT NULL
                );
                CREATE TABLE pages (
                    id INTEGER PRIMARY KEY,
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    label TEXT,
                    text TEXT NOT NULL,
                    UNIQUE (book_id, page)
                );
                CREATE INDEX pages_label ON pages(book_id, label);
                -- The index holds a segmented copy of each page (CJK split into
                -- characters) while `pages` keeps the text as printed.
                CREATE VIRTUAL TABLE page_index USING fts5(
                    text, content='pages', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TABLE outline (
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    depth INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    page INTEGER,
                    PRIMARY KEY (book_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE bookmarks (
                    sha256 TEXT NOT NULL REFERENCES books(sha256) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    note TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    PRIMARY KEY (sha256, page)
                ) WITHOUT ROWID;
                CREATE TABLE history (
                    sha256 TEXT PRIMARY KEY REFERENCES books(sha256) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    read_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX history_read_at ON history(read_at);
                CREATE TABLE state (
                    key TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.register("2-page-row-ranges") { db in
            // A book's pages are inserted in one transaction, so their rows
            // are consecutive: the range lets a search reach one book's pages
            // in the index, and map index rows to books, without a join.
            try db.execute("""
                ALTER TABLE books ADD COLUMN first_page_row INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE books ADD COLUMN last_page_row INTEGER NOT NULL DEFAULT -1;
                UPDATE books SET
                    first_page_row = coalesce((SELECT min(id) FROM pages WHERE book_id = books.id), 0),
                    last_page_row = coalesce((SELECT max(id) FROM pages WHERE book_id = books.id), -1);
                """)
        }
        migrator.register("3-normalised-index") { db in
            // Page text is re-indexed from what `pages` stores, folded and
            // stemmed as IndexText says; no PDF is read again.
            try db.execute("""
                ALTER TABLE books ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
                DROP TABLE page_index;
                \(PageIndex.createTable);
                """)
            let total = try db.scalar("SELECT count(*) FROM pages")?.integer.map(Int.init) ?? 0
            var done = 0
            let index = PageIndex(database: db)
            for row in try db.query("SELECT id FROM books ORDER BY id") {
                let bookID = try row.required("id", Row.int)
                let pages = try db.query("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id", [bookID])
                    .map { (rowID: try $0.required("id", Row.int64), text: (try? StoredText.decode($0["text"])) ?? "") }
                let language = PageIndex.language(declared: nil, pages: pages.map(\.text))
                try db.execute("UPDATE books SET language = ? WHERE id = ?", [language.rawValue, bookID])
                // index_variants comes with 12-index-variants, which lists them from this index.
                try index.add(pages, language: language, listingVariants: false) { page in
                    onProgress?(UpgradeProgress(step: "3-normalised-index", done: done + page, total: total))
                }
                done += pages.count
            }
        }
        migrator.register("4-book-ranking") { db in
            // One row per book: its outline and its text in BookTextParts.count
            // runs of pages, contentless and without positions (see SearchIndex),
            // filled from the stored text with the page index's folding.
            let parts = (0..<BookTextParts.count).map { "p\($0)" }.joined(separator: ", ")
            try db.execute("""
                CREATE VIRTUAL TABLE book_index USING fts5(
                    outline, \(parts), content='', detail=column,
                    tokenize='unicode61 remove_diacritics 2'
                )
                """)
            try SearchIndex(database: db).indexStoredBooks { done, total in
                onProgress?(UpgradeProgress(step: "4-book-ranking", done: done, total: total))
            }
        }
        migrator.register("5-curation") { db in
            // Where the title and author came from; books added before this
            // migration are re-derived by `ibook refresh`.
            // Fields a person set with `ibook edit` are rows of book_fields,
            // which `refresh` never touches. Tags and collections belong to a
            // book's row, so they follow it when `edit --write` changes its hash.
            try db.execute("""
                ALTER TABLE books ADD COLUMN title_source TEXT NOT NULL DEFAULT 'metadata';
                ALTER TABLE books ADD COLUMN author_source TEXT NOT NULL DEFAULT 'metadata';
                UPDATE books SET author_source = 'none' WHERE author = 'Unknown';
                CREATE TABLE book_fields (
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    field TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (book_id, field)
                ) WITHOUT ROWID;
                CREATE TABLE book_tags (
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    tag TEXT NOT NULL COLLATE NOCASE,
                    PRIMARY KEY (book_id, tag)
                ) WITHOUT ROWID;
                CREATE INDEX book_tags_tag ON book_tags(tag);
                CREATE TABLE collections (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    created_at REAL NOT NULL
                );
                CREATE TABLE collection_books (
                    collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
                    book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (collection_id, book_id)
                ) WITHOUT ROWID;
                CREATE TABLE saved_searches (
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    query TEXT NOT NULL,
                    created_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.register("7-ocr") { db in
            // What OCR read on a page: its text goes into the page's text in
            // `pages` and the index (after the page's own few characters,
            // kept in `own_text` so that reading again starts from them);
            // this row marks it as OCR, with tesseract's confidence and the
            // word boxes (deflated JSON) that let a hit be outlined on the
            // page image. A page that has a row was tried, so `ibook ocr`
            // resumes where it stopped.
            try db.execute("""
                CREATE TABLE ocr_pages (
                    page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
                    confidence REAL NOT NULL,
                    languages TEXT NOT NULL,
                    rotation INTEGER NOT NULL,
                    words BLOB NOT NULL,
                    own_text TEXT NOT NULL,
                    recognized_at REAL NOT NULL
                );
                """)
        }
        migrator.register("8-annotations") { db in
            // Highlights and notes belong to the content, like bookmarks.
            // `boxes` is a JSON array of rectangles on the displayed page;
            // text_start...text_end, where the marked text is in the page's
            // text (offsets in characters), lets search tell a hit inside it.
            try db.execute("""
                CREATE TABLE annotations (
                    id INTEGER PRIMARY KEY,
                    sha256 TEXT NOT NULL REFERENCES books(sha256) ON DELETE CASCADE,
                    page INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    source TEXT NOT NULL CHECK (source IN ('pdf', 'ibook')),
                    text TEXT,
                    text_start INTEGER,
                    text_end INTEGER,
                    note TEXT,
                    author TEXT,
                    color TEXT,
                    boxes TEXT NOT NULL DEFAULT '[]',
                    page_width REAL,
                    page_height REAL,
                    created_at REAL,
                    modified_at REAL
                );
                CREATE INDEX annotations_book ON annotations(sha256, page);
                """)
        }
        migrator.register("10-language-source") { db in
            // Where the stemming language came from (`LanguageSource`); NULL
            // for books added before it was kept.
            try db.execute("ALTER TABLE books ADD COLUMN language_source TEXT")
        }
        migrator.register("11-annotations-read") { db in
            // Books added before 8-annotations had their PDF's annotations
            // never read: `notes` points to `--rescan` for them until it runs.
            try db.execute("""
                ALTER TABLE books ADD COLUMN annotations_read INTEGER NOT NULL DEFAULT 1;
                UPDATE books SET annotations_read = 0
                WHERE added_at < (SELECT applied_at FROM schema_migrations WHERE id = '8-annotations');
                """)
        }
        migrator.register("12-index-variants") { db in
            // The terms the page index holds as variants, read from the index
            // itself (fts5vocab lists its terms by column): no page is read again.
            // One statement, so the progress line can only say it has begun (18 s at 1 M pages).
            onProgress?(UpgradeProgress(step: "12-index-variants", done: 0, total: 1))
            try db.execute("""
                \(PageIndex.createVariantTerms);
                CREATE VIRTUAL TABLE temp.page_index_terms USING fts5vocab(main, page_index, col);
                INSERT INTO index_variants (term) SELECT term FROM temp.page_index_terms WHERE col = 'variants';
                DROP TABLE temp.page_index_terms;
                """)
            onProgress?(UpgradeProgress(step: "12-index-variants", done: 1, total: 1))
        }
        migrator.register("13-lz4-page-text") { db in
            // Page text deflated before LZ4 is stored again as LZ4 (see StoredText): no PDF is read again.
            try DeflatedPageText(database: db).restore { done, total in
                onProgress?(UpgradeProgress(step: "13-lz4-page-text", done: done, total: total))
            }
        }
        migrator.register("14-kana-voicing-marks") { db in
            // A kana and its voicing mark written apart (ｶﾞ) are one kana now (WordScanner):
            // the indexes are rebuilt from the stored text if any page has such a mark.
            _ = try IndexInputChange.kanaVoicingMarks(db).reindexIfPresent { done, total in
                onProgress?(UpgradeProgress(step: "14-kana-voicing-marks", done: done, total: total))
            }
        }
        migrator.register("15-letters-and-hyphen-chains") { db in
            // ø ł đ are letters of their own now, and a word hyphenated over three or more
            // lines is one word (TermFolding, IndexText): rebuilt if any page has either.
            _ = try IndexInputChange.lettersAndHyphenChains(db).reindexIfPresent { done, total in
                onProgress?(UpgradeProgress(step: "15-letters-and-hyphen-chains", done: done, total: total))
            }
        }
        migrator.register("16-book-formats") { db in
            // Books that are not PDFs (EPUB, FB2, comics, plain text): every book before was a PDF.
            try db.execute("ALTER TABLE books ADD COLUMN format TEXT NOT NULL DEFAULT 'pdf'")
        }
        migrator.register("17-annotation-ranges") { db in
            // A laid-out book's highlight is kept as the letters of a chapter it covers
            // (ChapterRange), which any layout finds again; its page and boxes are the reference layout's.
            try db.execute("""
                ALTER TABLE annotations ADD COLUMN chapter INTEGER;
                ALTER TABLE annotations ADD COLUMN letter_start INTEGER;
                ALTER TABLE annotations ADD COLUMN letter_end INTEGER;
                """)
        }
        migrator.register("18-ocr-queue") { db in
            // Books whose pages without text wait for OCR: `add` leaves them
            // here, and one run at a time reads them (OCRQueue in BookIndexing).
            try db.execute("""
                CREATE TABLE ocr_queue (
                    book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
                    queued_at REAL NOT NULL
                );
                """)
        }
        migrator.register("20-web-tokens") { db in
            // `ibook serve`'s access tokens (WebTokens): their SHA-256 only, never the token.
            try db.execute("""
                CREATE TABLE web_tokens (
                    name TEXT PRIMARY KEY,
                    sha256 TEXT NOT NULL UNIQUE,
                    rights TEXT NOT NULL CHECK (rights IN ('reader', 'editor')),
                    created_at REAL NOT NULL
                );
                """)
        }
        return migrator
    }

    /// Tables an ibook library must have; used to tell a foreign SQLite file
    /// from one of ours before touching it.
    static let migrationTable = "schema_migrations"
}
