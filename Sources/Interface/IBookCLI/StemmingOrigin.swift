import BookLibrary

/// Where a book's stemming language came from, as `info` and `refresh` say it.
package enum StemmingOrigin {
    package static func text(_ language: StemmingLanguage) -> String {
        let name = language.isStemmed ? language.name : "\(language.name), words as written (no stemmer)"
        switch language.source {
        case "metadata": return "\(name) (declared by the book's metadata)"
        case "pdf": return "\(name) (declared by the PDF's /Lang)"
        case "xmp": return "\(name) (declared in the PDF's XMP metadata)"
        case "detected": return "\(name) (told from its text)"
        case "fallback": return "\(name) (nothing declared or told: the default)"
        case "edited": return "\(name) (set with ibook edit --language)"
        default: return name
        }
    }
}
