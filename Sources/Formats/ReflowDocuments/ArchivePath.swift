/// Paths inside a book's archive: an href resolved against the file it appears in, as
/// MuPDF names chapters (percent-decoded, "." and ".." folded, fragment kept).
enum ArchivePath {
    /// "EPUB/nav.xhtml" + "text/ch%201.xhtml#p3" → "EPUB/text/ch 1.xhtml#p3"; nil for an external link.
    static func resolve(_ href: String, from base: String) -> String? {
        let trimmed = href.trimmingSpaces
        if trimmed.isEmpty || trimmed.contains("://") || trimmed.hasPrefix("mailto:") { return nil }
        var path = Substring(trimmed)
        var fragment = ""
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[hash...])
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        var parts: [Substring] = []
        if path.isEmpty {
            parts = base.split(separator: "/")
        } else {
            if !path.hasPrefix("/") { parts = Array(folder(of: base).split(separator: "/")) }
            for part in percentDecoded(String(path)).split(separator: "/") {
                if part == "." { continue }
                if part == ".." {
                    if !parts.isEmpty { parts.removeLast() }
                    continue
                }
                parts.append(part)
            }
        }
        return parts.joined(separator: "/") + fragment
    }

    /// "OEBPS/content.opf" → "OEBPS"; "content.opf" → "".
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = hex(utf8[utf8.startIndex]),
               let low = hex(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
