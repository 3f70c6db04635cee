import Foundation
import TestSupport

/// Sample books added to a test library of their own and served by `ibook serve`: what the web
/// reader's tests, over HTTP and in a browser, start from.
struct ServedSampleBooks {
    var library: TestLibrary
    var server: ServedLibrary
    /// Each book's id by its file name.
    var ids: [String: Int]

    init(_ name: String, files: [String]) throws {
        library = try TestLibrary(name)
        let added = try library.ibook(["add"] + files.map(Fixtures.sampleBook))
        guard added.status == 0 else { throw RunError.failed("ibook add: \(added.stderr)") }
        var ids: [String: Int] = [:]
        for book in try library.json([Listed].self, "list", "--json") { ids[URL(fileURLWithPath: book.path).lastPathComponent] = book.id }
        self.ids = ids
        server = try ServedLibrary(library)
    }

    private struct Listed: Decodable {
        var id: Int
        var path: String
    }
}
