/// A block of a laid-out page's text (a paragraph, a heading, a list item) with what a terminal
/// can show of its look: where it and each line start, and its runs of one style and size.
/// Distances in points from the page's top-left corner.
public struct ReflowTextBlock: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public var left: Double
        public var right: Double
        public var top: Double
        public var runs: [Run]
    }

    public struct Run: Equatable, Sendable {
        public var text: String
        public var bold: Bool
        public var italic: Bool
        public var monospaced: Bool
        /// The type size in points.
        public var size: Double
        public var baseline: Double
    }

    public var left: Double
    public var right: Double
    public var lines: [Line]
}
