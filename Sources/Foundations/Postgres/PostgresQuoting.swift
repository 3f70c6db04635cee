import LeanBasics

/// Names and text written into SQL where the server takes no parameter:
/// role names in GRANT and CREATE ROLE, a comment on a role. Everything
/// else is bound (see `PostgresConnection`).
public enum PostgresQuoting {
    /// `name` as an identifier, in double quotes: any text but NUL (which
    /// libpq cannot send) is a valid role name, a quote included.
    public static func identifier(_ name: String) -> String {
        "\"" + name.replacingEvery("\"", with: "\"\"") + "\""
    }

    /// `text` as a string literal (standard_conforming_strings, the default since 9.1).
    public static func literal(_ text: String) -> String {
        "'" + text.replacingEvery("'", with: "''") + "'"
    }

    /// `text` as an escape string literal (`E'…'`), read the same whatever standard_conforming_strings
    /// says: for values that come from a file of the user's (a root's path may hold a backslash).
    public static func escapedLiteral(_ text: String) -> String {
        "E'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "''") + "'"
    }

    /// A setting's name (`lock_timeout`, `ibook.roots`) as SET takes it: only ibook's own names, never a user's.
    static func settingName(_ name: String) -> String {
        precondition(!name.isEmpty && name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }, "not a setting's name: \(name)")
        return name
    }
}
