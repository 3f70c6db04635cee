/// Where an annotation came from: read from the book's PDF, or made in ibook.
public enum AnnotationSource: String, Codable, Sendable {
    case pdf
    case ibook
}
