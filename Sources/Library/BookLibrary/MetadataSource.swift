/// Where a book's title or author came from, shown by `info` and `--json`.
public enum MetadataSource: String, Codable, Sendable, CaseIterable {
    /// The PDF's Info dictionary.
    case metadata
    /// The Dublin Core fields of the PDF's XMP packet.
    case xmp
    /// The largest type near the top of the first page with text, and the names below it.
    case firstPage = "first page"
    case fileName = "file name"
    /// Set by a person with `ibook edit`; never replaced by `refresh`.
    case edited
    /// Nothing usable was found.
    case none
}
