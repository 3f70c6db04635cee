/// What one extraction must do; handed to a worker process as JSON.
public struct ExtractionRequest: Codable, Sendable {
    public var path: String
    public var password: String?
    public var spoolPath: String
    public var thumbnailPath: String?
    public var thumbnailSize: Int
    /// Address-space cap for the worker process, in bytes; 0 for none.
    public var memoryLimit: UInt64

    static let environmentKey = "IBOOK_EXTRACT_REQUEST"
}
