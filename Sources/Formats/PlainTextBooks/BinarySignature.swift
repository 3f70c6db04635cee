/// Files that are plainly not text, told by their first bytes, so that a PNG renamed .txt
/// is refused by name rather than decoded as Latin-1 noise.
enum BinarySignature {
    private static let signatures: [(bytes: [UInt8], offset: Int, name: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 0, "PNG image"),
        ([0xFF, 0xD8, 0xFF], 0, "JPEG image"),
        (Array("GIF87a".utf8), 0, "GIF image"),
        (Array("GIF89a".utf8), 0, "GIF image"),
        (Array("%PDF-".utf8), 0, "PDF document"),
        (Array("PK".utf8) + [0x03, 0x04], 0, "ZIP archive"),
        ([0x1F, 0x8B], 0, "gzip data"),
        (Array("BZh".utf8), 0, "bzip2 data"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], 0, "xz data"),
        ([0x28, 0xB5, 0x2F, 0xFD], 0, "zstd data"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], 0, "7-Zip archive"),
        (Array("Rar!".utf8) + [0x1A, 0x07], 0, "RAR archive"),
        ([0x7F] + Array("ELF".utf8), 0, "ELF executable"),
        ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], 0, "Microsoft Office document"),
        (Array("SQLite format 3".utf8) + [0], 0, "SQLite database"),
        (Array("AT&TFORM".utf8), 0, "DjVu document"),
        (Array("II*".utf8) + [0], 0, "TIFF image"),
        (Array("MM".utf8) + [0, 0x2A], 0, "TIFF image"),
        (Array("BOOKMOBI".utf8), 60, "MOBI book"),
        (Array("OggS".utf8), 0, "Ogg media"),
        (Array("fLaC".utf8), 0, "FLAC audio"),
        (Array("ID3".utf8), 0, "MP3 audio"),
    ]

    /// What the bytes are, when their start says they are not text.
    static func name(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)) {
            let kind = Array(bytes[8..<12])
            if kind == Array("WEBP".utf8) { return "WebP image" }
            if kind == Array("WAVE".utf8) { return "WAV audio" }
            if kind == Array("AVI ".utf8) { return "AVI video" }
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return "MP4 or HEIF media" }
        for signature in signatures where bytes.count >= signature.offset + signature.bytes.count {
            if bytes[signature.offset..<(signature.offset + signature.bytes.count)].elementsEqual(signature.bytes) {
                if signature.name == "ZIP archive", bytes.count >= 58,
                   bytes[30..<58].elementsEqual(Array("mimetypeapplication/epub+zip".utf8)) {
                    return "EPUB book"
                }
                return signature.name
            }
        }
        return nil
    }
}
