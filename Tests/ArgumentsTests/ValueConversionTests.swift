import XCTest
@testable import Arguments

final class ValueConversionTests: XCTestCase {
    func testIntInRange() throws {
        XCTAssertEqual(try run(["list", "--limit", "5"]).int("limit", in: 1...100), 5)
        XCTAssertEqual(try run(["list", "--page", "-1"]).int("page"), -1)
    }

    func testIntIsNilWhenNotGiven() throws {
        XCTAssertNil(try run(["list"]).int("limit", in: 1...100))
    }

    func testIntOutOfRange() throws {
        let parsed = try run(["list", "-n", "-3"])
        XCTAssertThrowsError(try parsed.int("limit", in: 1...100)) { error in
            XCTAssertEqual(error as? UsageError,
                           UsageError("Invalid value '-3' for '--limit <n>'", commandPath: ["ibook", "list"]))
        }
    }

    func testIntNotANumber() throws {
        let parsed = try run(["list", "--limit=ten"])
        XCTAssertThrowsError(try parsed.int("limit")) { error in
            XCTAssertEqual((error as? UsageError)?.message, "Invalid value 'ten' for '--limit <n>'")
        }
    }

    func testDouble() throws {
        XCTAssertEqual(try run(["list", "--scale", "1.5"]).double("scale", in: 0.1...10), 1.5)
        XCTAssertNil(try run(["list"]).double("scale"))
        for bad in ["11", "nan", "inf", "x"] {
            let parsed = try run(["list", "--scale", bad])
            XCTAssertThrowsError(try parsed.double("scale", in: 0.1...10), bad) { error in
                XCTAssertEqual((error as? UsageError)?.message, "Invalid value '\(bad)' for '--scale <factor>'")
            }
        }
    }
}
