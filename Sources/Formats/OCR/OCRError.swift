/// Why OCR could not run, in words a user can act on.
public enum OCRError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The trained data for a language is not installed.
    case languageNotInstalled(String)
    /// A language code tesseract does not know the shape of ("en", "english!").
    case invalidLanguage(String)
    /// tesseract refused to start with these languages.
    case engineFailed(String)
    /// tesseract could not recognise the image.
    case recognitionFailed

    public var description: String {
        switch self {
        case .languageNotInstalled(let code):
            return "OCR language '\(code)' is not installed (install the Debian package \(OCRLanguages.debianPackage(for: code)))"
        case .invalidLanguage(let code):
            return "'\(code)' is not a tesseract language code (such as eng, deu, chi_sim)"
        case .engineFailed(let languages):
            return "tesseract could not start with the languages \(languages)"
        case .recognitionFailed:
            return "tesseract could not recognise the page"
        }
    }
}
