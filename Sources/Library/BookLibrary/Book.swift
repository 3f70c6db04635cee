import FoundationEssentials
import Glibc
import LeanBasics
import Store
@_exported import Documents

/// A book in the library, as stored when it was added.
public struct Book: Codable, Equatable, Sendable {
    public var id: Int
    public var sha256: String
    public var path: String
    public var size: Int
    public var title: String
    public var author: String
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    public var created: Date?
    public var modified: Date?
    public var pageCount: Int
    public var addedAt: Date
    public var titleSource: MetadataSource
    public var authorSource: MetadataSource
    /// PDF, EPUB, FB2, a comic or plain text: which engine opens the file.
    public var format: BookFormat

    /// The columns a Book is read from, in order.
    private static let columnNames = ["id", "sha256", "path", "size", "title", "author", "subject", "keywords", "creator", "producer",
                              "created", "modified", "page_count", "added_at", "title_source", "author_source", "format"]

    /// The columns a Book is read from, of `table` (an alias) when given. On
    /// a shared library the path is where this machine finds the file (see `MachineRoots`).
    static func columns(_ dialect: SQLDialect, table: String? = nil) -> String {
        if dialect == .sqlite && table == nil { return plainColumns }
        let prefix = table.map { $0 + "." } ?? ""
        return columnNames.map { name in
            if name == "path" { return dialect.bookFile(table: table) + " AS path" }
            return prefix + name
        }.joined(separator: ", ")
    }

    /// What most book lookups ask for, joined once.
    private static let plainColumns = columnNames.joined(separator: ", ")

    /// Throws `MissingValue` for a row without one of the values ibook always writes.
    init(row: Row) throws {
        id = try row.required("id", Row.int)
        sha256 = try row.required("sha256", Row.string)
        path = try row.required("path", Row.string)
        size = try row.required("size", Row.int)
        // Whoever may write to a shared library may write any bytes into
        // these, and every reader's terminal prints them: no control characters.
        title = TerminalText.line(try row.required("title", Row.string))
        author = TerminalText.line(try row.required("author", Row.string))
        subject = row.string("subject").map(TerminalText.line)
        keywords = row.string("keywords").map(TerminalText.line)
        creator = row.string("creator").map(TerminalText.line)
        producer = row.string("producer").map(TerminalText.line)
        created = row.date("created")
        modified = row.date("modified")
        pageCount = try row.required("page_count", Row.int)
        addedAt = try row.required("added_at", Row.date)
        titleSource = row.string("title_source").flatMap(MetadataSource.init(rawValue:)) ?? .metadata
        authorSource = row.string("author_source").flatMap(MetadataSource.init(rawValue:)) ?? .metadata
        format = row.string("format").flatMap(BookFormat.init(rawValue:)) ?? .pdf
    }
}
