/// What `annotate` wrote.
public struct AnnotateResult: Codable, Sendable {
    public var bookID: Int
    public var output: String
    public var highlights: Int
    public var notes: Int
    /// Marks the file already carried (an output annotated again), not written twice.
    public var alreadyPresent: Int
    public var inPlace: Bool
}
