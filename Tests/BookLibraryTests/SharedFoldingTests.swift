@testable import BookLibrary
@testable import PostgresStore
import Foundation
import Postgres
import TestSupport
import XCTest

/// `ibook_fold` on a real PostgreSQL server folds as the local library's
/// SQLite function does (`QuerySQL.folded`): every character of the
/// blocks it covers, and whole titles mixing them, give the same text.
final class SharedFoldingTests: XCTestCase {
    func testTheServersFoldingIsTheLocalOne() throws {
        let server: PostgresServer
        do {
            server = try PostgresServer()
        } catch let unavailable as PostgresServer.Unavailable {
            throw XCTSkip("LOUDLY SKIPPED: \(unavailable.reason)")
        }
        defer { server.shutdown() }
        try server.createDatabase("folding")
        let connection = try PostgresConnection(url: server.url(database: "folding"))
        try PostgresSchema.migrator().migrate(connection)

        var samples = ["Résumé of Café Culture", "STRASSE Straße ẞ", "ﬁnancial ﬀ ﬃ", "ÆSIR Œuvre Øre Łódź Đakovo",
                       "Zoë Ångström", "ΣΟΦΙΑ σοφία ς", "ПРИВЕТ Ёлка", "ｆｕｌｌ－ｗｉｄｔｈ", "e\u{301}te\u{300}", "soft\u{AD}hy\u{200B}phen",
                       "東京の四季", "plain ascii", "Ǆemal ǅ ǆ", "Ĳssel", "naïve coöperation"]
        for block in PostgresFolding.blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                      scalar.properties.generalCategory != .control else { continue }
                samples.append("A\(Character(scalar))b")
            }
        }
        var differing: [String] = []
        for sample in samples {
            let server = try connection.queryRow("SELECT ibook_fold(?) AS folded", [sample])?.string("folded")
            if server != QuerySQL.folded(sample) { differing.append("\(sample) → \(server ?? "nil") ≠ \(QuerySQL.folded(sample))") }
        }
        XCTAssertGreaterThan(samples.count, 1700)
        XCTAssertEqual(differing, [], "\(differing.count) of \(samples.count) fold differently")
    }
}
