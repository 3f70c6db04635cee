import Foundation

/// PDFs made for the title tests: junk Info titles, XMP-only titles, title
/// pages in Latin, CJK and Cyrillic type, a scanned cover with no text.
public enum TitledPDFs {
    /// One Helvetica page: each line at its size, from the top down.
    public static func latin(lines: [(text: String, size: Double)], infoTitle: String? = nil, infoAuthor: String? = nil,
                             xmp: String? = nil, scannedCover: Bool = false) -> RawPDF {
        var pdf = RawPDF()
        var content = "BT\n"
        var y = 720.0
        for line in lines {
            let escaped = line.text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            content += "/F1 \(line.size) Tf 1 0 0 1 72 \(y) Tm (\(escaped)) Tj\n"
            y -= line.size * 1.3
        }
        content += "ET"
        let metadata = xmp == nil ? "" : " /Metadata 8 0 R"
        pdf.set(1, "<< /Type /Catalog /Pages 2 0 R\(metadata) >>")
        pdf.set(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        pdf.setStream(4, data: Array(content.utf8))
        if scannedCover {
            // Page 1 is an image only, as a scanner makes it; the text is on page 2.
            pdf.set(2, "<< /Type /Pages /Kids [6 0 R 3 0 R] /Count 2 >>")
            pdf.set(6, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /XObject << /Im1 9 0 R >> >> >>")
            pdf.setStream(7, data: Array("q 612 0 0 792 0 0 cm /Im1 Do Q".utf8))
            pdf.setStream(9, dictionary: "/Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8",
                          data: (0..<64).map { UInt8(($0 * 37) % 256) })
        } else {
            pdf.set(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        }
        pdf.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>")
        if let xmp { pdf.setStream(8, dictionary: "/Type /Metadata /Subtype /XML", data: Array(xmp.utf8)) }
        var info: [String] = []
        if let infoTitle { info.append("/Title \(pdfString(infoTitle))") }
        if let infoAuthor { info.append("/Author \(pdfString(infoAuthor))") }
        if !info.isEmpty {
            pdf.set(10, "<< \(info.joined(separator: " ")) >>")
            pdf.info = 10
        }
        return pdf
    }

    /// An XMP packet with these Dublin Core values.
    public static func xmp(title: String?, creators: [String]) -> String {
        let titleXML = title.map { "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escapeXML($0))</rdf:li></rdf:Alt></dc:title>" } ?? ""
        let creatorXML = creators.isEmpty ? "" : "<dc:creator><rdf:Seq>" + creators.map { "<rdf:li>\(escapeXML($0))</rdf:li>" }.joined() + "</rdf:Seq></dc:creator>"
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\(titleXML)\(creatorXML)</rdf:Description>
            </rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// A title page in any script, typeset by WeasyPrint with real fonts;
    /// `title` becomes the Info title when given.
    public static func typeset(to url: URL, heading: String, byline: String, body: String, infoTitle: String? = nil,
                               language: String) throws {
        let head = infoTitle.map { "<title>\(escapeXML($0))</title>" } ?? ""
        let html = """
            <html lang="\(language)"><head><meta charset="utf-8">\(head)
            <style>body { font-family: 'DejaVu Sans', 'Noto Sans CJK SC'; font-size: 11pt }
            h1 { font-size: 26pt; margin-top: 80pt } .by { font-size: 14pt }</style></head>
            <body><h1>\(escapeXML(heading))</h1><p class="by">\(escapeXML(byline))</p><p>\(escapeXML(body))</p></body></html>
            """
        let source = url.deletingPathExtension().appendingPathExtension("html")
        try html.write(to: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: source) }
        let result = try Run.process("/usr/bin/weasyprint", [source.path, url.path])
        guard result.status == 0 else { throw RunError.failed("weasyprint: \(result.stderr)") }
    }

    static func pdfString(_ text: String) -> String {
        if text.allSatisfy({ $0.isASCII }) {
            return "(" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
                .replacingOccurrences(of: ")", with: "\\)") + ")"
        }
        // UTF-16BE with a byte-order mark, as PDF text strings are written outside Latin-1.
        let hex = text.utf16.map { String(format: "%04X", $0) }.joined()
        return "<FEFF\(hex)>"
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
