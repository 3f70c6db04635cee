/// What kind of book a file is, told from its content first and its name second.
public enum ReflowFormat: String, Codable, Sendable {
    case epub, fb2, cbz, xps, mobi, xhtml

    /// The name MuPDF's document handlers answer to.
    var magic: String { rawValue }
}
