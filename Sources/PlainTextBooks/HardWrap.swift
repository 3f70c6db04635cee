/// Whether a text is hard-wrapped (paragraphs broken into lines of about the same width, as
/// Project Gutenberg's are at 70 columns) and at what width. Lines of such a text are joined
/// into paragraphs; a text with one paragraph a line is not, whatever its lines' lengths.
enum HardWrap {
    /// The width lines were wrapped at, in columns, or nil when the text is not hard-wrapped.
    static func width(of lines: TextLines, in region: Range<Int>) -> Int? {
        // Every line of a short book; a sample spread over a long one.
        let step = max(1, region.count / 20_000)
        var widths: [Int] = []
        var continued = 0
        for line in stride(from: region.lowerBound, to: region.upperBound, by: step) where !lines.isBlank(line) {
            widths.append(lines.width(lines.trimmed(line)))
            if line + 1 < region.upperBound, !lines.isBlank(line + 1) { continued += 1 }
        }
        guard widths.count >= 8 else { return nil }
        widths.sort()
        let wrap = widths[widths.count * 9 / 10]
        guard (30...120).contains(wrap) else { return nil }
        // Most lines come near the width, and most are followed by another line of the same paragraph.
        let near = widths.reduce(0) { $0 + ($1 * 4 >= wrap * 3 ? 1 : 0) }
        guard near * 2 >= widths.count, continued * 10 >= widths.count * 3 else { return nil }
        return wrap
    }
}
