import Store

/// Pages whose text writes a kana's voicing mark apart from it: ｶﾞ in
/// half-width katakana, か followed by U+3099 in decomposed text. The word
/// scanner once took the mark for a word of its own, so such a kana was
/// indexed as one that had no mark; now the two are one kana (`WordScanner`).
/// A library whose pages have any is re-indexed from the stored text
/// (`FullTextIndex.rebuild`); one whose pages have none is left as it is.
struct KanaVoicingMarks {
    let database: Database

    /// Pages are read a batch at a time, by row, and no further than the first with a mark.
    var batchSize = 500

    /// Reads the pages' text until one has a voicing mark, and then rebuilds
    /// the page and book indexes. Returns the pages indexed (0 when none had one).
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
                guard var text = try? StoredText.decode(row["text"]), text.withUTF8({ Self.hasMark($0) }) else { continue }
                onProgress(total, total)
                return try FullTextIndex(database: database).rebuild()
            }
            after = last.int64("id") ?? after
            done += rows.count
            onProgress(min(done, total), total)
        }
    }

    /// Whether the text has a voicing mark (`WordScanner.isVoicingMark`), all of which
    /// are three bytes in UTF-8 led by E3 or EF: only those characters are decoded.
    static func hasMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.indices.contains { index in
            (bytes[index] == 0xE3 || bytes[index] == 0xEF) && WordScanner.isVoicingMark(WordScanner.decode(bytes, at: index).0)
        }
    }
}
