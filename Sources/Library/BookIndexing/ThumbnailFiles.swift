/// What a contact sheet or page-image run wrote.
public struct ThumbnailFiles: Codable, Equatable, Sendable {
    /// Absolute paths, in page order.
    public var files: [String]
    /// The 1-based pages selected.
    public var pages: [Int]
    /// Pages that got a grey placeholder (on a sheet) or no file (in a folder).
    public var unrendered: [UnrenderedPage]
}

/// A page poppler could not draw, and why.
public struct UnrenderedPage: Codable, Equatable, Sendable {
    public var page: Int
    public var reason: String
}
