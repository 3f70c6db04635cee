/// What a search found, counted.
public struct SearchSummary: Codable, Sendable {
    public var hits = 0
    public var pages = 0
    public var books = 0
    public var truncated = false
}
