import BookLibrary
import Store

/// Page text stored deflated by an ibook before LZ4, stored again as LZ4
/// (`StoredText`): the same text, read several times faster by every search.
/// A value that does not decode is left as it is, for `ibook check` to report.
struct DeflatedPageText {
    let database: Database
    /// Pages are taken a batch at a time, by row, so that no read cursor is open on `pages` while it changes.
    var batchSize = 500

    /// A zlib stream's header (the text's length) has its top bit clear; LZ4's has it set.
    private static let deflated = "typeof(text) = 'blob' AND length(text) > 4 AND substr(text, 4, 1) < x'80'"

    func restore(onProgress: (_ done: Int, _ total: Int) -> Void) throws {
        let total = try database.scalar("SELECT count(*) FROM pages WHERE \(Self.deflated)")?.integer.map(Int.init) ?? 0
        guard total > 0 else { return }
        let batch = try database.prepare(
            "SELECT id, text FROM pages WHERE id > ? AND \(Self.deflated) ORDER BY id LIMIT \(batchSize)")
        let update = try database.prepare("UPDATE pages SET text = ? WHERE id = ?")
        var after: Int64 = -1
        var done = 0
        onProgress(0, total)
        while true {
            let rows = try batch.rows([after]).map { (id: try $0.required("id", Row.int64), text: $0["text"]) }
            guard let last = rows.last else { break }
            for row in rows {
                guard StoredText.isDeflated(row.text), let text = try? StoredText.decode(row.text) else { continue }
                try update.run([StoredText.encode(text), row.id])
            }
            after = last.id
            done += rows.count
            onProgress(min(done, total), total)
        }
    }
}
