import XCTest
@testable import Arguments

/// A value option reads as the type it was declared with, converted and
/// checked against its range where it is declared.
final class ValueConversionTests: XCTestCase {
    private typealias Options = Fixture.ListOptions

    func testIntInRange() throws {
        XCTAssertEqual(try run(["list", "--limit", "5"])[Options.limit], 5)
        XCTAssertEqual(try run(["list", "--page", "-1"])[Options.page], -1)
    }

    func testIntIsNilWhenNotGiven() throws {
        XCTAssertNil(try run(["list"])[Options.limit])
    }

    func testIntOutOfRange() throws {
        let parsed = try run(["list", "-n", "-3"])
        XCTAssertThrowsError(try parsed[Options.limit]) { error in
            XCTAssertEqual(error as? UsageError,
                           UsageError("Invalid value '-3' for '--limit <n>'", commandPath: ["ibook", "list"]))
        }
    }

    func testIntNotANumber() throws {
        let parsed = try run(["list", "--limit=ten"])
        XCTAssertThrowsError(try parsed[Options.limit]) { error in
            XCTAssertEqual((error as? UsageError)?.message, "Invalid value 'ten' for '--limit <n>'")
        }
    }

    func testDouble() throws {
        XCTAssertEqual(try run(["list", "--scale", "1.5"])[Options.scale], 1.5)
        XCTAssertNil(try run(["list"])[Options.scale])
        for bad in ["11", "nan", "inf", "x"] {
            let parsed = try run(["list", "--scale", bad])
            XCTAssertThrowsError(try parsed[Options.scale], bad) { error in
                XCTAssertEqual((error as? UsageError)?.message, "Invalid value '\(bad)' for '--scale <factor>'")
            }
        }
    }
}
