/// Why a picture could not be turned into terminal output.
public enum GraphicsError: Error, Equatable, CustomStringConvertible {
    case emptyImage
    case emptyBox(columns: Int, rows: Int)
    /// chafa could not set up or draw the canvas.
    case chafaFailed(String)

    public var description: String {
        switch self {
        case .emptyImage: return "the image has no pixels"
        case .emptyBox(let columns, let rows): return "no room to draw in \(columns)×\(rows) cells"
        case .chafaFailed(let step): return "chafa could not \(step)"
        }
    }
}
