import CQPDF
import Foundation

/// The language a PDF's document catalog declares (`/Root /Lang`, such as
/// `de-DE`), which poppler-glib has no getter for: read with qpdf, which
/// loads only the trailer, the cross-reference table and the catalog. Owns
/// its `qpdf_data`.
final class CatalogLanguage {
    private var handle: qpdf_data?
    /// The tag, if the catalog has a usable one.
    let tag: String?

    /// QPDF_ERRORS, spelled out: Swift does not import its macro.
    private static let errorsBit: QPDF_ERROR_CODE = 1 << 1
    /// Longer than any language tag a PDF writer produces.
    private static let longestTag = 35

    /// Reads the file's catalog; `tag` is nil when qpdf cannot read the file
    /// (poppler may still: the language is then told from the text).
    init(path: String, password: String?) {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        guard qpdf_read(handle, path, password) & Self.errorsBit == 0 else {
            tag = nil
            return
        }
        defer { qpdf_oh_release_all(handle) }
        let root = qpdf_get_root(handle)
        guard qpdf_oh_has_key(handle, root, "/Lang") != 0 else {
            tag = nil
            return
        }
        let value = qpdf_oh_get_key(handle, root, "/Lang")
        guard qpdf_oh_is_string(handle, value) != 0, let utf8 = qpdf_oh_get_utf8_value(handle, value) else {
            tag = nil
            return
        }
        tag = Self.cleaned(String(cString: utf8))
    }

    deinit { qpdf_cleanup(&handle) }

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
