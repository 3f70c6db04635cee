import BookLibrary
import Documents
import Foundation

/// A PDF of invisible text only (render mode 3), one page per scanned page,
/// each word drawn over its box as OCR stored it: laid under the scan, it
/// lets other tools find and copy the words where they are on the page.
/// Written page by page, so a long scan never sits in memory whole.
///
/// The font is tesseract's trick: a CID font whose codes are the words'
/// UTF-16 units, read back as themselves through an identity ToUnicode map,
/// every glyph half an em wide; a word is stretched (Tz) to fill its box. No
/// glyph is ever painted, so the font program is not needed.
final class InvisibleTextLayer {
    private let handle: FileHandle
    private var offset = 0
    /// Byte offsets of objects 1…n, for the cross-reference table.
    private var objectOffsets: [Int] = []
    private var pageObjects: [Int] = []
    let path: String

    private static let pagesObject = 2, fontObject = 3
    private static let reservedObjects = 6

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
        self.path = path
        try write("%PDF-1.5\n%\u{E2}\u{E3}\u{CF}\u{D3}\n")
        try writeFont()
    }

    deinit { try? handle.close() }

    /// Adds the next page: `width` × `height` points as displayed, the words
    /// with their boxes as fractions of it, the scan turned by `rotation`
    /// clockwise quarter turns to be upright (its lines run that way).
    func addPage(width: Double, height: Double, words: [PageWord], rotation: Int) throws {
        var content = "BT\n3 Tr\n"
        for word in words {
            let units = Array(word.text.utf16)
            guard !units.isEmpty, word.width > 0, word.height > 0 else { continue }
            let x0 = word.x * width, x1 = (word.x + word.width) * width
            let top = height * (1 - word.y), bottom = height * (1 - word.y - word.height)
            // The upright word's baseline start, its direction and size on the page as shown.
            let (originX, originY, cos, sin, size, length): (Double, Double, Double, Double, Double, Double)
            switch ((rotation % 4) + 4) % 4 {
            case 1: (originX, originY, cos, sin, size, length) = (x1, bottom, 0, 1, x1 - x0, top - bottom)
            case 2: (originX, originY, cos, sin, size, length) = (x1, top, -1, 0, top - bottom, x1 - x0)
            case 3: (originX, originY, cos, sin, size, length) = (x0, top, 0, -1, x1 - x0, top - bottom)
            default: (originX, originY, cos, sin, size, length) = (x0, bottom, 1, 0, top - bottom, x1 - x0)
            }
            let stretch = 100 * length / (Double(units.count) * size * 0.5)
            content += "/F1 \(Self.number(size)) Tf \(Self.number(stretch)) Tz "
                + "\(Self.number(cos)) \(Self.number(sin)) \(Self.number(-sin)) \(Self.number(cos)) "
                + "\(Self.number(originX)) \(Self.number(originY)) Tm <"
                + units.map { String(format: "%04X", $0) }.joined() + "> Tj\n"
        }
        content += "ET\n"
        let contentObject = try writeStream(Data(content.utf8))
        let page = try writeObject("""
            << /Type /Page /Parent \(Self.pagesObject) 0 R /MediaBox [0 0 \(Self.number(width)) \(Self.number(height))] \
            /Resources << /Font << /F1 \(Self.fontObject) 0 R >> >> /Contents \(contentObject) 0 R >>
            """)
        pageObjects.append(page)
    }

    /// Writes the page tree, the catalog and the cross-reference table.
    func finish() throws {
        let kids = pageObjects.map { "\($0) 0 R" }.joined(separator: " ")
        try writeObject("<< /Type /Pages /Kids [\(kids)] /Count \(pageObjects.count) >>", number: Self.pagesObject)
        try writeObject("<< /Type /Catalog /Pages \(Self.pagesObject) 0 R >>", number: 1)
        let table = offset
        var xref = "xref\n0 \(objectOffsets.count + 1)\n0000000000 65535 f \n"
        for objectOffset in objectOffsets { xref += String(format: "%010d 00000 n \n", objectOffset) }
        xref += "trailer\n<< /Size \(objectOffsets.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        try write(xref)
        try handle.synchronize()
        try handle.close()
    }

    private func writeFont() throws {
        objectOffsets = Array(repeating: 0, count: Self.reservedObjects)
        try writeObject("""
            << /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H \
            /DescendantFonts [4 0 R] /ToUnicode 5 0 R >>
            """, number: Self.fontObject)
        try writeObject("""
            << /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont \
            /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
            /FontDescriptor 6 0 R /DW 500 /CIDToGIDMap /Identity >>
            """, number: 4)
        let toUnicode = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange
            1 beginbfrange
            <0000> <FFFF> <0000>
            endbfrange
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
        try writeStream(Data(toUnicode.utf8), number: 5)
        try writeObject("""
            << /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 0 500 1000] \
            /ItalicAngle 0 /Ascent 1000 /Descent 0 /CapHeight 1000 /StemV 80 >>
            """, number: 6)
    }

    /// Writes object `number`, or the next new one; returns its number.
    @discardableResult
    private func writeObject(_ body: String, number: Int? = nil) throws -> Int {
        try writeObject(Data((body + "\n").utf8), number: number)
    }

    @discardableResult
    private func writeStream(_ data: Data, number: Int? = nil) throws -> Int {
        var body = Data("<< /Length \(data.count) >>\nstream\n".utf8)
        body.append(data)
        body.append(Data("\nendstream\n".utf8))
        return try writeObject(body, number: number)
    }

    private func writeObject(_ body: Data, number: Int?) throws -> Int {
        let object: Int
        if let number {
            object = number
        } else {
            objectOffsets.append(0)
            object = objectOffsets.count
        }
        objectOffsets[object - 1] = offset
        var data = Data("\(object) 0 obj\n".utf8)
        data.append(body)
        data.append(Data("endobj\n".utf8))
        try write(data)
        return object
    }

    private func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    private func write(_ data: Data) throws {
        try handle.write(contentsOf: data)
        offset += data.count
    }

    /// PDF numbers: plain decimals, no exponent.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
    }
}
