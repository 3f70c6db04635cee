import LeanBasics
import TextCells

/// A laid-out page as a terminal shows it, the way `man` shows a page: paragraphs wrapped
/// to the width, headings in bold, emphasis in bold or italic, quotes and lists indented
/// (list items keep their bullet or number, their lines hang under its text), footnote
/// markers in brackets ("note[1]"). Without `styled` (a pipe, NO_COLOR, TERM=dumb) the
/// same lines with no escape sequences and no markers for emphasis, as `man` piped gives them.
package enum PageStructurePrinter {
    private struct Style: Equatable {
        var bold = false
        var italic = false
    }

    /// A word (or one wide character) and whether a space comes before it.
    private struct Token {
        var characters: [(Character, Style)]
        var spaceBefore: Bool
        var width: Int { characters.reduce(0) { $0 + TextWidth.of(String($1.0)) } }
    }

    package static func lines(of page: PageStructure, width: Int, styled: Bool) -> [String] {
        let body = bodySize(page)
        let margin = page.blocks.map(\.left).min() ?? 0
        let rightMargin = page.blocks.map(\.right).max() ?? 0
        var output: [String] = []
        for block in page.blocks {
            let runs = block.lines.flatMap(\.runs).filter { !$0.text.allSatisfy(\.isWhitespace) }
            guard !runs.isEmpty else { continue }
            let heading = runs.allSatisfy { $0.size >= body * 1.15 }
                || (block.lines.count == 1 && runs.allSatisfy(\.bold) && !(runs.last?.text.hasSuffix(".") ?? false))
            // A heading is often centred: its left edge says nothing of a level.
            // Short lines set in as far from the right as from the left, each line where its length puts it: centred
            // (a title page, an epigraph), and centred here. A quote is set in on both sides too, but its lines line up.
            let inset = block.left - margin
            let lefts = Set(block.lines.map { Int($0.left.rounded()) })
            let centred = !heading && inset > body * 3 && abs(inset - (rightMargin - block.right)) < body
                && (block.lines.count == 1 || lefts.count > 1)
                && !block.lines.contains { startsItem($0.runs.map(\.text).joined()) }
            // A one-line paragraph's first-line indent is no level either.
            let indented = block.lines.count == 1 && inset < body * 2 && !startsItem(block.lines[0].runs.map(\.text).joined())
            let level = heading || centred || indented ? 0 : min(4, max(0, Int((inset / max(1, body * 1.5)).rounded())))
            let indent = String(repeating: " ", count: 2 * level)
            if !output.isEmpty { output.append("") }
            let preformatted = runs.allSatisfy(\.monospaced)
            for unit in units(of: block, body: body, heading: heading, preformatted: preformatted, column: rightMargin) {
                let room = max(10, width - indent.count)
                for line in wrap(unit, width: preformatted ? Int.max : room) {
                    let pad = centred ? String(repeating: " ", count: max(0, (width - line.reduce(0) { $0 + $1.width + ($1.spaceBefore ? 1 : 0) }) / 2)) : ""
                    output.append(indent + pad + render(line, styled: styled))
                }
            }
        }
        return output
    }

    /// The type size most of the page's letters are set in.
    private static func bodySize(_ page: PageStructure) -> Double {
        var letters: [Double: Int] = [:]
        for run in page.blocks.flatMap({ $0.lines.flatMap(\.runs) }) {
            letters[(run.size * 2).rounded() / 2, default: 0] += run.text.count
        }
        return letters.max { $0.value < $1.value }?.key ?? 12
    }

    private static let markers: Set<Character> = ["•", "◦", "▪", "▫", "■", "□", "●", "○", "◆", "‣", "⁃", "–", "-", "*"]

    /// Whether a line begins a list item: a bullet, or a number or letter and a full stop.
    private static func startsItem(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " }
        guard let first = trimmed.first else { return false }
        if markers.contains(first) { return trimmed.dropFirst().first?.isWhitespace ?? false }
        let label = trimmed.prefix { $0.isNumber || $0.isLetter }
        guard !label.isEmpty, label.count <= 4, label.allSatisfy({ $0.isNumber }) || label.count == 1 || label.allSatisfy({ "ivxlcIVXLC".contains($0) }) else { return false }
        let after = trimmed.dropFirst(label.count)
        return (after.first == "." || after.first == ")") && (after.dropFirst().first?.isWhitespace ?? false)
    }

    /// Whether a line ends well before the text column's right edge though the next line's first
    /// word would have fit there: a line of verse, or one a `<br/>` ends, kept a line of its own.
    private static func endsEarly(_ line: PageStructure.Line, before next: String, column: Double, body: Double) -> Bool {
        let word = next.drop { $0 == " " }.prefix { $0 != " " }
        return column - line.right > (Double(word.count) * 0.6 + 1.5) * body
    }

    /// The block's text as units that start on a line of their own (list items, a poem's or a
    /// preformatted block's lines), each a list of tokens.
    private static func units(of block: PageStructure.Block, body: Double, heading: Bool, preformatted: Bool,
                              column: Double) -> [[Token]] {
        var units: [[Token]] = []
        var characters: [(Character, Style)] = []
        var hardBreaks: [Int] = []
        let texts = block.lines.map { $0.runs.map(\.text).joined() }
        let early = texts.indices.dropFirst().map { endsEarly(block.lines[$0 - 1], before: texts[$0], column: max(column, block.right), body: body) }
        // Verse: most lines end early (a line number in the margin makes the others look full).
        // A list's items end early by nature, so breaks before an item are not counted.
        let counted = texts.indices.dropFirst().filter { !startsItem(texts[$0]) }.map { early[$0 - 1] }
        let verse = counted.count >= 3 && counted.filter { $0 }.count * 2 >= counted.count
        for (index, line) in block.lines.enumerated() {
            let text = texts[index]
            if index > 0 {
                if preformatted || verse || startsItem(text) || early[index - 1] {
                    hardBreaks.append(characters.count)
                } else if let last = characters.last?.0 {
                    if last == "\u{00AD}" {
                        characters.removeLast()
                    } else if !(last == "-" || last == "—" || TextWidth.of(String(last)) == 2) {
                        characters.append((" ", Style()))
                    }
                }
            }
            for run in line.runs {
                let style = Style(bold: run.bold || heading, italic: run.italic)
                let trimmed = run.text.trimmingWhitespace()
                // A number or letter in smaller type: a footnote's marker (not ruby, the small kana over kanji).
                if run.size < body * 0.9, !trimmed.isEmpty, trimmed.count <= 3, !heading,
                   trimmed.allSatisfy({ ($0.isASCII && ($0.isNumber || $0.isLetter)) || "*†‡§".contains($0) }) {
                    characters += Array("[\(trimmed)]").map { ($0, Style()) }
                } else {
                    characters += run.text.map { ($0, style) }
                }
            }
        }
        var start = 0
        for end in hardBreaks + [characters.count] {
            units.append(tokens(Array(characters[start..<end]), keepSpaces: preformatted))
            start = end
        }
        return units.filter { !$0.isEmpty }
    }

    private static func tokens(_ characters: [(Character, Style)], keepSpaces: Bool) -> [Token] {
        if keepSpaces { return [Token(characters: characters, spaceBefore: false)] }
        var tokens: [Token] = []
        var current: [(Character, Style)] = []
        var spaceBefore = false, pendingSpace = false
        func flush() {
            if !current.isEmpty { tokens.append(Token(characters: current, spaceBefore: spaceBefore)) }
            current = []
        }
        for item in characters {
            if item.0.isWhitespace {
                flush()
                pendingSpace = true
                continue
            }
            if current.isEmpty { spaceBefore = pendingSpace && !tokens.isEmpty }
            pendingSpace = false
            // Wide characters (CJK) break anywhere: each is a token of its own.
            if TextWidth.of(String(item.0)) == 2 {
                flush()
                tokens.append(Token(characters: [item], spaceBefore: spaceBefore))
                spaceBefore = false
                continue
            }
            current.append(item)
        }
        flush()
        return tokens
    }

    private static let closers: Set<Character> = ["。", "，", "、", "．", "！", "？", "：", "；", "」", "』", "）", "】", "》", "〉", "…", "ー"]

    /// Greedy filling; an item's lines after its first hang under the text after its bullet or number.
    private static func wrap(_ unit: [Token], width: Int) -> [[Token]] {
        let first = unit.first.map { String($0.characters.map(\.0)) } ?? ""
        let hanging = unit.count > 1 && startsItem(first + " x") ? min(8, TextWidth.of(first) + 1) : 0
        var lines: [[Token]] = []
        var line: [Token] = []
        var used = 0
        for token in unit {
            let gap = line.isEmpty ? 0 : (token.spaceBefore ? 1 : 0)
            let limit = lines.isEmpty ? width : width - hanging
            // Closing punctuation (。，」) never starts a line: it stays with the character before it.
            let closing = !token.spaceBefore && token.characters.count == 1 && closers.contains(token.characters[0].0)
            if !line.isEmpty, !closing, used + gap + token.width > limit {
                lines.append(line)
                line = [Token(characters: Array(repeating: (" ", Style()), count: hanging), spaceBefore: false)]
                used = hanging
                var next = token
                next.spaceBefore = false
                line.append(next)
                used += token.width
                continue
            }
            line.append(token)
            used += gap + token.width
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func render(_ line: [Token], styled: Bool) -> String {
        var text = ""
        var current = Style()
        for (index, token) in line.enumerated() {
            if index > 0, token.spaceBefore {
                // The space between two words takes the style of the second only when both have it.
                if styled, let next = token.characters.first?.1, next != current {
                    text += sequence(from: current, to: Style(bold: current.bold && next.bold, italic: current.italic && next.italic))
                    current = Style(bold: current.bold && next.bold, italic: current.italic && next.italic)
                }
                text.append(" ")
            }
            for (character, style) in token.characters {
                if styled, style != current {
                    text += sequence(from: current, to: style)
                    current = style
                }
                text.append(character)
            }
        }
        if styled, current != Style() { text += sequence(from: current, to: Style()) }
        return text
    }

    /// SGR 1/22 for bold, 3/23 for italic: only what changes, so one ends without ending the other.
    private static func sequence(from old: Style, to new: Style) -> String {
        var codes: [String] = []
        if old.bold != new.bold { codes.append(new.bold ? "1" : "22") }
        if old.italic != new.italic { codes.append(new.italic ? "3" : "23") }
        return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
    }
}
