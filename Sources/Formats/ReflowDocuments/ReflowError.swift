/// Why a book could not be opened, in words a person can act on.
public enum ReflowError: Error, CustomStringConvertible, Equatable, Sendable {
    case missing
    case isDirectory
    case empty
    /// What the file is instead ("PNG image").
    case notABook(String)
    case damaged(String)
    /// The scheme: "Adobe DRM", or "DRM" for any other.
    case encrypted(String)
    /// The whole phrase: "looks like a zip bomb: …", "has an entry named ../../x".
    case unsafe(String)
    case tooLarge(String)
    /// libibook-reflow.so could not be opened; where it was looked for and why.
    case engineMissing(String)
    /// A PDF of the book could not be put in place; the system's reason.
    case cannotWrite(String)
    /// A RAR archive (a CBR comic): MuPDF reads no RAR, and unrar is not free software.
    case rarArchive

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .isDirectory: return "is a directory"
        case .empty: return "is empty (0 bytes)"
        case .notABook(let what): return "is not an EPUB (\(what))"
        case .damaged(let reason): return "is damaged (\(reason))"
        case .encrypted(let scheme): return "is encrypted with \(scheme)"
        case .unsafe(let reason): return reason
        case .tooLarge(let reason): return "is too large (\(reason))"
        case .engineMissing(let reason): return "cannot be read without libibook-reflow.so (\(reason))"
        case .cannotWrite(let reason): return "cannot be written as a PDF (\(reason))"
        case .rarArchive:
            return "is a RAR archive (a CBR comic?): ibook reads comics as CBZ; RAR would need unrar, which is not free software (repack its pictures as a zip named .cbz)"
        }
    }
}
