import CPangoCairo
import Foundation

/// An RGB colour with components from 0 to 1.
public struct WatermarkColor: Equatable, Sendable {
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Accepts what pango does: "#d32f2f", "#d3f", "#rrrrggggbbbb" and the X11
    /// names ("gray", "firebrick").
    public init(parsing text: String) throws {
        var color = PangoColor()
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, pango_color_parse(&color, trimmed) != 0 else { throw WatermarkError.badColor(text) }
        self.init(red: Double(color.red) / 65535, green: Double(color.green) / 65535, blue: Double(color.blue) / 65535)
    }
}
