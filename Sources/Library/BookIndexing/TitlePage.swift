import BookLibrary
import Foundation
import PDF

/// The title and authors as a person reads them off a book's first page
/// with text: the largest type near the top, joined across its lines, and
/// the names set under it.
public struct TitlePage: Codable, Equatable, Sendable {
    public var title: String
    public var authors: [String]

    /// Pages looked at for one with text: covers are often images.
    static let pagesLooked = 3

    /// Reads the first of the first pages that has text.
    static func read(_ document: PDFDocument) -> TitlePage? {
        for index in 0..<min(pagesLooked, document.pageCount) {
            guard let page = document.page(at: index) else { continue }
            let lines = page.textLines()
            guard lines.contains(where: { $0.text.unicodeScalars.contains { $0.properties.isAlphabetic } }) else { continue }
            return find(in: lines, pageHeight: page.size.height)
        }
        return nil
    }

    /// The title among `lines` (from one page), or nil when no line stands out.
    public static func find(in lines: [TextLine], pageHeight: Double) -> TitlePage? {
        let lines = lines.sorted { $0.top < $1.top }
        guard !lines.isEmpty else { return nil }
        let bodySize = median(lines.map(\.fontSize))
        // The top two thirds: covers centre their title, papers put it first.
        let reach = pageHeight > 0 ? pageHeight * 0.67 : .infinity
        let candidates = lines.indices.filter { lines[$0].top < reach && isWording(lines[$0].text) }
        let sizes = Set(candidates.map { (lines[$0].fontSize * 2).rounded() / 2 }).sorted(by: >)
        // A cover of a few lines may set everything in one size: then only its largest type.
        let isCover = lines.count <= 4
        for size in sizes.prefix(isCover ? 1 : 3) {
            // Only type that stands out from the body.
            guard size >= bodySize * 1.15 || isCover else { break }
            guard let first = candidates.first(where: { abs(lines[$0].fontSize - size) <= max(0.6, size * 0.06) }) else { continue }
            var block = [first]
            var next = first + 1
            while next < lines.count, block.count < 6 {
                let line = lines[next], previous = lines[block.last!]
                let gap = line.top - previous.bottom
                guard abs(line.fontSize - size) <= max(0.6, size * 0.1), gap < size * 1.2 else { break }
                block.append(next)
                next += 1
            }
            let title = join(block.map { lines[$0].text }).precomposedStringWithCompatibilityMapping
            guard TitleJudge.isGood(title: title, fileName: ""), title.count <= 300, !isProse(title) else { continue }
            let authors = authorsBelow(lines: lines, after: block.last!, titleSize: size)
            return TitlePage(title: title, authors: authors)
        }
        return nil
    }

    /// Lines joined with spaces; a word hyphenated at a line's end is mended.
    static func join(_ texts: [String]) -> String {
        var result = ""
        for text in texts {
            if result.hasSuffix("-"), let first = text.first, first.isLowercase {
                result.removeLast()
                result += text
            } else if result.isEmpty {
                result = text
            } else if let last = result.unicodeScalars.last, let first = text.unicodeScalars.first,
                      isUnspaced(last) && isUnspaced(first) {
                result += text
            } else {
                result += " " + text
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// The first of the few lines under the title, in smaller type, that reads as a list of names.
    /// Names set one to a line are gathered while the lines go on reading as names.
    static func authorsBelow(lines: [TextLine], after index: Int, titleSize: Double) -> [String] {
        var authors: [String] = []
        for line in lines.dropFirst(index + 1).prefix(8) {
            guard line.fontSize < titleSize else { continue }
            if startsSection(line.text) { break }
            let names = PersonName.split(line.text)
            if names.isEmpty {
                if !authors.isEmpty { break }
                continue
            }
            authors += names
        }
        return authors
    }

    /// "Abstract", "Contents", "1 Introduction": the body has begun.
    static func startsSection(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard let first = words.first else { return false }
        let sections: Set<String> = ["abstract", "contents", "chapter", "introduction", "summary", "keywords", "preface"]
        return sections.contains(first) && (words.count <= 3 || text.range(of: "^\\s*\\w+\\s*[:.—–-]", options: .regularExpression) != nil)
    }

    /// Chinese and Japanese are written without spaces between words.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3000...0x30FF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// Sentences of body text rather than a title: titles seldom end in a
    /// full stop or hold two sentences.
    static func isProse(_ text: String) -> Bool {
        let words = text.split(separator: " ").count
        if text.hasSuffix("."), words > 6 { return true }
        return words > 8 && text.contains(". ")
    }

    static func isWording(_ text: String) -> Bool {
        text.unicodeScalars.filter { $0.properties.isAlphabetic }.count >= 2
            || text.unicodeScalars.contains { $0.properties.isIdeographic }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
