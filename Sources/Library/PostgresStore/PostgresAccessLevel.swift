/// What a person may do on a shared library, as `ibook server grant` gives it:
/// readers read and search everything and keep their own bookmarks, history
/// and open book; editors also add, edit, tag and remove books.
public enum PostgresAccessLevel: String, CaseIterable, Codable, Sendable {
    case reader, editor
}
