import Foundation

/// A terminal's size in character cells and, where the terminal reports it,
/// in pixels.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    /// The text area in pixels; 0 when the terminal does not say.
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// What `TIOCGWINSZ` says about the terminal on `fileDescriptor`, or nil
    /// when it is not a terminal.
    public static func of(fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                            pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    /// Pixels of one cell: from the reported pixel size, else `fallback`
    /// (what a terminal answered to a query, or a common 10×20).
    public func cellSize(fallback: (width: Int, height: Int)? = nil) -> (width: Int, height: Int) {
        if pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 {
            let width = pixelWidth / columns, height = pixelHeight / rows
            if width >= 2, height >= 2 { return (width, height) }
        }
        return fallback ?? Self.defaultCellSize
    }

    public static let defaultCellSize = (width: 10, height: 20)
}
