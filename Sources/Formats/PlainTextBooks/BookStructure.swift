/// What a book's lines make: the region that is the book (inside a Gutenberg frame), whether it is
/// hard-wrapped, its headings, title and author lines, and its language when its script tells it.
/// Kept beside the text so that the XHTML is written without finding them again.
struct BookStructure: Sendable {
    var wrapWidth: Int?
    var headings: [ChapterFinder.Heading]
    var title: String?
    var titleLine: Int?
    var author: String?
    var authorLine: Int?
    var language: String?

    init(_ lines: TextLines) {
        let frame = GutenbergFrame(lines)
        let region = frame?.body ?? 0..<lines.count
        wrapWidth = HardWrap.width(of: lines, in: region)
        headings = ChapterFinder.headings(in: lines, region: region, wrapWidth: wrapWidth)
        if let frame {
            title = frame.title
            author = frame.author
        } else {
            let front = FrontMatter.find(in: lines, region: region, headingLines: Set(headings.map(\.line)),
                                         firstHeading: headings.first?.line)
            (title, titleLine, author, authorLine) = (front.title, front.titleLine, front.author, front.authorLine)
        }
        language = Self.language(of: lines.bytes)
    }

    /// zh, ja or ko from the script of the first 64 KB; nil for anything else (telling English
    /// from French would take more than counting).
    static func language(of bytes: [UInt8]) -> String? {
        var kana = 0, hangul = 0, han = 0, characters = 0
        var index = 0
        let end = min(bytes.count, 64 * 1024)
        while index < end {
            let lead = bytes[index]
            if lead & 0xC0 != 0x80 { characters += 1 }
            if lead >= 0xE0 && lead < 0xF0 && index + 2 < bytes.count {
                let scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                switch scalar {
                case 0x3041...0x30FF: kana += 1
                case 0xAC00...0xD7A3: hangul += 1
                case 0x3400...0x4DBF, 0x4E00...0x9FFF: han += 1
                default: break
                }
                index += 3
            } else {
                index += 1
            }
        }
        let cjk = kana + hangul + han
        guard cjk > 0, cjk * 5 >= characters else { return nil }
        if hangul * 3 >= cjk { return "ko" }
        if kana * 20 >= cjk { return "ja" }
        return "zh"
    }
}
