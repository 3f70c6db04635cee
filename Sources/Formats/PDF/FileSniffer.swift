import Documents
import Foundation

/// Recognises what a file is from its first bytes, so a PNG named `.pdf`
/// is reported as a PNG image rather than as a "damaged PDF".
enum FileSniffer {
    /// The PDF spec lets the header start anywhere in the first 1024 bytes.
    static let headerWindow = 1024

    static func describe(_ head: [UInt8], path: String = "") -> String {
        // A book of another format reaches a PDF-only command as "not a PDF (an EPUB)".
        if let format = BookFormat.detect(head: head, path: path), format != .pdf {
            return format.withArticle
        }
        func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
        if starts([0x1F, 0x8B]) { return "gzip-compressed data" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "ZIP archive" }
        if starts(Array("%!PS".utf8)) { return "PostScript document" }
        let text = String(decoding: head.prefix(512), as: UTF8.self).lowercased()
        if text.contains("<html") || text.contains("<!doctype html") { return "HTML document" }
        let printable = head.prefix(512).filter { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }
        if !head.isEmpty && printable.count == min(head.count, 512) && !head.contains(0) { return "text file" }
        return "no PDF header"
    }
}
