import QPDF
import Foundation

/// The language a PDF's document catalog declares (`/Root /Lang`, such as
/// `de-DE`), which poppler-glib has no getter for: read with qpdf, which
/// loads only the trailer, the cross-reference table and the catalog.
struct CatalogLanguage {
    /// The tag, if the catalog has a usable one.
    let tag: String?

    /// Longer than any language tag a PDF writer produces.
    private static let longestTag = 35

    /// Reads the file's catalog; `tag` is nil when qpdf cannot read the file
    /// (poppler may still: the language is then told from the text).
    init(path: String, password: String?) {
        guard let document = try? QPDFDocument(path: path, password: password) else {
            tag = nil
            return
        }
        defer { document.releaseObjects() }
        tag = document.direct(document.root, "/Lang").flatMap(document.text).flatMap(Self.cleaned)
    }

    /// A tag is letters, digits, `-` and `_` (BCP 47 as PDF writers spell
    /// it); anything else in the string is not a language.
    static func cleaned(_ raw: String) -> String? {
        let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !tag.isEmpty, tag.count <= longestTag,
              tag.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        return tag
    }
}
