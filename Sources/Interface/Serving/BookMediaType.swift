import BookLibrary

/// The MIME type a book's file is served as, by its format.
public enum BookMediaType {
    public static func of(_ format: BookFormat) -> String {
        switch format {
        case .pdf: return "application/pdf"
        case .epub: return "application/epub+zip"
        case .fb2: return "application/x-fictionbook+xml"
        case .cbz: return "application/vnd.comicbook+zip"
        case .xps: return "application/oxps"
        case .mobi: return "application/x-mobipocket-ebook"
        // Kept in whatever encoding it came in.
        case .txt: return "text/plain"
        }
    }
}
