/// What kind of mark an annotation is: the PDF's own kinds in plain words
/// ("highlight", "underline", "squiggly", "strike-out", "note", "free-text",
/// "ink", "stamp", …), any other kind a PDF carries kept by its name.
public struct AnnotationKind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let highlight = AnnotationKind(rawValue: "highlight")
    public static let underline = AnnotationKind(rawValue: "underline")
    public static let squiggly = AnnotationKind(rawValue: "squiggly")
    public static let strikeOut = AnnotationKind(rawValue: "strike-out")
    public static let note = AnnotationKind(rawValue: "note")
    public static let freeText = AnnotationKind(rawValue: "free-text")
    public static let ink = AnnotationKind(rawValue: "ink")

    /// Kinds that mark a run of the page's text.
    public var marksText: Bool { [.highlight, .underline, .squiggly, .strikeOut].contains(self) }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
