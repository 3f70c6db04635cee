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
}
