/// Tells what a book is from its first bytes and, for a zip, its entries' names; the file's
/// extension only decides what the content leaves open. What is no book is described
/// ("PNG image") as the PDF module's FileSniffer does.
enum BookSniffer {
    static let headLength = 4096

    static func isZip(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// A format for a file that is not a zip, or nil when it is none of them.
    static func format(head: [UInt8], fileExtension: String) -> ReflowFormat? {
        if head.count >= 68, Array(head[60..<68]) == Array("BOOKMOBI".utf8) { return .mobi }
        let text = String(decoding: head.prefix(headLength), as: UTF8.self)
        if text.contains("<FictionBook") { return .fb2 }
        let lowered = text.lowercased()
        if lowered.contains("<html") { return .xhtml }
        if ["xhtml", "html", "htm"].contains(fileExtension), lowered.contains("<?xml") { return .xhtml }
        return nil
    }

    /// The format of a zip from its entries' names: an EPUB's container (or its mimetype entry,
    /// `application/epub+zip`, stored first as the spec asks), an XPS's content types and
    /// fixed document sequence, a folder of images; else what its extension says.
    static func format(zip directory: ZipDirectory, head: [UInt8], fileExtension: String) -> ReflowFormat? {
        let names = directory.entries.map(\.name)
        if names.contains("META-INF/container.xml") || declaresEPUB(head) { return .epub }
        if names.contains("[Content_Types].xml"),
           names.contains(where: { $0.hasSuffix(".fdseq") || $0.contains("FixedDocumentSequence") }) {
            return .xps
        }
        let files = names.filter { !$0.hasSuffix("/") }
        // FB2 is mostly shared zipped, one book to a zip (name.fb2.zip).
        if files.count == 1, files[0].lowercased().hasSuffix(".fb2") { return .fb2 }
        if !files.isEmpty, files.allSatisfy({ isImage($0) || isComicSidecar($0) }), files.contains(where: isImage) {
            return .cbz
        }
        switch fileExtension {
        case "epub": return .epub
        case "cbz": return .cbz
        case "xps", "oxps": return .xps
        default: return nil
        }
    }

    /// The first local entry is `mimetype`, stored, saying application/epub+zip.
    static func declaresEPUB(_ head: [UInt8]) -> Bool {
        guard head.count > 30, head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return false }
        let nameLength = Int(ZipDirectory.le16(head, 26)), extraLength = Int(ZipDirectory.le16(head, 28))
        let nameEnd = 30 + nameLength
        guard head.count >= nameEnd, String(decoding: head[30..<nameEnd], as: UTF8.self) == "mimetype" else { return false }
        let data = nameEnd + extraLength
        let expected = Array("application/epub+zip".utf8)
        return head.count >= data + expected.count && Array(head[data..<data + expected.count]) == expected
    }

    static func isImage(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".jxr"].contains { lowered.hasSuffix($0) }
    }

    /// What comic archives carry beside their pages (ComicInfo.xml, a note, the OS's litter).
    private static func isComicSidecar(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".xml") || lowered.hasSuffix(".txt") || lowered.hasSuffix(".nfo")
            || lowered.hasSuffix("thumbs.db") || lowered.hasSuffix(".ds_store")
    }

    /// What a file that is no book is, for the error.
    static func describe(_ head: [UInt8]) -> String {
        func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
        if starts([0x1F, 0x8B]) { return "gzip-compressed data" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG image" }
        if starts(Array("GIF8".utf8)) { return "GIF image" }
        if isZip(head) { return "ZIP archive" }
        if starts(Array("%PDF-".utf8)) { return "PDF document" }
        if starts(Array("%!PS".utf8)) { return "PostScript document" }
        if starts([0x52, 0x61, 0x72, 0x21]) { return "RAR archive" }
        if starts([0x37, 0x7A, 0xBC, 0xAF]) { return "7-zip archive" }
        let window = head.prefix(512)
        let printable = window.filter { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }
        if !head.isEmpty && printable.count == window.count && !head.contains(0) { return "text file" }
        return "unknown data"
    }
}
