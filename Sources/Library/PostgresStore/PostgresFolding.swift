import BookLibrary
import FoundationEssentials
import Glibc
import LeanBasics

/// `ibook_fold(text)` for a shared library: the folding that list queries
/// apply locally through the SQLite function of the same name
/// (`QuerySQL.folded`: case beyond ASCII, accents, ligatures, ß, width),
/// written as SQL so that PostgreSQL compares folded text in the query.
///
/// The server cannot run Swift, so the function is a table computed here,
/// once, from `QuerySQL.folded` itself over the scripts a catalog's titles
/// and authors are written in (Latin with its extensions, Greek, Cyrillic,
/// combining accents, ligatures, full-width forms): `translate` for each
/// character that folds to one character or none, `replace` for those
/// that fold to several (ß → ss, ﬁ → fi), then `lower` for ASCII. Outside
/// those blocks a character is only lowered by the server's own rules.
enum PostgresFolding {
    static let blocks: [ClosedRange<UInt32>] = [
        0x00A0...0x024F, 0x0300...0x036F, 0x0370...0x03FF, 0x0400...0x04FF,
        0x1E00...0x1EFF, 0x1F00...0x1FFF, 0x2000...0x206F, 0xFB00...0xFB06, 0xFF00...0xFFEF,
    ]

    /// The statement that creates the function, or replaces it with this ibook's folding.
    static func createFunction() -> String {
        var from = "", to = "", deleted = ""
        var expansions: [(String, String)] = []
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control,
                      scalar.properties.generalCategory != .unassigned
                else { continue }
                let original = String(Character(scalar))
                var folded = QuerySQL.folded(original)
                // A combining accent (or a half-width sound mark) alone stays; after a letter it goes.
                if QuerySQL.folded("a" + original) == "a" { folded = "" }
                guard folded != original else { continue }
                switch folded.unicodeScalars.count {
                case 0: deleted.unicodeScalars.append(scalar)
                case 1:
                    from.unicodeScalars.append(scalar)
                    to += folded
                default: expansions.append((original, folded))
                }
            }
        }
        // translate drops the characters of `from` that have no partner in `to`: the ignorable ones go last.
        func literal(_ text: String) -> String { "'" + text.replacingEvery("'", with: "''") + "'" }
        var expression = "$1"
        for (original, folded) in expansions { expression = "replace(\(expression), \(literal(original)), \(literal(folded)))" }
        expression = "lower(translate(\(expression), \(literal(from + deleted)), \(literal(to))))"
        return """
            CREATE OR REPLACE FUNCTION ibook_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $fold$ SELECT \(expression) $fold$
            """
    }
}
