-- Grows a synthetic shared library by copying its books on the server, for
-- the shared-library benchmark: the same copies bench/copy-library.py makes
-- in the SQLite library (a book's k-th copy is its id + k * the largest
-- book id, its pages' ids likewise + k * the largest page id, sha256 the
-- sha256 of the hex sha256 followed by "-copy-k", the title followed by
-- " (copy k)"), with the page index, book index and book terms rows
-- copied as they are. The GIN indexes and book_terms' indexes are dropped
-- during the copy and built again after it, with the definitions of
-- Sources/Library/PostgresStore/SharedSchema.swift and SharedBookTerms.swift.
--   psql -v copies=N -f copy-shared-library.sql
\set ON_ERROR_STOP on
SET maintenance_work_mem = '256MB';
-- ibook server init gives the database ibook's session bounds (pg-11); building
-- a million pages' GIN indexes takes longer than a statement of ibook's may.
SET statement_timeout = 0;
BEGIN;
DROP INDEX page_index_words, page_index_variants, book_terms_book;
ALTER TABLE book_terms DROP CONSTRAINT book_terms_pkey;
CREATE TEMP TABLE last_ids AS SELECT (SELECT max(id) FROM books) AS book, (SELECT max(id) FROM pages) AS page;
CREATE TEMP TABLE copy_numbers AS SELECT generate_series(1, :copies - 1) AS copy;
CREATE TEMP TABLE book_copies AS SELECT books.*, copy FROM books, copy_numbers;
UPDATE book_copies SET id = id + copy * (SELECT book FROM last_ids),
    sha256 = encode(sha256(convert_to(sha256 || '-copy-' || copy, 'UTF8')), 'hex'),
    title = title || ' (copy ' || copy || ')';
ALTER TABLE book_copies DROP COLUMN copy;
INSERT INTO books SELECT * FROM book_copies ORDER BY id;
INSERT INTO pages (id, book_id, page, label, text)
    SELECT id + copy * last_ids.page, book_id + copy * last_ids.book, pages.page, label, text
    FROM pages, copy_numbers, last_ids ORDER BY copy, id;
INSERT INTO page_index (page_id, book_id, page, words, variants, complete)
    SELECT page_id + copy * last_ids.page, book_id + copy * last_ids.book, page_index.page, words, variants, complete
    FROM page_index, copy_numbers, last_ids ORDER BY copy, page_id;
INSERT INTO book_index (book_id, part, pages, terms, complete)
    SELECT book_id + copy * last_ids.book, part, pages, terms, complete
    FROM book_index, copy_numbers, last_ids ORDER BY copy, book_id, part;
INSERT INTO book_terms (term, book_id, parts, outline)
    SELECT term, book_id + copy * last_ids.book, parts, outline
    FROM book_terms, copy_numbers, last_ids;
SELECT setval(pg_get_serial_sequence('books', 'id'), (SELECT max(id) FROM books));
SELECT setval(pg_get_serial_sequence('pages', 'id'), (SELECT max(id) FROM pages));
CREATE INDEX page_index_words ON page_index USING gin (words);
CREATE INDEX page_index_variants ON page_index USING gin (variants);
ALTER TABLE book_terms ADD PRIMARY KEY (term, book_id) INCLUDE (parts, outline);
CREATE INDEX book_terms_book ON book_terms (book_id);
COMMIT;
