import TextCells

/// Rows printed in aligned columns; the widest column can be squeezed to fit
/// the terminal.
package struct TextTable {
    package var headers: [String]
    package var rightAligned: Set<Int> = []
    package var rows: [[String]] = []

    package init(headers: [String], rightAligned: Set<Int> = [], rows: [[String]] = []) {
        self.headers = headers
        self.rightAligned = rightAligned
        self.rows = rows
    }

    package func render(maxWidth: Int, squeezable: Int? = nil) -> String {
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(TextWidth.of).max() ?? 0
        }
        if let squeezable {
            let total = widths.reduce(0, +) + 2 * (widths.count - 1)
            if total > maxWidth { widths[squeezable] = max(12, widths[squeezable] - (total - maxWidth)) }
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = TextWidth.truncate(cells[column], to: widths[column])
                return column == cells.count - 1 && !rightAligned.contains(column)
                    ? cell : TextWidth.pad(cell, to: widths[column], right: rightAligned.contains(column))
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}
