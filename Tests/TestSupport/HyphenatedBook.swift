import Foundation

/// A book of plain pages with words hyphenated at line ends, over two lines
/// and over three or more (`stat-⏎i-⏎cally`, `def-⏎i-⏎ni-⏎tion`) as narrow
/// columns break them, on pages 20, 40 and 60 of filler: with more than 128
/// pages a search reads it through the page index, with fewer part by part.
public enum HyphenatedBook {
    public static let specialPages = [
        20: "This is the corre-\nsponding entry of the table.",
        40: "Values are stat-\ni-\ncally typed in this language.",
        60: "The def-\ni-\nni-\ntion of a word, and its corresponding entry.",
    ]

    /// Writes `title`.pdf of `pageCount` pages (at least 60) in `directory`; its path.
    public static func make(_ title: String, pageCount: Int, in directory: URL) throws -> String {
        let filler = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs."
        let pages = (1...pageCount).map { specialPages[$0] ?? filler }
        let url = directory.appendingPathComponent("\(title).pdf")
        try RawPDF.book(title: title, pages: pages).write(to: url)
        return url.path
    }
}
