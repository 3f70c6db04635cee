/// Why a searchable copy was not written.
public enum SearchableCopyError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Every page has its own text layer: there is nothing to add.
    case nothingToAdd(String)
    /// OCR found no words on the pages without text (pictures, blank pages).
    case noWords(String)
    case qpdf(String)
    case interrupted

    public var description: String {
        switch self {
        case .nothingToAdd(let path): return "\(path): every page has its own text already: nothing to add"
        case .noWords(let path): return "\(path): OCR found no words on the pages without text: nothing to add"
        case .qpdf(let reason): return "qpdf could not write the copy: \(reason)"
        case .interrupted: return "interrupted: nothing written"
        }
    }
}
