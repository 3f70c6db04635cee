import BookLibrary
import Foundation
import OCR
import PDF

/// The languages OCR reads a book in when the user names none: the book's
/// own, where it is known and its trained data is installed; else nil, for
/// the installed languages that fit each page's script.
struct OCRLanguageChoice: Sendable {
    var languages: [String]?
    /// Set when the book's language is known but not installed: the tag and
    /// the Debian package that would read it better.
    var missing: (tag: String, package: String)?

    /// The book's language is, first, what `ibook edit --language` set; else
    /// what the library settled on when it was added (the PDF's /Lang or XMP,
    /// or what its text reads as); else what the PDF's metadata declares in a
    /// language no stemmer knows (`ja`, `zh`). A scan nobody has described
    /// has none of these.
    static func forBook(_ book: Book, library: Library, password: String?,
                        installed: Set<String>) -> OCRLanguageChoice {
        guard let tag = knownLanguage(of: book, library: library, password: password) else {
            return OCRLanguageChoice(languages: nil)
        }
        return forLanguage(tag, installed: installed)
    }

    static func forLanguage(_ tag: String, installed: Set<String>) -> OCRLanguageChoice {
        guard let code = OCRLanguages.tesseractCode(forLanguageTag: tag) else { return OCRLanguageChoice(languages: nil) }
        if installed.contains(code) { return OCRLanguageChoice(languages: [code]) }
        return OCRLanguageChoice(languages: nil, missing: (tag, OCRLanguages.debianPackage(for: code)))
    }

    private static func knownLanguage(of book: Book, library: Library, password: String?) -> String? {
        if let edited = try? library.details(book).language, !edited.isEmpty { return edited }
        if let settled = try? library.languageOfText(book) { return settled }
        guard let document = try? PDFDocument(path: book.path, password: password) else {
            _ = PopplerDiagnostics.drain()
            return nil
        }
        let declared = document.metadata.language
        _ = PopplerDiagnostics.drain()
        return declared.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One line for the user: not an error, the pages are still read.
    func notice(for book: Book) -> String? {
        guard let missing else { return nil }
        return "#\(book.id) \(book.title) is in '\(missing.tag)', which tesseract has no trained data for here: "
            + "read with the languages that fit its script; install the Debian package \(missing.package) to read it better"
    }
}
