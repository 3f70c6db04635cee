import CChafa
import Raster

/// One chafa canvas and everything it was configured with, released
/// together when this object goes.
final class ChafaCanvas {
    struct Cell {
        var character: Character
        /// 0xRRGGBB, or nil where the cell shows the terminal's own colour.
        var foreground: UInt32?
        var background: UInt32?
    }

    private let config: OpaquePointer
    private let symbolMap: OpaquePointer?
    private let canvas: OpaquePointer
    let columns: Int
    let rows: Int

    /// A canvas of `columns × rows` cells in `pixelMode`; `symbols` chooses
    /// the characters of symbol mode; `monochrome`, symbols only, in the
    /// terminal's own colours, chosen as if its foreground were black ink
    /// and its background the white page.
    init(columns: Int, rows: Int, cellSize: (width: Int, height: Int), pixelMode: ChafaPixelMode,
         symbols: ChafaSymbolTags? = nil, monochrome: Bool = false) throws {
        guard let config = chafa_canvas_config_new() else { throw GraphicsError.chafaFailed("make a canvas configuration") }
        self.config = config
        self.columns = columns
        self.rows = rows
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(max(1, cellSize.width)), Int32(max(1, cellSize.height)))
        chafa_canvas_config_set_canvas_mode(config, monochrome ? CHAFA_CANVAS_MODE_FGBG : CHAFA_CANVAS_MODE_TRUECOLOR)
        if monochrome {
            chafa_canvas_config_set_fg_color(config, 0x000000)
            chafa_canvas_config_set_bg_color(config, 0xFFFFFF)
            // Two colours only: text smaller than a cell would average to paper; dithering keeps its grey.
            chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED)
        }
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        // Contrast stretching is for 16-colour output; with 24-bit colour it only changes the page's colours.
        chafa_canvas_config_set_preprocessing_enabled(config, 0)
        // A page is mostly text: trying every symbol for each cell is worth its few milliseconds.
        chafa_canvas_config_set_work_factor(config, 1.0)
        if let symbols {
            guard let map = chafa_symbol_map_new() else {
                chafa_canvas_config_unref(config)
                throw GraphicsError.chafaFailed("make a symbol map")
            }
            chafa_symbol_map_add_by_tags(map, symbols)
            chafa_canvas_config_set_symbol_map(config, map)
            symbolMap = map
        } else {
            symbolMap = nil
        }
        guard let canvas = chafa_canvas_new(config) else {
            if let symbolMap { chafa_symbol_map_unref(symbolMap) }
            chafa_canvas_config_unref(config)
            throw GraphicsError.chafaFailed("make a \(columns)×\(rows) canvas")
        }
        self.canvas = canvas
    }

    deinit {
        chafa_canvas_unref(canvas)
        if let symbolMap { chafa_symbol_map_unref(symbolMap) }
        chafa_canvas_config_unref(config)
    }

    /// Draws `image` over the whole canvas, scaled to its pixel size.
    func draw(_ image: RasterImage) {
        image.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
    }

    /// The canvas as terminal output with the control sequences of a
    /// terminal chafa knows nothing particular about (sixels as a VT340 has them).
    func printed() throws -> [UInt8] {
        guard let info = chafa_term_db_get_fallback_info(chafa_term_db_get_default()) else {
            throw GraphicsError.chafaFailed("find terminal sequences")
        }
        defer { chafa_term_info_unref(info) }
        guard let text = chafa_canvas_print(canvas, info) else { throw GraphicsError.chafaFailed("print the canvas") }
        defer { g_string_free(text, 1) }
        guard let start = text.pointee.str else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: Int(text.pointee.len)))
    }

    /// The symbol alone, for a canvas without colours (whose colours chafa does not give out).
    func character(column: Int, row: Int) -> Character {
        Character(Unicode.Scalar(chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))) ?? " ")
    }

    func cell(column: Int, row: Int) -> Cell {
        let scalar = Unicode.Scalar(chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))) ?? " "
        var foreground: Int32 = -1, background: Int32 = -1
        chafa_canvas_get_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        return Cell(character: Character(scalar),
                    foreground: foreground < 0 ? nil : UInt32(foreground) & 0xFF_FFFF,
                    background: background < 0 ? nil : UInt32(background) & 0xFF_FFFF)
    }
}
