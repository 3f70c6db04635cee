import Foundation
import Raster
import TestSupport

/// Small books written by the tests: an EPUB 3 whose package and chapters a test chooses,
/// images of one colour, and files in a temporary folder removed after the run.
enum TestBooks {
    static func folder() throws -> URL { try Fixtures.temporaryDirectory("reflow") }

    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func png(width: Int, height: Int, color: RGB) -> [UInt8] {
        PNGEncoder.encode(RasterImage(width: width, height: height, fill: color))
    }

    static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    static func chapter(_ title: String, paragraphs: Int = 3) -> String {
        let body = (1...paragraphs).map { "<p id=\"p\($0)\">Paragraph \($0) of \(title): the quick brown fox jumps over the lazy dog.</p>" }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(title)</title></head>
            <body><h1 id="top">\(title)</h1>\(body.joined(separator: "\n"))</body></html>
            """
    }

    /// An EPUB with `opf` as its package (OEBPS/content.opf) and chapters one.xhtml and two.xhtml.
    static func epub(opf: String, extra: [TestZip.Entry] = [], container: String? = TestBooks.container) -> [UInt8] {
        var entries = [TestZip.Entry("mimetype", "application/epub+zip")]
        if let container { entries.append(TestZip.Entry("META-INF/container.xml", container)) }
        entries += [
            TestZip.Entry("OEBPS/content.opf", opf),
            TestZip.Entry("OEBPS/one.xhtml", chapter("Chapter One", paragraphs: 20)),
            TestZip.Entry("OEBPS/two.xhtml", chapter("Chapter Two", paragraphs: 20)),
        ]
        return TestZip.make(entries + extra)
    }

    static func opf(metadata: String, manifest: String = "", spine: String = "") -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">\(metadata)</metadata>
          <manifest>
            <item id="one" href="one.xhtml" media-type="application/xhtml+xml"/>
            <item id="two" href="two.xhtml" media-type="application/xhtml+xml"/>\(manifest)
          </manifest>
          <spine><itemref idref="one"/><itemref idref="two"/>\(spine)</spine>
        </package>
        """
    }
}
