import Foundation
import TestSupport
import XCTest

/// `ibook token`: access tokens kept in the library as their SHA-256, which `ibook serve` asks
/// for once one exists, looked up on every request (one removed stops working while it runs).
final class ServeTokenTests: XCTestCase {
    private struct Made: Decodable {
        var name: String
        var rights: String
        var token: String
    }

    private struct Listed: Decodable {
        var name: String
        var rights: String
    }

    private struct HistoryLine: Decodable {
        struct Book: Decodable { var id: Int }
        var book: Book
        var page: Int
    }

    func testStoredTokensGiveTheirRightsAndStopWhenRemoved() throws {
        let served = try ServedSampleBooks("serve-tokens", files: ["lighthouses.pdf"])
        defer { Cleanup.release(in: served) }
        let library = served.library, server = served.server
        let guide = try XCTUnwrap(served.ids["lighthouses.pdf"])
        XCTAssertEqual(try server.get("/opds").status, 200, "no token yet: this machine reads freely")

        let reader = try library.json(Made.self, "token", "add", "Ann's Kobo", "--json")
        let editor = try library.json(Made.self, "token", "add", "desk", "--editor", "--json")
        XCTAssertEqual([reader.rights, editor.rights], ["reader", "editor"])
        for token in [reader.token, editor.token] {
            XCTAssertTrue(token.hasPrefix("ibook_"), token)
            XCTAssertEqual(token.count, "ibook_".count + 43, "32 random bytes in base64url: \(token)")
        }
        XCTAssertNotEqual(reader.token, editor.token)

        // The library keeps digests only: neither token's text is anywhere in its file.
        let stored = try library.sql("SELECT name || ' ' || sha256 || ' ' || rights FROM web_tokens ORDER BY name")
        XCTAssertFalse(stored.contains(reader.token) || stored.contains(editor.token), stored)
        XCTAssertTrue(stored.contains("Ann's Kobo "), stored)
        let file = try Data(contentsOf: library.directory.appendingPathComponent("library.sqlite"))
        XCTAssertNil(file.range(of: Data(reader.token.utf8)))

        // Now every client needs one, on this machine too, and each gets its token's rights.
        XCTAssertEqual(try server.get("/opds").status, 401)
        XCTAssertEqual(try server.get("/opds", headers: ["Authorization": "Bearer ibook_wrong"]).status, 401)
        let asReader = ["Authorization": "Basic " + Data("ann:\(reader.token)".utf8).base64EncodedString()]
        let asEditor = ["Authorization": "Bearer \(editor.token)"]
        XCTAssertEqual(try server.get("/opds", headers: asReader).status, 200)
        XCTAssertEqual(try server.get("/books/\(guide)/read?page=12", headers: asReader).status, 200)
        XCTAssertEqual(try server.request("POST", "/books/\(guide)/place", headers: asReader, body: "page=12").status, 403)
        XCTAssertEqual(try server.request("POST", "/books/\(guide)/place", headers: asEditor, body: "page=12").status, 204)
        let history = try library.json([HistoryLine].self, "history", "--json")
        XCTAssertEqual(history.first.map { [$0.book.id, $0.page] }, [guide, 12])

        XCTAssertEqual(try library.json([Listed].self, "token", "list", "--json").map(\.name), ["Ann's Kobo", "desk"])
        let removed = try library.ibook("token", "remove", "Ann's Kobo")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try server.get("/opds", headers: asReader).status, 401, "removed while the server runs")
        XCTAssertEqual(try server.get("/opds", headers: asEditor).status, 200)

        // With a token stored, the server may listen where other machines reach it.
        let open = try ServedLibrary(library, arguments: ["--bind", "0.0.0.0:0"], expectedHost: "0.0.0.0")
        defer { _ = open.stop() }
        XCTAssertEqual(try open.get("/opds", headers: asEditor).status, 200)
        XCTAssertEqual(try library.ibook("token", "remove", "desk").status, 0)
        XCTAssertEqual(try server.get("/opds").status, 200, "the last token gone, this machine reads freely again")
        let refused = try library.ibook("serve", "--bind", "0.0.0.0:0")
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("ibook token add"), refused.stderr)
    }

    func testMisuseIsOneClearLine() throws {
        let library = try TestLibrary("serve-token-misuse")
        defer { library.remove() }
        XCTAssertEqual(try library.ibook("token", "add", "kobo").status, 0)
        for (arguments, message) in [(["token", "add", "kobo"], "exists already"),
                                     (["token", "add", "bad\u{1b}[31mname"], "no control characters"),
                                     (["token", "add", " padded"], "no spaces around it"),
                                     (["token", "add", String(repeating: "n", count: 65)], "1 to 64 characters"),
                                     (["token", "remove", "nobody"], "no token is named 'nobody'")] {
            let result = try library.ibook(arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let list = try library.ibook("token", "list")
        XCTAssertEqual(list.stdout.split(separator: "\n").count, 2, list.stdout)
        XCTAssertFalse(list.stdout.contains("ibook_"), "a token is never shown again")
    }
}
