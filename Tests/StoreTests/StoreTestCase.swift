import Foundation
import Store
import XCTest

/// Gives each test its own empty directory for real database files.
class StoreTestCase: XCTestCase {
    private(set) var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("StoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory {
            try? FileManager.default.removeItem(at: directory)
        }
        try super.tearDownWithError()
    }

    func path(_ name: String = "library.sqlite") -> String {
        directory.appendingPathComponent(name).path
    }

    func openDatabase(_ name: String = "library.sqlite", options: Database.Options = Database.Options()) throws -> Database {
        try Database(path: path(name), options: options)
    }

    /// Runs body, which must throw a DatabaseError, and returns that error.
    func databaseError(
        _ body: () throws -> Void,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> DatabaseError? {
        do {
            try body()
            XCTFail("expected a DatabaseError, nothing was thrown", file: file, line: line)
        } catch let error as DatabaseError {
            return error
        } catch {
            XCTFail("expected a DatabaseError, got \(error)", file: file, line: line)
        }
        return nil
    }

    func count(_ db: Database, _ table: String) throws -> Int64? {
        if case .integer(let count)? = try db.scalar("SELECT count(*) FROM \(table)") { return count }
        return nil
    }
}
