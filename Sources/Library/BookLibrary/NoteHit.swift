/// A match in a highlight's text or in a note.
public struct NoteHit: Codable, Equatable, Sendable {
    public enum Field: String, Codable, Sendable {
        /// The page's text the annotation marks.
        case text
        case note
    }

    public var annotation: Annotation
    public var field: Field
    public var before: String
    public var match: String
    public var after: String
}
