import Foundation
import Raster

/// kitty's graphics protocol: the image travels as PNG in base64 inside APC
/// sequences (`ESC _ G keys ; payload ESC \`) and is placed at the cursor.
/// Also understood by ghostty, WezTerm and Konsole.
public enum KittyGraphics {
    /// The protocol's limit on the payload of one sequence.
    static let chunkSize = 4096

    /// Sends `image` as image `id` and shows it at the cursor across
    /// `columns × rows` cells of `cellSize` pixels, leaving the cursor where
    /// it was (`C=1`) and asking for no replies (`q=2`), which would
    /// otherwise arrive as input. The image keeps its proportions: it is
    /// padded to whole cells rather than stretched into them.
    public static func transmitAndPlace(_ image: RasterImage, id: UInt32, columns: Int, rows: Int,
                                        cellSize: (width: Int, height: Int), tmux: Bool = false) throws -> [UInt8] {
        let fit = try CellFit(image, columns: columns, rows: rows, cellSize: cellSize)
        let png = PNGEncoder.encode(fit.image, alpha: fit.isPadded)
        let payload = Array(Data(png).base64EncodedString().utf8)
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + payload.count / chunkSize * 24 + 96)
        var offset = 0
        repeat {
            let end = min(payload.count, offset + chunkSize)
            let more = end < payload.count ? 1 : 0
            let keys = offset == 0
                ? "a=T,f=100,t=d,i=\(id),q=2,C=1,c=\(fit.columns),r=\(fit.rows),m=\(more)"
                : "m=\(more)"
            output += sequence(keys: keys, payload: payload[offset..<end], tmux: tmux)
            offset = end
        } while offset < payload.count
        return output
    }

    /// Removes image `id` from the screen and the terminal's memory.
    public static func delete(id: UInt32, tmux: Bool = false) -> [UInt8] {
        sequence(keys: "a=d,d=I,i=\(id),q=2", payload: [], tmux: tmux)
    }

    /// Removes every image on the screen and frees their data.
    public static func deleteAll(tmux: Bool = false) -> [UInt8] {
        sequence(keys: "a=d,d=A,q=2", payload: [], tmux: tmux)
    }

    private static func sequence(keys: String, payload: ArraySlice<UInt8>, tmux: Bool) -> [UInt8] {
        var bytes = Array("\u{1B}_G\(keys)".utf8)
        if !payload.isEmpty {
            bytes.append(UInt8(ascii: ";"))
            bytes.append(contentsOf: payload)
        }
        bytes += [0x1B, UInt8(ascii: "\\")]
        return tmux ? TmuxPassthrough.wrap(bytes) : bytes
    }
}
