import FileNames
import Glibc

/// A plain-text book: its bytes decoded from whatever charset they are in, cleaned into UTF-8
/// text, with the chapters its headings mark, its title and author when its first lines give
/// them, and an XHTML document of it for laying out into pages.
public struct PlainTextBook: Sendable {
    /// 64 MiB: ten times the longest novels; a larger ".txt" is a log or a dump, not a book.
    public static let maximumBytes = 64 * 1024 * 1024

    /// The charset as detected and used: "UTF-8", "UTF-16LE", "GB18030", "BIG5", "SHIFT_JIS", "EUC-KR",
    /// "WINDOWS-1252", "ISO-8859-1", …
    public let encoding: String
    /// NFC, line ends \n, no BOM, no control characters but tab and newline; bytes that did not
    /// decode are U+FFFD.
    public let text: String
    public let chapters: [PlainTextChapter]
    /// A title line at the very top that stands out (short, then a blank line, not a heading),
    /// or Project Gutenberg's `Title:`.
    public var title: String?
    /// "by X", "Author: X", "作者：X" near the top, or Project Gutenberg's `Author:`.
    public var author: String?

    let structure: BookStructure

    public init(path: String) throws {
        try self.init(bytes: Self.read(path))
    }

    public init(bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { throw PlainTextError.empty }
        guard bytes.count <= Self.maximumBytes else { throw PlainTextError.tooLarge(bytes.count) }
        let decoded = try bytes.withUnsafeBufferPointer(EncodingDetector.decode)
        let text = TextCleaner.text(from: decoded.utf8)
        guard !text.isEmpty else { throw PlainTextError.empty }
        let lines = TextLines(text)
        let structure = BookStructure(lines)
        self.encoding = decoded.encoding
        self.text = text
        self.structure = structure
        self.chapters = structure.headings.map { PlainTextChapter(title: $0.title, level: $0.level, offset: $0.offset) }
        self.title = structure.title
        self.author = structure.author
    }

    /// The id of `chapters[index]`'s heading in `xhtml()`: "c1" for the first.
    public static func xhtmlID(ofChapter index: Int) -> String { "c\(index + 1)" }

    /// The book as a UTF-8 XHTML 1.1 document; `chapters[i]` is the heading with id `xhtmlID(ofChapter: i)`.
    public func xhtml() -> [UInt8] {
        var writer = XHTMLWriter(lines: TextLines(text), structure: structure, title: title ?? chapters.first?.title)
        return writer.document()
    }

    /// The file's bytes, its size checked before any is read so that a huge file costs nothing.
    private static func read(_ path: String) throws -> [UInt8] {
        let descriptor = FileName.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw PlainTextError.missing }
            if code == EISDIR { throw PlainTextError.isDirectory }
            throw PlainTextError.unreadable(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PlainTextError.unreadable(String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw PlainTextError.isDirectory }
        let size = Int(info.st_size)
        if size > maximumBytes { throw PlainTextError.tooLarge(size) }
        // Pipes and /proc files say 0: read until the end, up to one byte past the limit.
        var bytes = [UInt8](repeating: 0, count: (size > 0 ? size : 64 * 1024) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= maximumBytes else { throw PlainTextError.tooLarge(filled) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumBytes + 1 - bytes.count))
            }
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR { throw PlainTextError.isDirectory }
                throw PlainTextError.unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
