import BookLibrary
import Foundation
import LeanBasics

/// Title, authors, description and subjects written into an EPUB package document's
/// `<metadata>` as text edits, so that everything else in it (its other metadata, the
/// manifest and spine, comments, the way it is written) stays byte for byte what it was.
/// The first `dc:title` takes the title (a subtitle after it stays); the creators who are
/// authors (role `aut`, or no role) give way to the new ones, with that role; `dc:description`
/// takes the subject and one `dc:subject` each keyword, as ibook reads them back. A value the
/// library does not have leaves the file's own, as the PDF writer does.
struct OPFEditor {
    enum Failure: Error, Equatable {
        case noMetadata
    }

    private var text: String

    init(_ bytes: [UInt8]) {
        text = String(decoding: bytes, as: UTF8.self)
    }

    var bytes: [UInt8] { Array(text.utf8) }

    /// An element of the metadata: where it is, its attributes' text and its content.
    private struct Element {
        var range: Range<String.Index>
        var attributes: Substring
        var content: Substring?
    }

    mutating func apply(_ metadata: EmbeddedMetadata, now: Date) throws(Failure) {
        guard metadataRange() != nil else { throw .noMetadata }
        let epub3 = packageVersion().hasPrefix("3")
        let title = metadata.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !title.isEmpty {
            if let first = elements("dc:title").first {
                replace(first, content: title)
            } else {
                insert(["<dc:title>\(MarkupEscaping.text(title))</dc:title>"])
            }
        }

        let authors = metadata.authors.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        // Authors: those with no role or the role aut, and the metas refining them.
        let creators = authors.isEmpty ? [] : elements("dc:creator")
        var removed: [Range<String.Index>] = []
        var authorIDs: [String] = []
        for creator in creators {
            let id = Self.attribute("id", in: creator.attributes)
            let role = Self.attribute("opf:role", in: creator.attributes).map(String.init) ?? id.flatMap(refinedRole)
            guard role == nil || role == "aut" else { continue }
            removed.append(creator.range)
            if let id { authorIDs.append(String(id)) }
        }
        for meta in elements("meta") where Self.attribute("refines", in: meta.attributes).map({ authorIDs.contains(String($0.dropFirst())) }) ?? false {
            removed.append(meta.range)
        }
        let declaresOPF = text.contains("xmlns:opf=")
        var added: [String] = []
        for (index, author) in authors.enumerated() {
            if epub3 {
                let id = "ibook-author-\(index + 1)"
                added.append("<dc:creator id=\"\(id)\">\(MarkupEscaping.text(author))</dc:creator>")
                added.append("<meta refines=\"#\(id)\" property=\"role\" scheme=\"marc:relators\">aut</meta>")
            } else {
                added.append(declaresOPF ? "<dc:creator opf:role=\"aut\">\(MarkupEscaping.text(author))</dc:creator>"
                                         : "<dc:creator>\(MarkupEscaping.text(author))</dc:creator>")
            }
        }
        if let subject = metadata.subject?.trimmingCharacters(in: .whitespacesAndNewlines), !subject.isEmpty {
            for element in elements("dc:description") { removed.append(element.range) }
            added.append("<dc:description>\(MarkupEscaping.text(subject))</dc:description>")
        }
        let keywords = (metadata.keywords ?? "").split { $0 == "," || $0 == ";" }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !keywords.isEmpty {
            for element in elements("dc:subject") { removed.append(element.range) }
            added += keywords.map { "<dc:subject>\(MarkupEscaping.text($0))</dc:subject>" }
        }
        remove(removed)
        insert(added)

        // EPUB 3 says when the package last changed.
        if epub3, let modified = elements("meta").first(where: { Self.attribute("property", in: $0.attributes) == "dcterms:modified" }) {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            replace(modified, content: formatter.string(from: now))
        }
    }

    // MARK: Finding

    private func metadataRange() -> Range<String.Index>? {
        guard let open = text.range(of: "<metadata") ?? text.range(of: "<opf:metadata"),
              let openEnd = text.range(of: ">", range: open.upperBound..<text.endIndex),
              let close = text.range(of: "</metadata>", range: openEnd.upperBound..<text.endIndex)
                ?? text.range(of: "</opf:metadata>", range: openEnd.upperBound..<text.endIndex) else { return nil }
        return openEnd.upperBound..<close.lowerBound
    }

