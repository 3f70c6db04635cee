import BookLibrary
import Foundation
import TestSupport
import XCTest

/// The reader's searches kept between sessions: a private file, bounded,
/// written whole, and read as untrusted.
final class SearchHistoryFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryDirectory("search-history")
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testTheFileLivesUnderXDGStateHomeElseTheHomeFolder() {
        XCTAssertEqual(SearchHistoryFile(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path, "/s/ibook/search-history")
        XCTAssertEqual(SearchHistoryFile(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).path,
                       "/h/.local/state/ibook/search-history", "a relative XDG_STATE_HOME is ignored, as the spec says")
        XCTAssertEqual(SearchHistoryFile(environment: ["HOME": "/h"]).path, "/h/.local/state/ibook/search-history")
    }

    func testSearchesAreKeptPrivateNewestLastOnceEachAndBounded() throws {
        let state = folder.appendingPathComponent("state").path
        let history = SearchHistoryFile(environment: ["XDG_STATE_HOME": state])
        try history.add("lens")
        try history.add("keeper")
        try history.add("lens")
        XCTAssertEqual(history.load(), ["keeper", "lens"])
        XCTAssertEqual(try mode(state + "/ibook"), 0o700)
        XCTAssertEqual(try mode(state + "/ibook/search-history"), 0o600)
        // Control characters never reach the file; an empty search is not kept.
        try history.add("fog\u{1B}]52;c;AAAA\u{07}\tsignal\n")
        try history.add("   ")
        XCTAssertEqual(history.load(), ["keeper", "lens", "fog]52;c;AAAAsignal"])
        for number in 0..<250 { try history.add("search \(number)") }
        let kept = history.load()
        XCTAssertEqual(kept.count, SearchHistoryFile.limit)
        XCTAssertEqual(kept.first, "search 50")
        XCTAssertEqual(kept.last, "search 249")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: state + "/ibook")
        XCTAssertEqual(leftovers, ["search-history"], "written under a temporary name and renamed")
    }

    func testADamagedFileIsReadForWhatIsGoodInIt() {
        var bytes = Array("lens\n".utf8)
        bytes += [0xFF, 0xFE, 0x41, 0x0A]                       // not UTF-8
        bytes += Array("bell\u{07}\n".utf8)                     // a control character
        bytes += Array((String(repeating: "x", count: 5_000) + "\n").utf8)
        bytes += [0x00, 0x00, 0x0A]
        bytes += Array("\n\n  \nkeeper\r\nfog\nlens".utf8)     // no newline at the end
        // "keeper\r": a carriage return is a control character, so that line goes too; lens comes last, where it was last.
        XCTAssertEqual(SearchHistoryFile.parse(bytes), ["fog", "lens"])
        XCTAssertEqual(SearchHistoryFile.parse([]), [])
        XCTAssertEqual(SearchHistoryFile.parse(Array(repeating: 0x0A, count: 10_000)), [])
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let noise = (0..<Int.random(in: 0...400, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            for entry in SearchHistoryFile.parse(noise) {
                XCTAssertFalse(entry.unicodeScalars.contains { $0.properties.generalCategory == .control })
            }
        }
    }

    func testAFileThatIsNotAFileIsAnEmptyHistory() throws {
        let state = folder.appendingPathComponent("odd").path
        try FileManager.default.createDirectory(atPath: state + "/ibook/search-history", withIntermediateDirectories: true)
        let history = SearchHistoryFile(environment: ["XDG_STATE_HOME": state])
        XCTAssertEqual(history.load(), [])
        XCTAssertThrowsError(try history.add("lens"), "a folder in the way is not replaced")
        let fifo = folder.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(SearchHistoryFile(path: fifo).load(), [], "a FIFO is not waited on")
        XCTAssertEqual(SearchHistoryFile(path: folder.appendingPathComponent("none").path).load(), [])
    }
}
