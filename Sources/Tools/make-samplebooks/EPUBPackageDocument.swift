// The OPF of an EPUBBook: EPUB 3 metadata (refinements, a series as a
// collection), with what EPUB 2 readers look for as well (the NCX in the
// spine's toc, `<meta name="cover">`, a guide), so either kind reads it.

enum EPUBPackageDocument {
    static let coverID = "cover-image"

    static func xml(_ book: EPUBBook) -> String {
        let e = XMLEscaping.text
        var metadata = """
            <dc:identifier id="book-id">urn:isbn:\(book.isbn)</dc:identifier>
            <meta refines="#book-id" property="identifier-type" scheme="onix:codelist5">15</meta>
            <dc:title id="book-title">\(e(book.title))</dc:title>
            <dc:creator id="author">\(e(book.author))</dc:creator>
            <meta refines="#author" property="role" scheme="marc:relators">aut</meta>
            <meta refines="#author" property="file-as">\(e(book.authorFileAs))</meta>
            <dc:language>\(book.language)</dc:language>
            <dc:publisher>\(e(book.publisher))</dc:publisher>
            <dc:date>\(book.date)</dc:date>

        """
        for subject in book.subjects { metadata += "    <dc:subject>\(e(subject))</dc:subject>\n" }
        metadata += """
                <dc:description>\(e(book.description))</dc:description>
                <meta property="belongs-to-collection" id="series">\(e(book.series))</meta>
                <meta refines="#series" property="collection-type">series</meta>
                <meta refines="#series" property="group-position">\(book.seriesIndex)</meta>
                <meta property="dcterms:modified">\(book.date)T00:00:00Z</meta>
                <meta name="cover" content="\(coverID)"/>

            """
        var manifest = """
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
                <item id="css" href="style.css" media-type="text/css"/>
                <item id="\(coverID)" href="cover.png" media-type="image/png" properties="cover-image"/>

            """
        var spine = ""
        for document in book.documents {
            let id = itemID(document)
            manifest += "    <item id=\"\(id)\" href=\"\(document.name)\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "    <itemref idref=\"\(id)\"/>\n"
        }
        let cover = book.documents.first { $0.type == "cover" }.map {
            "    <reference type=\"cover\" title=\"Cover\" href=\"\($0.name)\"/>\n"
        } ?? ""
        let text = book.documents.first { $0.type == "chapter" }.map {
            "    <reference type=\"text\" title=\"Text\" href=\"\($0.name)\"/>\n"
        } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(book.language)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            \(metadata)  </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine toc="ncx">
            \(spine)  </spine>
              <guide>
            \(cover)\(text)  </guide>
            </package>

            """
    }

    static func itemID(_ document: EPUBDocument) -> String {
        String(document.name.prefix { $0 != "." })
    }
}
