import Dispatch
import BookLibrary
import Store
import TextSearch

/// The library's two full-text indexes, written and erased together.
///
/// `page_index` (see `PageIndex`) has one row per page (the row id is the
/// page's row in `pages`): it finds the pages that hold a query.
/// `book_index` has one row per book (the row id is the book's id): its
/// outline, and its text cut into `BookTextParts.count` consecutive runs of pages,
/// one column each. It is contentless and keeps no positions
/// (detail=column), so it is small and answers "which books, and which
/// parts of them, hold every word" from a few bytes per book, however
/// common the words: that is what ranks books and picks where to look
/// without scoring every page.
///
/// A page's text is folded once, by `indexedText`, the one place page text
/// becomes index input. The page index gets its `words` and `variants`
/// columns; a book's text part gets both, one after the other: the book
/// index only says where a page may match, so a part must hold the line-end
/// joined words and stems the page index can match on as well as the words.
package struct SearchIndex {
    /// The outline, then a column a text part (see `BookTextParts`).
    static let bookIndexColumns = ["outline"] + (0..<BookTextParts.count).map { "p\($0)" }

    /// What the full-text indexes are given for a page's (or an outline entry's) text.
    package static func indexedText(_ text: String, folder: TermFolder) -> IndexText.Input {
        IndexText.input(of: text, folder: folder)
    }

    /// Books of at least this many pages are folded on two threads.
    static let pagesFoldedInTwo = 128

    /// Each page's `indexedText`, in order. A long book's second half is folded on another thread with
    /// a folder of its own (a folder's caches are one thread's): `add` commits a book after its last
    /// page is extracted, and the book read last is committed alone, with the workers done and a core
    /// idle (Moby-Dick's 622 pages were the last fifth of adding the 11 IDPF EPUBs).
    static func indexedTexts(_ texts: [String], language: BookLanguage, folder: TermFolder) throws -> [IndexText.Input] {
        guard texts.count >= pagesFoldedInTwo else { return texts.map { indexedText($0, folder: folder) } }
        let half = texts.count / 2
        let halves = Halves(folders: [folder, try TermFolder(language: language)])
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            if lane == 0 {
                halves.first = texts[..<half].map { indexedText($0, folder: halves.folders[0]) }
            } else {
                halves.second = texts[half...].map { indexedText($0, folder: halves.folders[1]) }
            }
        }
        return halves.first + halves.second
    }

    /// What the two threads of `indexedTexts` share: each uses one folder and writes one half.
    private final class Halves: @unchecked Sendable {
        let folders: [TermFolder]
        var first: [IndexText.Input] = []
        var second: [IndexText.Input] = []

        init(folders: [TermFolder]) { self.folders = folders }
    }

    let database: Database

    package init(database: Database) { self.database = database }

    /// Indexes a book's pages (row id and text, in page order) and its
    /// outline entry titles, folded and stemmed in the book's language.
    package func add(bookID: Int64, pages: [(rowID: Int64, text: String)], outlineTitles: [String],
                     language: BookLanguage) throws {
        let folder = try TermFolder(language: language)
        let inputs = try Self.indexedTexts(pages.map(\.text), language: language, folder: folder)
        try PageIndex(database: database).insert(Array(zip(pages.map(\.rowID), inputs)))
        try writeBookRow(command: nil, bookID: bookID, inputs: inputs, outlineTitles: outlineTitles, folder: folder)
    }

    /// Removes the book's rows from both indexes. Contentless FTS5 rows are
    /// erased by giving the values they were indexed with, so they are
    /// rebuilt from the stored text, outline and language.
    func remove(bookID: Int) throws {
        let folder = try TermFolder(language: try language(ofBook: bookID))
        let pageIndex = PageIndex(database: database)
        // A page whose stored text cannot be decoded is taken out with the
        // words the index holds for it, so the index stays in step.
        let check = FullTextIndex(database: database)
        var inputs: [IndexText.Input] = []
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([bookID]) { row in
            guard let id = row.int64("id") else { return }
            let input = try check.indexedInput(rowID: id, stored: row["text"], folder: folder)
            if try check.holds(rowID: id) { try pageIndex.delete(rowID: id, input) }
            inputs.append(input)
        }
        try writeBookRow(command: "delete", bookID: Int64(bookID), inputs: inputs,
                         outlineTitles: try outlineTitles(bookID: bookID), folder: folder)
    }

    /// Re-indexes one page whose text changed (OCR read it): its row in the
    /// page index, and its book's row, whose text parts hold every page.
    /// Call before `pages` is updated: the old entries are erased with the
    /// text they were indexed with.
    package func replacePage(rowID: Int64, bookID: Int, newText: String) throws {
        try replacePages(bookID: bookID, newTexts: [rowID: newText])
    }

    /// `replacePage` for several pages of one book (their new text by row
    /// id), with the book's row written once.
    package func replacePages(bookID: Int, newTexts: [Int64: String]) throws {
        guard !newTexts.isEmpty else { return }
        let folder = try TermFolder(language: try language(ofBook: bookID))
        let check = FullTextIndex(database: database)
        let pageIndex = PageIndex(database: database)
        var old: [IndexText.Input] = [], new: [IndexText.Input] = []
        var changedRows: [(rowID: Int64, input: IndexText.Input)] = []
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([bookID]) { row in
            guard let id = row.int64("id") else { return }
            let input = try check.indexedInput(rowID: id, stored: row["text"], folder: folder)
            old.append(input)
            if let newText = newTexts[id] {
                let changed = Self.indexedText(newText, folder: folder)
                if try check.holds(rowID: id) { try pageIndex.delete(rowID: id, input) }
                changedRows.append((id, changed))
                new.append(changed)
            } else {
                new.append(input)
            }
        }
        try pageIndex.insert(changedRows)
        let titles = try outlineTitles(bookID: bookID)
        try writeBookRow(command: "delete", bookID: Int64(bookID), inputs: old, outlineTitles: titles, folder: folder)
        try writeBookRow(command: nil, bookID: Int64(bookID), inputs: new, outlineTitles: titles, folder: folder)
    }

    /// Indexes a book's pages and outline again, stemmed in `language`
    /// (`ibook edit --language`), from the stored text; nothing to do when
    /// the book is already stemmed in it. A page whose stored text cannot be
    /// decoded stays out of the page index, as `FullTextIndex.rebuild` leaves it.
    package func reindex(bookID: Int, language: BookLanguage) throws {
        guard try self.language(ofBook: bookID) != language else { return }
        try remove(bookID: bookID)
        try database.execute("UPDATE books SET language = ? WHERE id = ?", [language.rawValue, bookID])
        let folder = try TermFolder(language: language)
        var inputs: [IndexText.Input] = []
        var indexedRows: [(rowID: Int64, input: IndexText.Input)] = []
        try database.prepare("SELECT id, text FROM pages WHERE book_id = ? ORDER BY id").forEachRow([bookID]) { row in
            guard let id = row.int64("id") else { return }
            guard let text = try? StoredText.decode(row["text"]) else {
                inputs.append(IndexText.Input(words: "", variants: ""))
                return
            }
            let input = Self.indexedText(text, folder: folder)
            indexedRows.append((id, input))
            inputs.append(input)
        }
        try PageIndex(database: database).insert(indexedRows)
        try writeBookRow(command: nil, bookID: Int64(bookID), inputs: inputs,
                         outlineTitles: try outlineTitles(bookID: bookID), folder: folder)
    }

    /// Writes every book's row from the stored page text and outline, for
    /// a library whose pages were indexed before `book_index` existed.
    /// `onProgress` is told the pages done and the pages in all.
    func indexStoredBooks(onProgress: (Int, Int) -> Void = { _, _ in }) throws {
        let total = try database.scalar("SELECT count(*) FROM pages")?.integer.map(Int.init) ?? 0
        let ids = try database.query("SELECT id FROM books ORDER BY id").compactMap { $0.int("id") }
        let pages = try database.prepare("SELECT text FROM pages WHERE book_id = ? ORDER BY id")
        var done = 0
        for id in ids {
            let folder = try TermFolder(language: try language(ofBook: id))
            var inputs: [IndexText.Input] = []
            try pages.forEachRow([id]) { inputs.append(Self.indexedText((try? StoredText.decode($0["text"])) ?? "", folder: folder)) }
            try writeBookRow(command: nil, bookID: Int64(id), inputs: inputs,
                             outlineTitles: try outlineTitles(bookID: id), folder: folder)
            done += inputs.count
            onProgress(done, total)
        }
    }

    private func language(ofBook id: Int) throws -> BookLanguage {
        try database.queryRow("SELECT language FROM books WHERE id = ?", [id])?
            .string("language").flatMap(BookLanguage.init(rawValue:)) ?? .fallback
    }

    private func outlineTitles(bookID: Int) throws -> [String] {
        try database.query("SELECT title FROM outline WHERE book_id = ? ORDER BY position", [bookID])
            .compactMap { $0.string("title") }
    }

    private func writeBookRow(command: String?, bookID: Int64, inputs: [IndexText.Input], outlineTitles: [String],
                              folder: TermFolder) throws {
        let columns = Self.bookIndexColumns.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: Self.bookIndexColumns.count + 1).joined(separator: ", ")
        let sql = command.map { "INSERT INTO book_index (book_index, rowid, \(columns)) VALUES ('\($0)', \(placeholders))" }
            ?? "INSERT INTO book_index (rowid, \(columns)) VALUES (\(placeholders))"
        let outline = outlineTitles.map { title in
            let input = Self.indexedText(title, folder: folder)
            return input.words + "\n" + input.variants
        }.joined(separator: "\n")
        let parts = (0..<BookTextParts.count).map { part in
            inputs[BookTextParts.pagePositions(ofPart: part, pageCount: inputs.count)]
                .map { $0.words + "\n" + $0.variants }.joined(separator: "\n")
        }
        try database.cachedStatement(sql).run([bookID as SQLBindable] + ([outline] + parts).map { $0 as SQLBindable })
    }
}
