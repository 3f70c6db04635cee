import Foundation

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

    /// The real-world corpus, when the machine has it.
    public static var corpus: URL? {
        let candidates: [String?] = [ProcessInfo.processInfo.environment["IBOOK_CORPUS"],
                          repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").path]
        for case let path? in candidates where FileManager.default.fileExists(atPath: path + "/real") {
            return URL(fileURLWithPath: path)
        }
        return nil
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
    }
    public var books: [ExpectedBook]

    public func book(_ file: String) -> ExpectedBook? { books.first { $0.file == file } }
}
