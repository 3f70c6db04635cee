import FoundationEssentials
import TextFolding
import Glibc
import LeanBasics
import Store

/// Highlights and notes belong to a book's content (hash), like bookmarks:
/// they survive moves and re-adds. Those read from the PDF are replaced
/// when it is read again; those made in ibook stay.
package struct Annotations {
    package let database: Database

    package init(database: Database) { self.database = database }

    /// Replaces the annotations read from the book's PDF with `annotations`.
    package func replaceFromPDF(sha256: String, _ annotations: [NewAnnotation]) throws {
        try database.inTransaction {
            try database.execute("DELETE FROM annotations WHERE sha256 = ? AND source = 'pdf'", [sha256])
            for annotation in annotations { _ = try insert(sha256: sha256, annotation) }
            try database.execute("UPDATE books SET annotations_read = 1 WHERE sha256 = ? AND annotations_read = 0", [sha256])
        }
    }

    func insert(sha256: String, _ annotation: NewAnnotation) throws -> Int {
        let boxes = String(decoding: try JSONEncoder().encode(annotation.boxes), as: UTF8.self)
        try database.cachedStatement("""
            INSERT INTO annotations (sha256, page, kind, source, text, text_start, text_end, note, author, color, boxes,
                                     page_width, page_height, created_at, modified_at, chapter, letter_start, letter_end)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([sha256, annotation.page, annotation.kind.rawValue, annotation.source.rawValue, annotation.text,
                      annotation.textSpan?.lowerBound, annotation.textSpan?.upperBound, annotation.note, annotation.author, annotation.color, boxes, annotation.pageWidth, annotation.pageHeight, annotation.createdAt,
                      annotation.modifiedAt, annotation.chapterRange?.chapter, annotation.chapterRange?.firstLetter,
                      annotation.chapterRange?.lastLetter])
        return Int(database.lastInsertRowID)
    }

    func add(_ book: Book, _ annotation: NewAnnotation) throws -> Annotation {
        try database.inTransaction {
            let id = try insert(sha256: book.sha256, annotation)
            guard let stored = try list(where: "a.id = ?", [id]).first else { throw AnnotationError.notFound(id) }
            return stored
        }
    }

    func delete(id: Int) throws -> Annotation {
        try database.inTransaction {
            guard let annotation = try list(where: "a.id = ?", [id]).first else { throw AnnotationError.notFound(id) }
            try database.execute("DELETE FROM annotations WHERE id = ?", [id])
            return annotation
        }
    }

    /// One book's annotations in page order (top to bottom on a page), or
    /// every book's (by title) when nil.
    func list(book: Book?) throws -> [Annotation] {
        guard let book else { return try list(where: "1", []) }
        return try list(where: "a.sha256 = ?", [book.sha256])
    }

    func list(where condition: String, _ bindings: [SQLBindable]) throws -> [Annotation] {
        let decoder = JSONDecoder()
        return try database.query("""
            SELECT a.id, b.id AS book_id, b.title, a.page, p.label, a.kind, a.source, a.text, a.text_start, a.text_end,
                   a.note, a.author, a.color,
                   a.boxes, a.page_width, a.page_height, a.created_at, a.modified_at, a.chapter, a.letter_start, a.letter_end
            FROM annotations a JOIN books b ON b.sha256 = a.sha256
            LEFT JOIN pages p ON p.book_id = b.id AND p.page = a.page
            WHERE \(condition) ORDER BY b.title COLLATE NOCASE, b.id, a.page, a.id
            """, bindings).map { row -> Annotation in
            let boxes = (try? decoder.decode([AnnotationBox].self, from: Data(try row.required("boxes", Row.string).utf8))) ?? []
            return Annotation(
                id: try row.required("id", Row.int), bookID: try row.required("book_id", Row.int),
                bookTitle: TerminalText.line(try row.required("title", Row.string)),
                page: try row.required("page", Row.int), label: row.string("label"),
                kind: AnnotationKind(rawValue: try row.required("kind", Row.string)),
                source: AnnotationSource(rawValue: try row.required("source", Row.string)) ?? .pdf,
                text: row.string("text"), textSpan: Self.span(row.int("text_start"), row.int("text_end")), note: row.string("note").map(TerminalText.lines), author: row.string("author").map(TerminalText.line),
                color: row.string("color"), boxes: boxes, pageWidth: row.double("page_width"),
                pageHeight: row.double("page_height"),
                chapterRange: Self.range(row.int("chapter"), row.int("letter_start"), row.int("letter_end")), createdAt: row.date("created_at"),
                modifiedAt: row.date("modified_at"))
        }.sorted(by: Self.pageOrder)
    }

    static func span(_ start: Int?, _ end: Int?) -> ClosedRange<Int>? {
        guard let start, let end, start <= end else { return nil }
        return start...end
    }

    static func range(_ chapter: Int?, _ first: Int?, _ last: Int?) -> ChapterRange? {
        guard let chapter, let first, let last, first <= last else { return nil }
        return ChapterRange(chapter: chapter, firstLetter: first, lastLetter: last)
    }

    /// Books by title, then page, then top to bottom and left to right.
    static func pageOrder(_ a: Annotation, _ b: Annotation) -> Bool {
        if a.bookID != b.bookID {
            let order = UnicodeFold.compare(a.bookTitle, b.bookTitle, numeric: false)
            return order == 0 ? a.bookID < b.bookID : order < 0
        }
        if a.page != b.page { return a.page < b.page }
        let (ay, by) = (a.boxes.first?.y1 ?? -1, b.boxes.first?.y1 ?? -1)
        if abs(ay - by) > 2 { return ay < by }
        let (ax, bx) = (a.boxes.first?.x1 ?? -1, b.boxes.first?.x1 ?? -1)
        if abs(ax - bx) > 2 { return ax < bx }
        return a.id < b.id
    }

    /// The book's annotations under the outline entries they fall in.
    func byChapter(_ book: Book) throws -> BookNotes {
        let outline = try TableOfContents(database: database).flat(book, maxDepth: nil)
        var chapters: [AnnotatedChapter] = []
        for annotation in try list(book: book) {
            var index = Self.chapter(of: annotation.page, in: outline)
            // A laid-out book's highlight knows where its text is on the page: a heading further down is not yet its chapter.
            if let found = index, outline[found].page == annotation.page, annotation.chapterRange != nil,
               let span = annotation.textSpan, let text = ChapterNames.storedText(database, bookID: book.id, page: annotation.page) {
                let place = ChapterNames.squeezed(String(text.prefix(span.lowerBound))).count + (span.lowerBound > 0 ? 1 : 0)
                index = ChapterNames.entry(found, in: outline, page: annotation.page, squeezedText: ChapterNames.squeezed(text), at: place)
            }
            let entry = index.map { outline[$0] }
            let title = entry?.title, page = entry?.page
            if let last = chapters.last, last.title == title, last.page == page {
                chapters[chapters.count - 1].annotations.append(annotation)
            } else {
                chapters.append(AnnotatedChapter(parents: index.map { Self.parents(of: $0, in: outline) } ?? [],
                                                 title: title, page: page, label: entry?.label, depth: entry?.depth ?? 0,
                                                 annotations: [annotation]))
            }
        }
        return BookNotes(bookID: book.id, bookTitle: book.title, author: book.author, chapters: chapters)
    }

    /// The deepest entry whose page is at or before `page` (its index); among
    /// entries on the same page, the last in document order.
    static func chapter(of page: Int, in outline: [TOCEntry]) -> Int? {
        var best: Int?
        for (index, entry) in outline.enumerated() {
            guard let start = entry.page, start <= page else { continue }
            guard let current = best.map({ outline[$0] }), let currentPage = current.page else { best = index; continue }
            if start > currentPage || (start == currentPage && entry.depth >= current.depth) { best = index }
        }
        return best
    }

    /// The titles of the entries an entry sits under, outermost first.
    static func parents(of index: Int, in outline: [TOCEntry]) -> [String] {
        var parents: [String] = []
        var depth = outline[index].depth
        for entry in outline[..<index].reversed() where entry.depth < depth {
            parents.insert(entry.title, at: 0)
            depth = entry.depth
            if depth == 0 { break }
        }
        return parents
    }
}

extension Library {
    /// One book's annotations in page order, or every book's when `book` is nil.
    public func annotations(of book: Book?) throws -> [Annotation] {
        try Annotations(database: database).list(book: book)
    }

    /// The books that have annotations, by title.
    public func annotatedBooks() throws -> [Book] {
        try database.query("""
            SELECT id FROM books WHERE sha256 IN (SELECT sha256 FROM annotations) ORDER BY title COLLATE NOCASE, id
            """).compactMap { row in try row.int("id").flatMap { try Catalog(database: database).book(id: $0) } }
    }

    /// Of these books (every book if nil), those added before ibook read the
    /// annotations of the PDFs it adds, whose annotations have not been read since.
    public func booksWithUnreadAnnotations(among books: [Book]? = nil) throws -> [Book] {
        let unread = Set(try database.query("SELECT id FROM books WHERE annotations_read = 0").compactMap { $0.int("id") })
        guard !unread.isEmpty else { return [] }
        return try (books ?? list()).filter { unread.contains($0.id) }
    }

    /// One book's annotations grouped under the chapters they fall in.
    public func notes(of book: Book) throws -> BookNotes {
        try Annotations(database: database).byChapter(book)
    }

    /// Stores an annotation made in ibook.
    public func addAnnotation(_ book: Book, _ annotation: NewAnnotation) throws -> Annotation {
        try Annotations(database: database).add(book, annotation)
    }

    /// A note on a page (number or label) of the book. `pageStart` says where a laid-out book's page
    /// (of the reference layout) starts in its text: the note keeps that letter as its `chapterRange`
    /// (first and last letter the same), which a layout at another size finds again, as a highlight's.
    public func addNote(_ book: Book, page reference: PageReference, text: String,
                        pageStart: ((Int) throws -> ChapterRange?)? = nil) throws -> Annotation {
        let location = try PageResolver(database: database).resolve(reference, in: book)
        let trimmed = text.trimmingWhitespaceAndNewlines()
        guard !trimmed.isEmpty else { throw LibraryError.invalidArgument("the note is empty") }
        let start = try pageStart?(location.page)
        let now = Date()
        return try addAnnotation(book, NewAnnotation(page: location.page, kind: .note, source: .ibook, note: trimmed,
                                                     chapterRange: start, createdAt: now, modifiedAt: now))
    }

    /// Deletes an annotation by its id; returns what it was.
    public func deleteAnnotation(id: Int) throws -> Annotation {
        try Annotations(database: database).delete(id: id)
    }

    /// Replaces what was read from the book's PDF (a rescan).
    public func replaceAnnotationsFromPDF(_ book: Book, _ annotations: [NewAnnotation]) throws {
        try replaceAnnotationsFromPDF(sha256: book.sha256, annotations)
    }

    /// The same for the book with this content, while it is being added.
    public func replaceAnnotationsFromPDF(sha256: String, _ annotations: [NewAnnotation]) throws {
        try Annotations(database: database).replaceFromPDF(sha256: sha256, annotations)
    }
}
