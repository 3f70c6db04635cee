/// What kind of file a book is. PDFs have fixed pages; the others are laid
/// out into pages by the reflow engine (comics and XPS have fixed pages too,
/// but are opened by the same engine).
public enum BookFormat: String, Codable, CaseIterable, Sendable {
    case pdf, epub, fb2, cbz, xps, mobi, txt

    /// The file-name endings `add` collects from folders, in lowercase.
    public static let fileExtensions: [String: BookFormat] = [
        "pdf": .pdf, "epub": .epub, "fb2": .fb2, "cbz": .cbz, "xps": .xps, "oxps": .xps, "mobi": .mobi, "txt": .txt,
    ]

    /// How the format is named in messages and listings.
    public var displayName: String {
        switch self {
        case .pdf: return "PDF"
        case .epub: return "EPUB"
        case .fb2: return "FB2"
        case .cbz: return "CBZ comic"
        case .xps: return "XPS"
        case .mobi: return "MOBI"
        case .txt: return "plain-text book"
        }
    }

    /// Whether ibook lays the book out into pages (the page numbers are those
    /// of the reference layout), rather than the file having pages of its own.
    public var isLaidOut: Bool {
        switch self {
        case .epub, .fb2, .mobi, .txt: return true
        case .pdf, .cbz, .xps: return false
        }
    }

    /// The format with its article, as a sentence names it ("is an EPUB").
    public var withArticle: String {
        switch self {
        case .pdf: return "a PDF"
        case .epub: return "an EPUB"
        case .fb2: return "an FB2 book"
        case .cbz: return "a CBZ comic"
        case .xps: return "an XPS document"
        case .mobi: return "a MOBI book"
        case .txt: return "a plain-text book"
        }
    }

    /// The format a file name's ending promises, if it is one of ours.
    public static func promised(byName path: String) -> BookFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return fileExtensions[path[path.index(after: dot)...].lowercased()]
    }

    /// The format of a file from its first bytes, its name deciding only
    /// between formats that look alike (a zip of pages, a text file). Nil
    /// when it is none of ours; the caller then reports what it is.
    public static func detect(head: [UInt8], path: String) -> BookFormat? {
        let named = promised(byName: path)
        if containsPDFHeader(head) { return .pdf }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            // EPUB's first entry must be `mimetype`, stored: its content sits at byte 38.
            if head.count >= 58, Array(head[30..<38]) == Array("mimetype".utf8),
               String(decoding: head[38..<min(head.count, 80)], as: UTF8.self).hasPrefix("application/epub+zip") {
                return .epub
            }
            switch named {
            case .epub?, .cbz?, .xps?: return named
            default: return nil
            }
        }
        if head.count >= 68, Array(head[60..<68]) == Array("BOOKMOBI".utf8) { return .mobi }
        let opening = String(decoding: head.prefix(1024), as: UTF8.self)
        if opening.contains("<FictionBook") { return .fb2 }
        if named == .txt, !head.contains(where: { $0 == 0 }) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return .txt
        }
        return nil
    }

    /// The PDF spec lets the header start anywhere in the first 1024 bytes.
    public static func containsPDFHeader(_ head: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        guard head.count >= marker.count else { return false }
        for start in 0...(head.count - marker.count) where head[start] == marker[0] {
            if Array(head[start..<start + marker.count]) == marker { return true }
        }
        return false
    }
}
