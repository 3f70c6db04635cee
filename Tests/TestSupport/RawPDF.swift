import Foundation

/// Writes PDFs object by object, for the malformed and hostile files the
/// tests need (cycles, absurd counts, odd encodings) that no sane writer makes.
public struct RawPDF {
    public var objects: [Int: [UInt8]] = [:]
    public var root = 1
    public var info: Int?
    /// Replace the cross-reference offsets with garbage.
    public var breakXref = false

    public init() {}

    public mutating func set(_ number: Int, _ body: String) {
        objects[number] = Array(body.utf8)
    }

    public mutating func set(_ number: Int, bytes: [UInt8]) {
        objects[number] = bytes
    }

    /// A stream object with the given dictionary entries and raw data.
    public mutating func setStream(_ number: Int, dictionary: String = "", data: [UInt8]) {
        objects[number] = Array("<< /Length \(data.count) \(dictionary) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
    }

    public func bytes() -> [UInt8] {
        var output = Array("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int: Int] = [:]
        let maxNumber = objects.keys.max() ?? 0
        for number in objects.keys.sorted() {
            offsets[number] = output.count
            output += Array("\(number) 0 obj\n".utf8) + objects[number]! + Array("\nendobj\n".utf8)
        }
        let xrefOffset = output.count
        output += Array("xref\n0 \(maxNumber + 1)\n0000000000 65535 f \n".utf8)
        for number in 1...max(1, maxNumber) {
            if let offset = offsets[number] {
                let shown = breakXref ? (offset * 7919) % 99_999 : offset
                output += Array(String(format: "%010d 00000 n \n", shown).utf8)
            } else {
                output += Array("0000000000 65535 f \n".utf8)
            }
        }
        var trailer = "trailer\n<< /Size \(maxNumber + 1) /Root \(root) 0 R"
        if let info { trailer += " /Info \(info) 0 R" }
        output += Array((trailer + " >>\nstartxref\n\(xrefOffset)\n%%EOF\n").utf8)
        return output
    }

    public func write(to url: URL) throws {
        try Data(bytes()).write(to: url)
    }

    /// A plain one-page document to build variations on: catalog 1, pages 2,
    /// page 3, content 4, font 5.
    public static func simple(text: String = "Hello hostile world", mediaBox: String? = "[0 0 612 792]") -> RawPDF {
        var pdf = RawPDF()
        pdf.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
        pdf.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        let box = mediaBox.map { "/MediaBox \($0)" } ?? ""
        pdf.set(3, "<< /Type /Page /Parent 2 0 R \(box) /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>")
        pdf.setStream(4, data: Array("BT /F1 24 Tf 72 700 Td (\(text)) Tj ET".utf8))
        pdf.set(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        return pdf
    }

    /// A book of plain Helvetica pages, one string per page (lines split at
    /// newlines), with a title and outline entries (title, 1-based page):
    /// what the search tests rank.
    public static func book(title: String, pages: [String], outline: [(title: String, page: Int)] = []) -> RawPDF {
        func literal(_ text: String) -> String {
            "(" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                .replacingOccurrences(of: ")", with: "\\)") + ")"
        }
        var pdf = RawPDF()
        let pageObject = { (index: Int) in 10 + 2 * index }
        let outlineObject = { (index: Int) in 10 + 2 * pages.count + index }
        pdf.set(1, "<< /Type /Catalog /Pages 2 0 R" + (outline.isEmpty ? "" : " /Outlines 5 0 R /PageMode /UseOutlines") + " >>")
        pdf.set(2, "<< /Type /Pages /Kids [\(pages.indices.map { "\(pageObject($0)) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        pdf.set(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        pdf.set(4, "<< /Title \(literal(title)) /Producer (ibook tests) >>")
        pdf.info = 4
        for (index, text) in pages.enumerated() {
            pdf.set(pageObject(index), "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(pageObject(index) + 1) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { literal(String($0)) + " Tj T*" }
            pdf.setStream(pageObject(index) + 1, data: Array("BT /F1 11 Tf 14 TL 72 720 Td \(lines.joined(separator: " ")) ET".utf8))
        }
        if !outline.isEmpty {
            pdf.set(5, "<< /Type /Outlines /First \(outlineObject(0)) 0 R /Last \(outlineObject(outline.count - 1)) 0 R /Count \(outline.count) >>")
            for (index, entry) in outline.enumerated() {
                var item = "<< /Title \(literal(entry.title)) /Parent 5 0 R /Dest [\(pageObject(entry.page - 1)) 0 R /XYZ 0 792 0]"
                if index > 0 { item += " /Prev \(outlineObject(index - 1)) 0 R" }
                if index < outline.count - 1 { item += " /Next \(outlineObject(index + 1)) 0 R" }
                pdf.set(outlineObject(index), item + " >>")
            }
        }
        return pdf
    }
}
