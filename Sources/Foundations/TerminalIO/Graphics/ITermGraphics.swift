import Foundation
import Raster

/// iTerm2's inline images (OSC 1337 File), also understood by WezTerm and
/// others: the PNG travels whole in base64 and the terminal fits it into
/// the cells given, keeping its proportions.
public enum ITermGraphics {
    public static func inline(_ image: RasterImage, columns: Int, rows: Int, tmux: Bool = false) throws -> [UInt8] {
        guard !image.isEmpty else { throw GraphicsError.emptyImage }
        guard columns > 0, rows > 0 else { throw GraphicsError.emptyBox(columns: columns, rows: rows) }
        let png = PNGEncoder.encode(image)
        var bytes = Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:".utf8)
        bytes += Array(Data(png).base64EncodedString().utf8)
        bytes.append(0x07)
        return tmux ? TmuxPassthrough.wrap(bytes) : bytes
    }
}