    private func packageVersion() -> String {
        guard let package = text.range(of: "<package"), let end = text.range(of: ">", range: package.upperBound..<text.endIndex) else { return "" }
        return Self.attribute("version", in: text[package.upperBound..<end.lowerBound]).map(String.init) ?? ""
    }

    /// Every `<name …>…</name>` or `<name …/>` inside the metadata, in order (comments are not skipped:
    /// a package document with markup in its comments is not one ibook has seen).
    private func elements(_ name: String) -> [Element] {
        guard let metadata = metadataRange() else { return [] }
        var found: [Element] = []
        var cursor = metadata.lowerBound
        while let open = text.range(of: "<" + name, range: cursor..<metadata.upperBound) {
            guard open.upperBound < metadata.upperBound else { break }
            let next = text[open.upperBound]
            guard next == " " || next == ">" || next == "/" || next == "\n" || next == "\t" || next == "\r" else {
                cursor = open.upperBound
                continue
            }
            guard let tagEnd = text.range(of: ">", range: open.upperBound..<metadata.upperBound) else { break }
            let selfClosing = text[text.index(before: tagEnd.lowerBound)] == "/"
            let attributes = text[open.upperBound..<(selfClosing ? text.index(before: tagEnd.lowerBound) : tagEnd.lowerBound)]
            if selfClosing {
                found.append(Element(range: open.lowerBound..<tagEnd.upperBound, attributes: attributes, content: nil))
                cursor = tagEnd.upperBound
                continue
            }
            guard let close = text.range(of: "</" + name + ">", range: tagEnd.upperBound..<metadata.upperBound) else { break }
            found.append(Element(range: open.lowerBound..<close.upperBound, attributes: attributes,
                                 content: text[tagEnd.upperBound..<close.lowerBound]))
            cursor = close.upperBound
        }
        return found
    }

    /// The role a `<meta refines="#id" property="role">` gives the element with that id.
    private func refinedRole(_ id: Substring) -> String? {
        elements("meta").first {
            Self.attribute("refines", in: $0.attributes) == "#" + id && Self.attribute("property", in: $0.attributes) == "role"
        }?.content.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private static func attribute(_ name: String, in attributes: Substring) -> Substring? {
        var search = attributes.startIndex..<attributes.endIndex
        while let found = attributes.range(of: name, range: search) {
            let before = found.lowerBound == attributes.startIndex ? " " : attributes[attributes.index(before: found.lowerBound)]
            var rest = attributes[found.upperBound...].drop { $0 == " " }
            if before.isWhitespace, rest.first == "=" {
                rest = rest.dropFirst().drop { $0 == " " }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let value = rest.dropFirst()
                    if let end = value.firstIndex(of: quote) { return value[..<end] }
                }
            }
            search = found.upperBound..<attributes.endIndex
        }
        return nil
    }

    // MARK: Changing

    private mutating func replace(_ element: Element, content: String) {
        guard let old = element.content else { return }
        text.replaceSubrange(old.startIndex..<old.endIndex, with: MarkupEscaping.text(content))
    }

    /// Removes the ranges (and the line each stood on, when it stood alone), last first.
    private mutating func remove(_ ranges: [Range<String.Index>]) {
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
            var start = range.lowerBound, end = range.upperBound
            var before = start
            while before > text.startIndex, text[text.index(before: before)] == " " || text[text.index(before: before)] == "\t" {
                before = text.index(before: before)
            }
            if before > text.startIndex, text[text.index(before: before)] == "\n", end < text.endIndex, text[end] == "\n" {
                start = text.index(before: before)
            }
            end = max(end, range.upperBound)
            text.removeSubrange(start..<end)
        }
    }

    /// Adds elements at the end of the metadata, each on its own line, indented as the last one was.
    private mutating func insert(_ elements: [String]) {
        guard !elements.isEmpty, let metadata = metadataRange() else { return }
        var close = metadata.upperBound
        var indent = "  "
        let head = text[metadata]
        if let lastLine = head.split(separator: "\n").last(where: { $0.contains("<") }) {
            indent = String(lastLine.prefix { $0 == " " || $0 == "\t" })
        }
        // Before the white space that precedes the closing tag.
        while close > metadata.lowerBound, text[text.index(before: close)].isWhitespace { close = text.index(before: close) }
        text.insert(contentsOf: elements.map { "\n" + indent + $0 }.joined(), at: close)
    }
}
