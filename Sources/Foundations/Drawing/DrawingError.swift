/// What can go wrong while drawing a document; messages are short and lowercase
/// so they read well after "Error: <file>: ".
public enum DrawingError: Error, CustomStringConvertible, Equatable {
    /// cairo refused an operation; carries cairo's own words.
    case cairo(String)
    case unreadableImage(String, reason: String)
    /// An image being drawn in memory (a contact sheet) could not be made or encoded.
    case image(String)

    public var description: String {
        switch self {
        case .cairo(let message): return "cannot write the PDF: \(message)"
        case .unreadableImage(let path, let reason): return "\(path): cannot read the image: \(reason)"
        case .image(let message): return message
        }
    }
}
