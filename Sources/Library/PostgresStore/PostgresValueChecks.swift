import BookLibrary
import Postgres
import Store

/// Migration `pg-10-value-checks`: the server refuses values ibook never
/// writes and that would hurt everyone else, whoever writes them (raw SQL
/// as an editor, or a reader in their own rows).
///
/// - A content hash is 64 lowercase hex digits: clients turn it into file
///   names (covers, thumbnails), so `../../x` must never come back from the
///   server. Books with another are refused by the upgrade, counted, for the
///   owner to look at (they were not added by ibook); bookmarks, history and
///   covers referred to books until now, so theirs are sound; an open book
///   with another (only its person's own row) is forgotten.
/// - An edited year is 0…9999 and a rating 0…5, written as ibook writes them:
///   `year:` and `rating:` cast them to integers, and one that does not cast
///   failed those queries for every person (SQLSTATE 22P02). One that ibook
///   could never have read as a number is deleted: nobody saw it as one.
/// - A PDF's dates and the time a book was added are finite and within years
///   1…9999: `year:` reads the creation year on the server, and a client
///   turning NaN into a year stops. Dates outside are forgotten (NULL), an
///   added time outside becomes the upgrade's.
enum PostgresValueChecks {
    static let hashPattern = "^[0-9a-f]{64}$"
    /// 0001-01-01 and 9999-12-31T23:59:59 UTC in unix seconds.
    static let earliest = -62_135_596_800.0
    static let latest = 253_402_300_799.0

    static func migrate(_ db: PostgresConnection) throws {
        let malformed = try db.count("SELECT count(*) FROM books WHERE sha256 !~ ?", [hashPattern])
        guard malformed == 0 else { throw PostgresAdministrationError.malformedBookHashes(count: malformed) }
        let hash = PostgresQuoting.literal(hashPattern)
        let inRange = { (column: String) in "\(column) BETWEEN \(earliest) AND \(latest)" }
        try db.execute("""
            DELETE FROM state WHERE key = 'open_book' AND value !~ \(hash);
            DELETE FROM book_fields WHERE (field = 'year' AND value !~ '^(0|[1-9][0-9]{0,3})$')
                OR (field = 'rating' AND value !~ '^[0-5]$');
            UPDATE books SET created = NULL WHERE NOT \(inRange("created"));
            UPDATE books SET modified = NULL WHERE NOT \(inRange("modified"));
            UPDATE books SET added_at = extract(epoch FROM now()) WHERE NOT \(inRange("added_at"));
            ALTER TABLE books ADD CONSTRAINT books_sha256_hex CHECK (sha256 ~ \(hash)),
                ADD CONSTRAINT books_created_range CHECK (\(inRange("created"))),
                ADD CONSTRAINT books_modified_range CHECK (\(inRange("modified"))),
                ADD CONSTRAINT books_added_at_range CHECK (\(inRange("added_at")));
            ALTER TABLE covers ADD CONSTRAINT covers_sha256_hex CHECK (sha256 ~ \(hash));
            ALTER TABLE bookmarks ADD CONSTRAINT bookmarks_sha256_hex CHECK (sha256 ~ \(hash));
            ALTER TABLE history ADD CONSTRAINT history_sha256_hex CHECK (sha256 ~ \(hash));
            ALTER TABLE state ADD CONSTRAINT state_open_book_hex CHECK (key <> 'open_book' OR value ~ \(hash));
            ALTER TABLE book_fields ADD CONSTRAINT book_fields_numbers CHECK (CASE field
                WHEN 'year' THEN value ~ '^(0|[1-9][0-9]{0,3})$'
                WHEN 'rating' THEN value ~ '^[0-5]$'
                ELSE true END);
            """)
    }
}
