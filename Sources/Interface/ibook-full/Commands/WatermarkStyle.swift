import Arguments
import Foundation
import IBookCLI
import Watermark

/// How a watermark looks and where it sits: the options `watermark` and
/// `print --watermark` share, defined and read in one place.
enum WatermarkStyle {
    static let font = ValueOption<String>("--font", value: "font", help: "A font description: family, style and size in points (default \"Sans Bold 48\").")
    static let color = ValueOption<String>("--color", value: "color", help: "Text colour: #rrggbb, #rgb or a name (default gray).")
    static let opacity = ValueOption<Double>("--opacity", value: "0-1", in: 0...1, help: "0 is invisible, 1 opaque (default 0.3).")
    static let angle = ValueOption<Double>("--angle", value: "degrees", in: -360...360, help: "Counter-clockwise rotation of the text (default 45).")
    static let layer = ChoiceOption<WatermarkLayer>("--layer", value: "layer",
                                                    help: "Over the page content, or under it so text and images stay on top (default over).")
    static let tile = Flag("--tile", help: "Repeat the text across the whole page.")
    static let spacing = ValueOption<String>("--spacing", value: "HxV", help: "Gap between tiled copies in points, horizontal x vertical (default 50x50; implies --tile).")
    static let position = ValueOption<String>("--position", value: "where", help: "Where a single stamp goes: center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right (default center).")
    static let margin = ValueOption<Double>("--margin", value: "points", in: 0...10_000, help: "Gap between a single stamp and the page edge (default 36).")

    static let options = [font.option, color.option, opacity.option, angle.option, layer.option, tile.option, spacing.option,
                          position.option, margin.option]

    static func given(_ arguments: ParsedArguments) -> [String] {
        options.filter { arguments.contains($0) }.map(\.preferredName)
    }

    static func apply(_ arguments: ParsedArguments, to options: inout WatermarkOptions) throws {
        do {
            if let font = arguments[Self.font] { options.font = font }
            if let color = arguments[Self.color] { options.color = try WatermarkColor(parsing: color) }
            if let opacity = try arguments[Self.opacity] { options.opacity = opacity }
            if let angle = try arguments[Self.angle] { options.angle = angle }
            if let layer = arguments[Self.layer] { options.layer = layer }
            let tile = arguments[Self.tile] || arguments[Self.spacing] != nil
            if tile {
                if arguments[Self.position] != nil || arguments.contains(Self.margin) {
                    throw UsageError("--position and --margin place a single stamp; they cannot be used with --tile")
                }
                options.placement = try .tile(parsing: arguments[Self.spacing] ?? "50x50")
            } else {
                let position = try arguments[Self.position].map { try WatermarkPosition(parsing: $0) } ?? .center
                let margin = try arguments[Self.margin] ?? 36
                options.placement = .single(position, margin: margin)
            }
        } catch let error as WatermarkError {
            throw UsageError(error.description)
        }
    }
}
