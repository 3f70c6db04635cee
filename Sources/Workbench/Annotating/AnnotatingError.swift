/// Why annotations could not be written, worded for the person at the terminal.
public enum AnnotatingError: Error, Equatable, CustomStringConvertible {
    /// qpdf's own message about the file.
    case qpdf(String)
    case pageMissing(Int)
    case nothingToWrite(String)
    case sameFile(String)

    public var description: String {
        switch self {
        case .qpdf(let message): return message
        case .pageMissing(let page): return "page \(page) is missing from the file"
        case .nothingToWrite(let title): return "\(title) has no highlights or notes made in ibook to write"
        case .sameFile(let path): return "\(path): the output would overwrite the book"
        }
    }
}
