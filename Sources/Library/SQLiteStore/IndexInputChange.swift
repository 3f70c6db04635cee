import BookLibrary
import Store
import TextSearch

/// A change to what some page text becomes as index input (`IndexText`):
/// a library whose pages have any such text is re-indexed from the stored
/// text (`FullTextIndex.rebuild`), one whose pages have none is left as it
/// is. FTS5 removes a row by being handed the input it was indexed with, so
/// an index built the old way cannot be mended page by page.
struct IndexInputChange {
    let database: Database
    /// Pages are read a batch at a time, by row, and no further than the first affected.
    var batchSize = 500
    /// Whether a page's text (UTF-8) is indexed differently now.
    let affects: (UnsafeBufferPointer<UInt8>) -> Bool

    /// 14-kana-voicing-marks: the word scanner once took a kana's voicing
    /// mark written apart (ｶﾞ, か + U+3099) for a word of its own, so such a
    /// kana was indexed as one that had no mark; now the two are one kana (`WordScanner`).
    static func kanaVoicingMarks(_ database: Database, batchSize: Int = 500) -> IndexInputChange {
        IndexInputChange(database: database, batchSize: batchSize, affects: hasVoicingMark)
    }

    /// 15-letters-and-hyphen-chains: `ø`, `ł` and `đ` were indexed as `o`,
    /// `l` and `d` and are letters of their own now (`TermFolding`);
    /// a word hyphenated over three or more lines was indexed as pairs of
    /// its parts and is indexed whole now.
    static func lettersAndHyphenChains(_ database: Database, batchSize: Int = 500) -> IndexInputChange {
        IndexInputChange(database: database, batchSize: batchSize) { hasLetterOfItsOwn($0) || hasHyphenChain($0) }
    }

    /// Reads the pages' text until one is affected, and then rebuilds the
    /// page and book indexes. Returns the pages indexed (0 when none was affected).
    func reindexIfPresent(onProgress: (_ done: Int, _ total: Int) -> Void) throws -> Int {
        let total = try database.scalar("SELECT count(*) FROM pages")?.integer.map(Int.init) ?? 0
        let batch = try database.prepare("SELECT id, text FROM pages WHERE id > ? ORDER BY id LIMIT \(batchSize)")
        var after: Int64 = -1
        var done = 0
        onProgress(0, total)
        while true {
            let rows = try batch.rows([after])
            guard let last = rows.last else { return 0 }
            for row in rows {
                guard var text = try? StoredText.decode(row["text"]), text.withUTF8({ affects($0) }) else { continue }
                onProgress(total, total)
                return try FullTextIndex(database: database).rebuild()
            }
            after = try last.required("id", Row.int64)
            done += rows.count
            onProgress(min(done, total), total)
        }
    }

    /// Whether the text has a voicing mark (`WordScanner.isVoicingMark`), all of which
    /// are three bytes in UTF-8 led by E3 or EF: only those characters are decoded.
    static func hasVoicingMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.indices.contains { index in
            (bytes[index] == 0xE3 || bytes[index] == 0xEF) && WordScanner.isVoicingMark(WordScanner.decode(bytes, at: index).0)
        }
    }

    /// Whether the text has `ø`, `ł`, `đ` or a capital of them: in UTF-8,
    /// C3 98/B8 (Ø ø), C4 90/91 (Đ đ), C5 81/82 (Ł ł).
    static func hasLetterOfItsOwn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 0..<(bytes.count - 1) {
            switch (bytes[index], bytes[index + 1]) {
            case (0xC3, 0x98), (0xC3, 0xB8), (0xC4, 0x90), (0xC4, 0x91), (0xC5, 0x81), (0xC5, 0x82): return true
            default: continue
            }
        }
        return false
    }

    /// Whether a word on the page is hyphenated at two line ends or more in a
    /// row; the scan is only made of text with two line-end hyphens at least.
    static func hasHyphenChain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineEndHyphens = 0
        for index in bytes.indices where bytes[index] == 0x0A && index > 0 {
            var before = index - 1
            while before > 0, bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D { before -= 1 }
            // The last byte of -, of U+2010 (E2 80 90) and of the soft hyphen (C2 AD).
            if bytes[before] == 0x2D || bytes[before] == 0x90 || bytes[before] == 0xAD { lineEndHyphens += 1 }
            if lineEndHyphens == 2 { break }
        }
        guard lineEndHyphens >= 2 else { return false }
        let words = WordScanner.words(in: bytes)
        return words.indices.dropFirst().contains { words[$0].joinsNext && words[$0 - 1].joinsNext }
    }
}
