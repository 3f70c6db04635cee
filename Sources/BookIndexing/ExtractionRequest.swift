import BookLibrary

/// What one extraction must do; sent to a worker process as a JSON line.
public struct ExtractionRequest: Codable, Sendable {
    public var path: String
    public var password: String?
    public var spoolPath: String
    public var thumbnailPath: String?
    public var thumbnailSize: Int
    /// Only the document record (metadata, XMP, title page): for `refresh`.
    public var metadataOnly: Bool?
}
