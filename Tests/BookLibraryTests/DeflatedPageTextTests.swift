@testable import BookLibrary
@testable import SQLiteStore
import Deflate
import Foundation
import Store
import TestSupport
import XCTest

/// Migration 13's work: deflated page text stored again as LZ4, batch by batch.
final class DeflatedPageTextTests: XCTestCase {
    func testDeflatedPagesAreStoredAgainAsLZ4AndTheRestLeftAsTheyAre() throws {
        let root = try Fixtures.temporaryDirectory("deflated")
        defer { try? FileManager.default.removeItem(at: root) }
        let database = try Database(path: root.appendingPathComponent("library.sqlite").path)
        try database.execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        let texts = (1...11).map { String(repeating: "Page \($0): the keeper of the light, the fog, the harbour. ", count: 5) }
        for (index, text) in texts.enumerated() {
            try database.execute("INSERT INTO pages (id, text) VALUES (?, ?)", [index + 1, SQLValue.blob(Self.deflated(text))])
        }
        try database.execute("UPDATE pages SET text = ? WHERE id = 3", [StoredText.encode(texts[2])])
        try database.execute("UPDATE pages SET text = ? WHERE id = 4", [texts[3]])
        var damaged = Self.deflated(texts[4])
        damaged[damaged.count - 2] ^= 0x40
        try database.execute("UPDATE pages SET text = ? WHERE id = 5", [SQLValue.blob(damaged)])
        let lz4Before = try database.scalar("SELECT text FROM pages WHERE id = 3")

        var progress: [Int] = []
        try DeflatedPageText(database: database, batchSize: 3).restore { done, total in
            XCTAssertEqual(total, 9, "eight deflated pages and the damaged one")
            progress.append(done)
        }
        XCTAssertEqual(progress, [0, 3, 6, 9])

        for row in try database.query("SELECT id, text FROM pages ORDER BY id") {
            let id = row.int("id") ?? 0
            if id == 5 {
                XCTAssertEqual(row["text"], .blob(damaged), "a value that does not decode is left for `ibook check`")
                continue
            }
            XCTAssertFalse(StoredText.isDeflated(row["text"]), "page \(id)")
            XCTAssertEqual(try StoredText.decode(row["text"]), texts[id - 1])
        }
        XCTAssertEqual(try database.scalar("SELECT text FROM pages WHERE id = 3"), lz4Before, "LZ4 already: untouched")
        XCTAssertEqual(try database.scalar("SELECT typeof(text) FROM pages WHERE id = 4"), .text("text"))

        progress = []
        try DeflatedPageText(database: database, batchSize: 3).restore { done, _ in progress.append(done) }
        XCTAssertEqual(progress, [0, 1], "only the damaged page is left to look at")
    }

    private static func deflated(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + bytes.withUnsafeBytes { Deflater.zlib($0, level: 6) }
    }
}
