import Store
import XCTest

/// Every form of libpq URI that can carry a password, shown without it.
final class PostgresURLTests: XCTestCase {
    func testEveryFormLosesItsPassword() {
        let cases: [(String, String)] = [
            ("postgresql://ann:s3cret@db.example/books", "postgresql://ann@db.example/books"),
            ("postgres://ann:s3:cr@et@db/books", "postgres://ann@et@db/books"),
            ("postgresql://ann:s3cret@h1:5432,h2:5433/books?sslmode=require", "postgresql://ann@h1:5432,h2:5433/books?sslmode=require"),
            ("postgresql://db/books?password=s3cret", "postgresql://db/books"),
            ("postgresql://db/books?sslmode=disable&password=s3cret&application_name=x",
             "postgresql://db/books?sslmode=disable&application_name=x"),
            ("postgresql://db/books?pass%77ord=s3cret", "postgresql://db/books"),
            ("postgresql:///books?host=/run/postgresql&password=s3cret", "postgresql:///books?host=/run/postgresql"),
            ("postgresql://ann@db/books", "postgresql://ann@db/books"),
            ("postgresql://db/a@b", "postgresql://db/a@b"),
            ("postgresql:", "postgresql:"),
        ]
        for (url, shown) in cases {
            XCTAssertEqual(PostgresURL.redacted(url), shown, url)
            XCTAssertFalse(PostgresURL.redacted(url).contains("s3"), url)
        }
    }

    func testWhichURLsCarryAPassword() {
        XCTAssertTrue(PostgresURL.hasPassword("postgresql://ann:x@db/books"))
        XCTAssertTrue(PostgresURL.hasPassword("postgresql://ann:@db/books"), "an empty password is still given")
        XCTAssertTrue(PostgresURL.hasPassword("postgresql://db/books?a=b&password=x"))
        XCTAssertTrue(PostgresURL.hasPassword("postgresql://db/books?%70assword=x"))
        XCTAssertFalse(PostgresURL.hasPassword("postgresql://ann@db/books?passwordless=1"))
        XCTAssertFalse(PostgresURL.hasPassword("postgresql://db/a:b@c"), "after the first '/' an '@' is the path's")
        XCTAssertFalse(PostgresURL.hasPassword("/home/ann/books"))
    }
}
