import Foundation

/// The document information a PDF declares about itself; nil where it is silent.
public struct PDFMetadata: Codable, Equatable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    public var producer: String?
    public var created: Date?
    public var modified: Date?
    /// The language its XMP metadata declares (`dc:language`), as a tag such as `en-US`.
    public var language: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                creator: String? = nil, producer: String? = nil, created: Date? = nil, modified: Date? = nil,
                language: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.producer = producer
        self.created = created
        self.modified = modified
        self.language = language
    }

    /// The first language in an XMP packet's `dc:language` bag, if any.
    static func xmpLanguage(_ xmp: String) -> String? {
        guard let property = xmp.range(of: "<dc:language"),
              let close = xmp.range(of: "</dc:language>", range: property.upperBound..<xmp.endIndex),
              let item = xmp.range(of: "<rdf:li", range: property.upperBound..<close.lowerBound),
              let open = xmp.range(of: ">", range: item.upperBound..<close.lowerBound),
              let end = xmp.range(of: "</rdf:li>", range: open.upperBound..<close.lowerBound)
        else { return nil }
        return String(xmp[open.upperBound..<end.lowerBound]).cleanedMetadata(limit: 35)
    }
}

extension String {
    /// Metadata strings come from anywhere: control characters are turned into
    /// spaces, runs of whitespace collapsed, and absurd lengths cut, so one
    /// field can never break a listing or a terminal.
    func cleanedMetadata(limit: Int = 1000) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.value == 0xFEFF
            if isSpace {
                if !lastWasSpace && !scalars.isEmpty { scalars.append(" ") }
                lastWasSpace = true
            } else {
                scalars.append(scalar)
                lastWasSpace = false
            }
        }
        var text = String(scalars).trimmingCharacters(in: .whitespaces)
        if text.count > limit { text = String(text.prefix(limit - 1)) + "…" }
        return text.isEmpty ? nil : text
    }
}
