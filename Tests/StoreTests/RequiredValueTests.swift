import Foundation
import Store
import XCTest

/// A column that must hold a value and holds NULL (or a value of another
/// type) is `MissingValue` naming it, read by name from a `Row` or by
/// position from `Columns`; where NULL means something, the optional reads stay.
final class RequiredValueTests: StoreTestCase {
    private func database() throws -> Database {
        let db = try openDatabase()
        try db.execute("CREATE TABLE pages (page INTEGER, label TEXT, text TEXT)")
        try db.execute("INSERT INTO pages (page, label, text) VALUES (1, NULL, 'one'), (NULL, 'ii', NULL), ('three', 'iii', X'01')")
        return db
    }

    func testARowWithAValueGivesIt() throws {
        let row = try XCTUnwrap(try database().queryRow("SELECT page, label, text FROM pages WHERE rowid = 1"))
        XCTAssertEqual(try row.required("page", Row.int), 1)
        XCTAssertEqual(try row.required("text", Row.string), "one")
        XCTAssertNil(row.string("label"), "NULL where it means something is read as nil")
    }

    func testANullInARequiredColumnIsAnErrorNamingIt() throws {
        let row = try XCTUnwrap(try database().queryRow("SELECT page, label, text FROM pages WHERE rowid = 2"))
        XCTAssertThrowsError(try row.required("page", Row.int)) { error in
            XCTAssertEqual(error as? MissingValue, MissingValue(column: "page"))
        }
        XCTAssertThrowsError(try row.required("text", Row.string)) { error in
            XCTAssertEqual((error as? MissingValue)?.column, "text")
            XCTAssertEqual("\(error)", "a row of the library has no value for text, which ibook always writes: it was changed outside ibook")
        }
    }

    func testAValueOfAnotherTypeIsMissingToo() throws {
        let row = try XCTUnwrap(try database().queryRow("SELECT page, text FROM pages WHERE rowid = 3"))
        XCTAssertThrowsError(try row.required("page", Row.int)) { XCTAssertEqual(($0 as? MissingValue)?.column, "page") }
        XCTAssertThrowsError(try row.required("text", Row.string)) { XCTAssertEqual(($0 as? MissingValue)?.column, "text") }
    }

    func testColumnsReadInPlaceNameTheColumnAsTheStatementDoes() throws {
        let db = try database()
        var read: [Int] = []
        XCTAssertThrowsError(try db.prepare("SELECT label, page AS number FROM pages ORDER BY rowid").forEachStep { row in
            read.append(try row.requiredInt(1))
        }) { error in
            XCTAssertEqual(error as? MissingValue, MissingValue(column: "number"))
        }
        XCTAssertEqual(read, [1], "the first row's value was read, the second's NULL stopped the walk")
        XCTAssertThrowsError(try db.prepare("SELECT text FROM pages WHERE rowid = 2").forEachStep { row in
            _ = try row.requiredString(0)
        }) { XCTAssertEqual(($0 as? MissingValue)?.column, "text") }
        try db.prepare("SELECT text, rowid FROM pages WHERE rowid = 1").forEachStep { row in
            XCTAssertEqual(try row.requiredString(0), "one")
            XCTAssertEqual(try row.requiredInt64(1), 1)
        }
    }
}
