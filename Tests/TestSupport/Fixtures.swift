import Foundation
import XCTest

/// Paths and files the tests share. Everything is made fresh in a temporary
/// folder; nothing outside it is touched.
public enum Fixtures {
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    public static var sampleBooks: URL { repositoryRoot.appendingPathComponent("SampleBooks") }

    public static func sampleBook(_ name: String) -> String { sampleBooks.appendingPathComponent(name).path }

    /// The real-world corpus (see its README), when the machine has it: `$IBOOK_CORPUS` when that
    /// is set (only there: `IBOOK_CORPUS=/nonexistent` runs the tests as on a plain clone), else
    /// `../shared/corpus` beside the checkout.
    public static var corpus: URL? {
        let path = ProcessInfo.processInfo.environment["IBOOK_CORPUS"]
            ?? repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path + "/real") ? URL(fileURLWithPath: path) : nil
    }

    /// The corpus, or a skip that says what the test needs it for (a plain clone has none; CI has it).
    public static func requireCorpus(_ purpose: String) throws -> URL {
        guard let corpus else {
            throw XCTSkip("needs the real-world corpus (../shared/corpus beside the checkout, or $IBOOK_CORPUS) for \(purpose)")
        }
        return corpus
    }

    /// A new folder `ibook-NAME-…` in the temporary folder. Whoever makes it removes it (a class
    /// in its tearDown); what is still there when the test process exits is removed then (Cleanup).
    public static func temporaryDirectory(_ name: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ibook-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        Cleanup.folder(url)
        return url
    }

    public static var expected: ExpectedManifest {
        get throws {
            let data = try Data(contentsOf: sampleBooks.appendingPathComponent("expected.json"))
            return try JSONDecoder().decode(ExpectedManifest.self, from: data)
        }
    }
}

/// What the SampleBooks generator says it wrote (SampleBooks/expected.json).
public struct ExpectedManifest: Decodable {
    public struct Entry: Decodable {
        public var title: String
        public var depth: Int
        public var page: Int
    }
    public struct Probe: Decodable {
        public var text: String
        public var pages: [Int]
    }
    public struct ExpectedBook: Decodable {
        public var file: String
        public var title: String?
        public var author: String?
        public var subject: String?
        public var keywords: String?
        public var creator: String?
        public var pageCount: Int
        public var labels: [String]?
        public var outline: [Entry]
        public var pageSizes: [[Double]]
        public var probes: [Probe]
        /// `list --json`'s name for the format of a book that is not a PDF (`epub`, `txt`); nil for a PDF.
        public var format: String?
        public var publisher: String?
        public var series: String?
        public var seriesIndex: Double?
        public var isbn: String?

        public var isPDF: Bool { format == nil || format == "pdf" }
    }
    public var books: [ExpectedBook]

    public func book(_ file: String) -> ExpectedBook? { books.first { $0.file == file } }
}
