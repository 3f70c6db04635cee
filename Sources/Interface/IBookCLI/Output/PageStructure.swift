/// A laid-out page's text with what a terminal can show of its look, as the engine that
/// laid it out gives it (only ibook-full has one): text blocks, their lines, and runs of
/// one style and size. Distances in points from the page's top-left corner.
package struct PageStructure: Sendable {
    package struct Block: Sendable {
        package var left: Double
        package var right: Double
        package var lines: [Line]

        package init(left: Double, right: Double, lines: [Line]) {
            self.left = left
            self.right = right
            self.lines = lines
        }
    }

    package struct Line: Sendable {
        package var left: Double
        package var right: Double
        package var runs: [Run]

        package init(left: Double, right: Double, runs: [Run]) {
            self.left = left
            self.right = right
            self.runs = runs
        }
    }

    package struct Run: Sendable {
        package var text: String
        package var bold: Bool
        package var italic: Bool
        package var monospaced: Bool
        package var size: Double

        package init(text: String, bold: Bool, italic: Bool, monospaced: Bool, size: Double) {
            self.text = text
            self.bold = bold
            self.italic = italic
            self.monospaced = monospaced
            self.size = size
        }
    }

    package var blocks: [Block]

    package init(blocks: [Block]) { self.blocks = blocks }
}
