import FoundationEssentials
import TextFolding
import Glibc
import Store

/// Searches what readers marked and wrote rather than the pages: the text
/// under highlights and the notes, case, accents and spacing ignored.
struct AnnotationSearch {
    let database: Database

    func run(_ query: String, scope: SearchScope) throws -> [NoteHit] {
        let needle = Self.folded(query).characters
        guard needle.contains(where: { !$0.isWhitespace }) else { throw LibraryError.emptyQuery }
        let book: Book?
        var only: Set<Int>?
        switch scope {
        case .book(let one): book = one
        case .all: book = nil
        case .books(let ids): book = nil; only = ids
        }
        var hits: [NoteHit] = []
        for annotation in try Annotations(database: database).list(book: book) where only?.contains(annotation.bookID) ?? true {
            for (field, value) in [(NoteHit.Field.text, annotation.text), (.note, annotation.note)] {
                guard let value else { continue }
                for range in Self.occurrences(of: needle, in: value) {
                    hits.append(Self.hit(annotation, field, value, range))
                }
            }
        }
        return hits
    }

    /// Character ranges of `value` the folded needle covers.
    static func occurrences(of needle: [Character], in value: String) -> [Range<Int>] {
        let (haystack, origins) = folded(value)
        var found: [Range<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == needle[0], Array(haystack[start..<(start + needle.count)]) == needle {
                found.append(origins[start]..<(origins[start + needle.count - 1] + 1))
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }

    /// Case, accents and width folded, runs of whitespace made one space,
    /// with the character of `text` each folded one came from.
    static func folded(_ text: String) -> (characters: [Character], origins: [Int]) {
        var characters: [Character] = []
        var origins: [Int] = []
        for (index, character) in text.enumerated() {
            if character.isWhitespace {
                if characters.last != " ", !characters.isEmpty {
                    characters.append(" ")
                    origins.append(index)
                }
                continue
            }
            for folded in UnicodeFold.caseWidthAndDiacriticsFolded(String(character)) {
                characters.append(folded)
                origins.append(index)
            }
        }
        while characters.last == " " {
            characters.removeLast()
            origins.removeLast()
        }
        return (characters, origins)
    }

    private static func hit(_ annotation: Annotation, _ field: NoteHit.Field, _ value: String, _ range: Range<Int>) -> NoteHit {
        let characters = Array(value)
        func squeeze(_ part: ArraySlice<Character>) -> String {
            String(part).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let context = 50
        var before = squeeze(characters[max(0, range.lowerBound - context)..<range.lowerBound])
        var after = squeeze(characters[range.upperBound..<min(characters.count, range.upperBound + context)])
        if range.lowerBound > context { before = "…" + before }
        if range.upperBound + context < characters.count { after += "…" }
        if range.lowerBound > 0, characters[range.lowerBound - 1].isWhitespace, !before.isEmpty { before += " " }
        if range.upperBound < characters.count, characters[range.upperBound].isWhitespace, !after.isEmpty { after = " " + after }
        return NoteHit(annotation: annotation, field: field, before: before, match: squeeze(characters[range]), after: after)
    }
}

extension Library {
    /// Searches the text under highlights and the notes of one book or of
    /// every book, in page order.
    public func searchNotes(_ query: String, scope: SearchScope) throws -> [NoteHit] {
        try AnnotationSearch(database: database).run(query, scope: scope)
    }
}
