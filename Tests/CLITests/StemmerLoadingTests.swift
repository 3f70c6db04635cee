import Foundation
import TestSupport
import XCTest

/// libstemmer is opened when a stemmer is first made (CStemmer), not
/// at start-up: the dynamic loader's own log says which libraries a run loaded.
final class StemmerLoadingTests: XCTestCase {
    func testOnlyASearchThatStemsLoadsLibstemmer() throws {
        let library = try TestLibrary("libstemmer")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("cjk-seasons.pdf")).status, 0)
        func loaded(_ arguments: [String]) throws -> (Run.Result, [String]) {
            let result = try Run.process(Run.ibookPath, arguments, environment: library.environment.merging(["LD_DEBUG": "files"]) { $1 },
                                         timeout: 60)
            let files = result.stderr.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "file=") else { return nil }
                return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" })
            }
            return (result, files)
        }
        for arguments in [["list"], ["thumbnail", "1", "--size", "64"], ["search", "--all", "東京"], ["search", "--all", "--exact", "keeper"]] {
            let (result, files) = try loaded(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(files.contains("libc.so.6"), "the loader's log is read: \(files)")
            XCTAssertFalse(files.contains { $0.hasPrefix("libstemmer") }, "\(arguments): \(files)")
        }
        let (stemmed, files) = try loaded(["search", "--book", "Lighthouses", "keepers"])
        XCTAssertEqual(stemmed.status, 0, stemmed.stderr)
        XCTAssertTrue(files.contains("libstemmer.so.0d"), "\(files)")
        XCTAssertTrue(stemmed.stdout.contains("[keeper]") || stemmed.stdout.contains("[Keeper]"),
                      "keepers finds keeper through its stem: \(stemmed.stdout.prefix(300))")
    }
}
