@testable import IBookCLI
import XCTest

/// The commands whose line begins a shared library's session before it is parsed.
final class SharedSessionStartTests: XCTestCase {
    func testEveryLeanCommandThatOpensTheLibraryBeginsItsSession() {
        let lean = Set(CLI.libraryCommands.map { $0.spec.name })
        XCTAssertTrue(SharedSessionStart.libraryCommandNames.isSubset(of: lean),
                      "\(SharedSessionStart.libraryCommandNames.subtracting(lean))")
        XCTAssertEqual(lean.subtracting(SharedSessionStart.libraryCommandNames), ["migrate", "server", "roots"],
                       "a new command that opens the library begins its session too")
    }
}
