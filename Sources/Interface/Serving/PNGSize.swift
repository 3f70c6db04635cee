import Glibc

/// A PNG file's width and height, from its IHDR chunk.
struct PNGSize {
    let width: Int
    let height: Int

    /// nil when the file is no PNG.
    init?(path: String) {
        guard let stream = fopen(path, "rb") else { return nil }
        defer { fclose(stream) }
        var header = [UInt8](repeating: 0, count: 24)
        guard fread(&header, 1, 24, stream) == 24, header[0..<8] == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
              header[12..<16] == Array("IHDR".utf8)[...] else { return nil }
        func number(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = number(16)
        height = number(20)
    }
}
