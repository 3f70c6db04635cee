import Foundation

/// Small PDFs typeset by WeasyPrint the way real books are: justified
/// paragraphs hyphenated at line ends, ligature glyphs (the text poppler
/// gives back says ﬁ, ﬀ, ﬃ), full-width digits, and prose in English,
/// German, French and Russian, for the tests of what search matches.
/// WeasyPrint writes the page's `lang` as the PDF's `/Lang`.
public enum TypesetBooks {
    public enum Book: String, CaseIterable, Sendable {
        case english, englishInflected, german, french, russian
        /// Two German sentences: too few words to tell the language from,
        /// declared German (`/Lang`) or not at all.
        case germanShort, germanShortUndeclared
        /// Japanese in half-width katakana with their voicing marks apart (ｶﾞ), in full-width
        /// katakana, and in hiragana with が typed decomposed once (か + U+3099): the glyph's
        /// text in the PDF is then the decomposed pair wherever が is printed.
        case japanese
        /// Letters of their own alphabets beside English words they once matched:
        /// Vietnamese đ, Polish ł, Turkish ı, Danish ø.
        case lettersOfTheirOwn
    }

    private static let style = """
        @page { size: A6; margin: 1cm }
        body { font-family: "DejaVu Serif"; font-size: 10pt }
        .narrow { width: 2.6em; hyphens: manual }
        .justified { text-align: justify; hyphens: auto; width: 9em }
        """

    private static func html(_ book: Book) -> (language: String, body: String) {
        switch book {
        case .english:
            return ("en", """
                <p>The ﬁrst ﬂoor of the LibreOﬀice oﬃce, and the aﬄuent ﬀ test. Room １２３ is on the left.</p>
                <p class="narrow">copy&shy;right</p>
                <p class="narrow">well-known</p>
                <p>The configuration of the network is described in the manual, and it is not hard to read.</p>
                <p class="justified">Typesetting systems hyphenate considerable numbers of extraordinarily long words
                in justified paragraphs, which the international standardisation organisation documented
                comprehensively for the benefit of all readers of this book.</p>
                """)
        case .englishInflected:
            return ("en", """
                <p>He configured it. She configured it. They configured it. We configured it. It was configured,
                configured and configured again by the people of the town, and it is not that hard.
                Their words represent things.</p>
                """)
        case .german:
            return ("de", """
                <p>Die Häuser an der Straße sind alt, und das Haus des Bürgermeisters ist das älteste. Es ist nicht
                zu übersehen, dass die Stadt mit ihren Gassen und Plätzen auf eine lange Geschichte zurückblickt.
                Der Markt und die Kirche sind im Zentrum, und die Brücke über den Fluss ist auch sehr alt.</p>
                """)
        case .french:
            return ("fr", """
                <p>Les musées nationaux de la ville sont ouverts le dimanche, et la bibliothèque nationale est
                dans le quartier des écoles. Il ne faut pas oublier que les chanteurs de la place sont aussi
                une tradition pour les habitants qui se promènent sur les quais avec leurs enfants.</p>
                """)
        case .germanShort, .germanShortUndeclared:
            return (book == .germanShort ? "de" : "", "<p>Die Häuser sind alt. Das Haus ist neu.</p>")
        case .japanese:
            return ("ja", """
                <p style="font-family: 'Noto Sans CJK JP'">ｶﾞｲﾄﾞﾌﾞｯｸ を読む。ガイドブック も読む。ﾊﾟﾝ と パン。ハン と バン。
                鏡は か\u{3099}み、かがみ。</p>
                """)
        case .lettersOfTheirOwn:
            return ("en", """
                <p>Đà Nẵng đáng đỡ. Łódź i Kraków. Işık Ørsted. Lodz and Orsted, spelled plainly.</p>
                <p>The document was left dangling in the doorway.</p>
                """)
        case .russian:
            return ("ru", """
                <p>В городе есть библиотека, и в ней много книги для детей и взрослых. Это не только книги, но и
                журналы, которые можно читать в зале. Он сказал, что все читатели так любят эту библиотеку,
                что приходят к ней каждый день, и она для них как дом.</p>
                """)
        }
    }

    /// Typesetting takes seconds: each book is made once per test run, here
    /// (removed when the test process exits).
    private static let shared: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ibook-typeset-\(ProcessInfo.processInfo.processIdentifier)")
        Cleanup.folder(folder, forTheRun: true)
        return folder
    }()

    /// Typesets `book` into `directory` and returns the PDF's path.
    public static func make(_ book: Book, in directory: URL) throws -> String {
        let output = directory.appendingPathComponent("\(book.rawValue).pdf")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let made = shared.appendingPathComponent("\(book.rawValue).pdf")
        if !FileManager.default.fileExists(atPath: made.path) { try typeset(book, to: made) }
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.copyItem(at: made, to: output)
        return output.path
    }

    private static func typeset(_ book: Book, to output: URL) throws {
        let (language, body) = html(book)
        let directory = output.deletingLastPathComponent()
        let partial = directory.appendingPathComponent("\(book.rawValue).partial.pdf")
        let source = directory.appendingPathComponent("\(book.rawValue).html")
        let page = """
            <html\(language.isEmpty ? "" : " lang=\"\(language)\"")><head><meta charset="utf-8"><title>\(book.rawValue)</title>
            <style>\(style)</style></head><body>\(body)</body></html>
            """
        try page.write(to: source, atomically: true, encoding: .utf8)
        let result = try Run.process("/usr/bin/env", ["weasyprint", source.path, partial.path])
        guard result.status == 0 else { throw RunError.failed("weasyprint: \(result.stderr)") }
        try FileManager.default.moveItem(at: partial, to: output)
    }
}
