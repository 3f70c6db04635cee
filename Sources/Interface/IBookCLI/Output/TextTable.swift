import LeanBasics
import TextCells

/// Rows printed in aligned columns. Given a width (a terminal's), the table
/// fits it: the widest columns give way first, and the primary column (a
/// title) keeps at least a third of the line. Without one (a pipe), nothing
/// is cut.
package struct TextTable {
    package var headers: [String]
    package var rightAligned: Set<Int> = []
    package var rows: [[String]] = []

    package init(headers: [String], rightAligned: Set<Int> = [], rows: [[String]] = []) {
        self.headers = headers
        self.rightAligned = rightAligned
        self.rows = rows
    }

    static let gap = 2

    package func render(maxWidth: Int?, primary: Int? = nil) -> String {
        let natural = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(TextWidth.of).max() ?? 0
        }
        let widths = maxWidth.map { fit(natural, into: $0, primary: primary) } ?? natural
        func line(_ cells: [String]) -> String {
            var text = cells.indices.map { column in
                let cell = TextWidth.truncate(cells[column], to: widths[column])
                return column == cells.count - 1 && !rightAligned.contains(column)
                    ? cell : TextWidth.pad(cell, to: widths[column], right: rightAligned.contains(column))
            }.joined(separator: String(repeating: " ", count: Self.gap))
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }

    /// Rows as tab-separated values, nothing cut: for scripts.
    package func tabSeparated() -> String {
        ([headers] + rows).map { cells in
            cells.map { $0.replacingEvery("\t", with: " ").replacingEvery("\n", with: " ") }
                .joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// Column widths that fit `width`: a cap is lowered until the columns
    /// wider than it, cut to it, fit; numbers (right-aligned) and headers are
    /// never cut, and the primary column keeps a third of the line.
    func fit(_ natural: [Int], into width: Int, primary: Int?) -> [Int] {
        let available = width - Self.gap * max(0, natural.count - 1)
        guard natural.reduce(0, +) > available else { return natural }
        let floors = natural.indices.map { column -> Int in
            if rightAligned.contains(column) { return natural[column] }
            var floor = min(natural[column], max(TextWidth.of(headers[column]), 3))
            if column == primary { floor = max(floor, min(natural[column], width / 3)) }
            return floor
        }
        func widths(cap: Int) -> [Int] { natural.indices.map { max(floors[$0], min(natural[$0], cap)) } }
        var low = 0, high = natural.max() ?? 0
        while low < high {
            let cap = (low + high + 1) / 2
            if widths(cap: cap).reduce(0, +) <= available { low = cap } else { high = cap - 1 }
        }
        var result = widths(cap: low)
        // What the cap leaves over goes to the cut columns, widest first.
        var spare = available - result.reduce(0, +)
        for column in natural.indices.sorted(by: { natural[$0] > natural[$1] }) where spare > 0 && result[column] < natural[column] {
            let extra = min(spare, natural[column] - result[column])
            result[column] += extra
            spare -= extra
        }
        return result
    }
}
