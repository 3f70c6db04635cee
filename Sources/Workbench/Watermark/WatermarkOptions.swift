import Foundation

/// Where the watermark sits relative to the page content.
public enum WatermarkLayer: String, CaseIterable, Sendable {
    /// Drawn after the content, so it shows over text and images.
    case over
    /// Drawn before the content, so text and images stay on top of it.
    case under
}

/// Where a single stamp sits on the page as displayed.
public enum WatermarkPosition: String, CaseIterable, Sendable {
    case center, top, bottom, left, right
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    public init(parsing text: String) throws {
        guard let position = Self(rawValue: text.lowercased()) else { throw WatermarkError.badPosition(text) }
        self = position
    }
}

/// One stamp, or the text repeated across the whole page.
public enum WatermarkPlacement: Equatable, Sendable {
    /// `margin` is the gap in points between the stamp's rotated bounds and the page edge.
    case single(WatermarkPosition, margin: Double)
    /// Gaps in points between neighbouring copies, measured along and across the text.
    case tile(horizontal: Double, vertical: Double)

    /// Reads "50x50" (horizontal x vertical) or a single number for both.
    public static func tile(parsing text: String) throws -> WatermarkPlacement {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap(Double.init)
        guard numbers.count == parts.count, (1...2).contains(numbers.count),
              numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 10_000 })
        else { throw WatermarkError.badSpacing(text) }
        return .tile(horizontal: numbers[0], vertical: numbers.last!)
    }
}

/// Everything that decides how the watermark looks and where it goes.
public struct WatermarkOptions: Sendable {
    public var text: String
    /// A pango font description: "Sans Bold 36", "Noto Serif CJK JP 28".
    public var font = "Sans Bold 48"
    public var color = WatermarkColor(red: 0.5, green: 0.5, blue: 0.5)
    /// 0 (invisible) to 1 (opaque).
    public var opacity = 0.3
    /// Degrees counter-clockwise, as the page is displayed.
    public var angle = 45.0
    public var layer = WatermarkLayer.over
    public var placement = WatermarkPlacement.single(.center, margin: 36)
    /// Page numbers and labels ("2-10,15", "iv-x"); nil means every page.
    public var pages: String?
    public var password: String?

    public init(text: String) {
        self.text = text
    }
}
