// expected.json: a description of exactly what was written, for tests.
// Pretty-printed with sorted keys; absent metadata is an explicit null.
// (A PDF's entry has no format or package details: only the other formats do.)

import Foundation

struct ManifestOutlineEntry: Encodable {
    let title: String
    /// 0-based nesting depth.
    let depth: Int
    /// 1-based physical page the entry resolves to.
    let page: Int
}

struct ManifestProbe: Encodable {
    let text: String
    /// 1-based physical pages whose text contains `text`.
    let pages: [Int]
}

struct ManifestBook: Encodable {
    let file: String
    let title: String?
    let author: String?
    let subject: String?
    let keywords: String?
    let creator: String?
    let pageCount: Int
    /// One label per page, or nil when the book has no page labels.
    let labels: [String]?
    /// Flattened in document order.
    let outline: [ManifestOutlineEntry]
    /// [width, height] in points, one per page.
    let pageSizes: [[Int]]
    let probes: [ManifestProbe]
    // The books that are not PDFs: their format as `list --json` names it and the details their
    // package declares. Absent from a PDF's entry rather than null, so those entries read as before.
    var format: String? = nil
    var publisher: String? = nil
    var series: String? = nil
    var seriesIndex: Double? = nil
    var isbn: String? = nil

    enum CodingKeys: String, CodingKey {
        case file, title, author, subject, keywords, creator, pageCount, labels, outline, pageSizes, probes
        case format, publisher, series, seriesIndex, isbn
    }

    // Written by hand so that nil becomes null instead of a missing key.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(title, forKey: .title)
        try c.encode(author, forKey: .author)
        try c.encode(subject, forKey: .subject)
        try c.encode(keywords, forKey: .keywords)
        try c.encode(creator, forKey: .creator)
        try c.encode(pageCount, forKey: .pageCount)
        try c.encode(labels, forKey: .labels)
        try c.encode(outline, forKey: .outline)
        try c.encode(pageSizes, forKey: .pageSizes)
        try c.encode(probes, forKey: .probes)
        try c.encodeIfPresent(format, forKey: .format)
        try c.encodeIfPresent(publisher, forKey: .publisher)
        try c.encodeIfPresent(series, forKey: .series)
        try c.encodeIfPresent(seriesIndex, forKey: .seriesIndex)
        try c.encodeIfPresent(isbn, forKey: .isbn)
    }
}

struct ExpectedManifest: Encodable {
    let books: [ManifestBook]

    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
