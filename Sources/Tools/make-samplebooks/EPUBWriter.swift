// EPUBWriter: an EPUBBook as the bytes of an .epub: `mimetype` first and
// stored, then the container, the package, both tables of contents, the
// stylesheet, the cover and the XHTML documents, deflated.

import Foundation

enum EPUBWriter {
    static let folder = "OEBPS"

    static func write(_ book: EPUBBook, toDirectory directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent(book.file)
        try Data(archive(book)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func archive(_ book: EPUBBook) -> [UInt8] {
        var zip = ZipArchive()
        zip.add("mimetype", Array("application/epub+zip".utf8), deflated: false)
        zip.add("META-INF/container.xml", Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles>
                <rootfile full-path="\(folder)/content.opf" media-type="application/oebps-package+xml"/>
              </rootfiles>
            </container>

            """.utf8))
        zip.add("\(folder)/content.opf", Array(EPUBPackageDocument.xml(book).utf8))
        zip.add("\(folder)/nav.xhtml", Array(EPUBNavigationDocuments.nav(book).utf8))
        zip.add("\(folder)/toc.ncx", Array(EPUBNavigationDocuments.ncx(book).utf8))
        zip.add("\(folder)/style.css", Array(book.stylesheet.utf8))
        // A PNG is compressed already: deflating it again saves nothing.
        zip.add("\(folder)/cover.png", book.cover, deflated: false)
        for document in book.documents {
            zip.add("\(folder)/\(document.name)", Array(xhtml(document, of: book).utf8))
        }
        return zip.bytes
    }

    static func xhtml(_ document: EPUBDocument, of book: EPUBBook) -> String {
        let e = XMLEscaping.text
        var body = ""
        // A page break is set at the start of the block that follows it: an empty element standing
        // alone between blocks resolves (through MuPDF) to a page before the one it is on.
        var pageBreak = ""
        for block in document.blocks {
            switch block {
            case let .heading(level, text, id, _):
                body += "<h\(level) id=\"\(id)\">\(pageBreak)\(e(text))</h\(level)>\n"
            case let .paragraph(markup, className):
                body += className.map { "<p class=\"\($0)\">" } ?? "<p>"
                body += pageBreak + markup + "</p>\n"
            case let .pageBreak(label):
                pageBreak = "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"\(EPUBBook.pageID(label))\" aria-label=\"\(label)\"></span>"
                continue
            case let .image(source, alternative):
                body += "<div class=\"cover\">\(pageBreak)<img src=\"\(source)\" alt=\"\(e(alternative))\"/></div>\n"
            case let .note(id, number, text, backTo):
                body += """
                    <aside epub:type="endnote" id="\(id)"><p>\(pageBreak)<a href="\(backTo)" role="doc-backlink">\(number).</a> \(text)</p></aside>

                    """
            }
            pageBreak = ""
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(book.language)" lang="\(book.language)">
            <head>
            <meta charset="UTF-8"/>
            <title>\(e(document.title))</title>
            <link rel="stylesheet" type="text/css" href="style.css"/>
            </head>
            <body>
            <section epub:type="\(document.type)">
            \(body)</section>
            </body>
            </html>

            """
    }
}
