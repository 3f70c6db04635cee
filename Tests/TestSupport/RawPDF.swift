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
}
