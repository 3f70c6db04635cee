@testable import BookLibrary
@testable import SQLiteStore
import Foundation
import TestSupport
import XCTest

/// A test case that starts each test with an empty library of its own, in a temporary folder
/// named after `folderName`, and removes it after the test.
class ScratchLibraryTestCase: XCTestCase {
    var root: URL!
    var library: Library!

    /// The middle of the temporary folder's name (`ibook-NAME-…`), to tell whose it is.
    class var folderName: String { "library" }

    override func setUpWithError() throws {
        root = try Fixtures.temporaryDirectory(Self.folderName)
        library = try Library(location: LibraryLocation(directory: root.appendingPathComponent("lib").path,
                                                        thumbnailDirectory: root.appendingPathComponent("thumbs").path))
    }

    override func tearDownWithError() throws {
        library = nil
        try? FileManager.default.removeItem(at: root)
    }
}
