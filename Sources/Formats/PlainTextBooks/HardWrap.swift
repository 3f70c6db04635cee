/// Whether a text is hard-wrapped (paragraphs broken into lines of about the same width, as
/// Project Gutenberg's are at 70 columns) and at what width. Lines of such a text are joined
/// into paragraphs; a text with one paragraph a line is not, whatever its lines' lengths.
enum HardWrap {
    /// The width lines were wrapped at, in columns, or nil when the text is not hard-wrapped.
    static func width(of lines: TextLines, in region: Range<Int>) -> Int? {
        // Only lines another line follows: a paragraph's last line, a heading and a blank line say nothing
        // of the wrapping. Every line of a short book; a sample spread over a long one.
        let step = max(1, region.count / 20_000)
        var widths: [Int] = []
        for line in stride(from: region.lowerBound, to: region.upperBound - 1, by: step)
        where !lines.isBlank(line) && !lines.isBlank(line + 1) {
            widths.append(lines.width(lines.trimmed(line)))
        }
        guard widths.count >= 4 else { return nil }
        widths.sort()
        let wrap = widths[widths.count * 9 / 10]
        guard (30...120).contains(wrap) else { return nil }
        // Wrapped lines come near the width: a text of one paragraph a line, or of verse, has them anywhere.
        let near = widths.reduce(0) { $0 + ($1 * 4 >= wrap * 3 ? 1 : 0) }
        guard near * 10 >= widths.count * 6 else { return nil }
        return wrap
    }
}
