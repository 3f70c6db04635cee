import Store
import TextSearch

/// Stores the text of a book's pages extracted again from its file (`ibook
/// refresh`), where it differs from what was stored: the page store, both
/// indexes and the offsets of the highlights on those pages, in one
/// transaction. A page read by OCR keeps what OCR read; only the page's own
/// text in front of it is replaced.
struct PageTextRefresh {
    let store: any LocalLibraryStore
    var database: Database { store.database }

    func replace(_ book: Book, with extracted: [Int: String]) throws -> Int {
        try database.inTransaction {
            var newTexts: [Int64: String] = [:]
            var remapped: [Int: (old: String?, new: String)] = [:]
            var ownTexts: [Int64: String] = [:]
            try database.prepare("""
                SELECT p.id, p.page, p.text, o.page_id IS NOT NULL AS ocr, o.own_text FROM pages p
                LEFT JOIN ocr_pages o ON o.page_id = p.id WHERE p.book_id = ? ORDER BY p.page
                """).forEachRow([book.id]) { row in
                guard let id = row.int64("id"), let page = row.int("page"), let fresh = extracted[page] else { return }
                let stored = try? StoredText.decode(row["text"])
                var updated = fresh
                if row.int("ocr") == 1 {
                    let own = try row.required("own_text", Row.string)
                    guard own != fresh else { return }
                    ownTexts[id] = fresh
                    updated = Self.withOwnText(fresh, replacing: own, in: stored ?? own)
                }
                guard updated != stored else { return }
                newTexts[id] = updated
                remapped[page] = (stored, updated)
            }
            guard !newTexts.isEmpty || !ownTexts.isEmpty else { return 0 }
            try store.reindexPages(bookID: book.id, newTexts: newTexts)
            for (id, text) in newTexts {
                try database.execute("UPDATE pages SET text = ? WHERE id = ?", [StoredText.encode(text), id])
            }
            for (id, own) in ownTexts {
                try database.execute("UPDATE ocr_pages SET own_text = ? WHERE page_id = ?", [own, id])
            }
            for (page, texts) in remapped {
                try remapSpans(book, page: page, old: texts.old, new: texts.new)
            }
            return newTexts.count
        }
    }

    /// What `OCRPages.store` would have stored with the new own text: the
    /// own text in front of what OCR read, or alone when OCR found nothing;
    /// a page whose OCR text replaced its own keeps it.
    static func withOwnText(_ fresh: String, replacing own: String, in stored: String) -> String {
        guard own.contains(where: { !$0.isWhitespace }) else { return stored }
        if stored == own { return fresh }
        guard stored.hasPrefix(own + "\n\n") else { return stored }
        let read = stored.dropFirst(own.count + 2)
        return fresh.contains { !$0.isWhitespace } ? fresh + "\n\n" + read : String(read)
    }

    /// Highlights on the page mark the same characters in the new text; a
    /// span that cannot be carried over (the text changed in more than
    /// whitespace) is dropped, and the highlight stays without one. A quoted
    /// text that was the span's text word for word becomes the new span's.
    private func remapSpans(_ book: Book, page: Int, old: String?, new: String) throws {
        let rows = try database.query("""
            SELECT id, text, text_start, text_end FROM annotations
            WHERE sha256 = ? AND page = ? AND text_start IS NOT NULL AND text_end IS NOT NULL
            """, [book.sha256, page])
        guard !rows.isEmpty else { return }
        let map = old.flatMap { TextOffsetMap(old: $0, new: new) }
        let oldCharacters = Array(old ?? ""), newCharacters = Array(new)
        for row in rows {
            guard let id = row.int64("id"), let start = row.int("text_start"), let end = row.int("text_end") else { continue }
            let span = start <= end ? map?.map(start...end) : nil
            var quoted = row.string("text")
            if let span, end < oldCharacters.count, quoted == String(oldCharacters[start...end]) {
                quoted = String(newCharacters[span])
            }
            try database.execute("UPDATE annotations SET text = ?, text_start = ?, text_end = ? WHERE id = ?",
                                 [quoted, span?.lowerBound, span?.upperBound, id])
        }
    }
}

extension Library {
    /// Stores page text extracted again from the book's file (by page
    /// number) where it changed; see `PageTextRefresh`. Returns how many
    /// pages' stored text changed.
    @discardableResult
    public func replaceExtractedText(_ book: Book, pages: [Int: String]) throws -> Int {
        try PageTextRefresh(store: try localStore).replace(book, with: pages)
    }
}
