import BookLibrary

/// Where a book's stemming language came from, as `info` and `refresh` say it.
package enum StemmingOrigin {
    package static func text(_ language: StemmingLanguage) -> String {
        switch language.source {
        case "pdf": return "\(language.name) (declared by the PDF's /Lang)"
        case "xmp": return "\(language.name) (declared in the PDF's XMP metadata)"
        case "detected": return "\(language.name) (told from its text)"
        case "fallback": return "\(language.name) (nothing declared or told: the default)"
        case "edited": return "\(language.name) (set with ibook edit --language)"
        default: return language.name
        }
    }
}
