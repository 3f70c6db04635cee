import Arguments
import Foundation
import IBookCLI
import Watermark

/// How a watermark looks and where it sits: the options `watermark` and
/// `print --watermark` share, defined and read in one place.
enum WatermarkStyle {
    static let options: [Option] = [
        Option("--font", value: "font", help: "A font description: family, style and size in points (default \"Sans Bold 48\")."),
        Option("--color", value: "color", help: "Text colour: #rrggbb, #rgb or a name (default gray)."),
        Option("--opacity", value: "0-1", help: "0 is invisible, 1 opaque (default 0.3)."),
        Option("--angle", value: "degrees", help: "Counter-clockwise rotation of the text (default 45)."),
        Option("--layer", value: "layer", choices: WatermarkLayer.self,
               help: "Over the page content, or under it so text and images stay on top (default over)."),
        Option("--tile", help: "Repeat the text across the whole page."),
        Option("--spacing", value: "HxV", help: "Gap between tiled copies in points, horizontal x vertical (default 50x50; implies --tile)."),
        Option("--position", value: "where", help: "Where a single stamp goes: center, top, bottom, left, right, top-left, top-right, bottom-left, bottom-right (default center)."),
        Option("--margin", value: "points", help: "Gap between a single stamp and the page edge (default 36)."),
    ]

    static func given(_ arguments: ParsedArguments) -> [String] {
        options.filter { $0.isFlag ? arguments.flag($0.key) : arguments.value($0.key) != nil }.map(\.preferredName)
    }

    static func apply(_ arguments: ParsedArguments, to options: inout WatermarkOptions) throws {
        do {
            if let font = arguments.value("font") { options.font = font }
            if let color = arguments.value("color") { options.color = try WatermarkColor(parsing: color) }
            if let opacity = try arguments.double("opacity", in: 0...1) { options.opacity = opacity }
            if let angle = try arguments.double("angle", in: -360...360) { options.angle = angle }
            if let layer = arguments.value("layer") {
                guard let parsed = WatermarkLayer(rawValue: layer.lowercased()) else {
                    throw UsageError("--layer must be over or under, not '\(layer)'")
                }
                options.layer = parsed
            }
            let tile = arguments.flag("tile") || arguments.value("spacing") != nil
            if tile {
                if arguments.value("position") != nil || arguments.value("margin") != nil {
                    throw UsageError("--position and --margin place a single stamp; they cannot be used with --tile")
                }
                options.placement = try .tile(parsing: arguments.value("spacing") ?? "50x50")
            } else {
                let position = try arguments.value("position").map { try WatermarkPosition(parsing: $0) } ?? .center
                let margin = try arguments.double("margin", in: 0...10_000) ?? 36
                options.placement = .single(position, margin: margin)
            }
        } catch let error as WatermarkError {
            throw UsageError(error.description)
        }
    }
}
