/// MuPDF 1.21 refuses every EPUB with a META-INF/encryption.xml ("epub is locked by drm"),
/// even one whose only encryption is the font obfuscation EPUB allows publishers (the book's
/// text is in the clear). Such a book is opened from a copy in memory whose zip headers name
/// that entry (and rights.xml) differently, so MuPDF does not see it; the obfuscated fonts then
/// fail to load and MuPDF lays the text out in its own fonts.
enum ObfuscatedFonts {
    /// A copy this large is not made: a book with obfuscated fonts is a few megabytes.
    static let largestCopy = 512 << 20

    static let hiddenNames = ["META-INF/encryption.xml", "META-INF/rights.xml"]

    static func engineWithoutEncryption(path: String) throws(ReflowError) -> EngineDocument {
        guard let file = RandomAccessFile(path: path) else { throw .damaged("cannot be read") }
        if file.size > UInt64(largestCopy) { throw .tooLarge("\(file.size >> 20) MB with obfuscated fonts") }
        guard var bytes = file.read(at: 0, count: Int(file.size)) else { throw .damaged("cannot be read") }
        for name in hiddenNames { rename(Array(name.utf8), in: &bytes) }
        return try EngineDocument(path: nil, bytes: bytes)
    }

    /// Every occurrence of the name (in local and central headers; entries' data is deflated,
    /// so it holds no plain copy) has its last byte changed: same lengths, same offsets.
    static func rename(_ name: [UInt8], in bytes: inout [UInt8]) {
        guard bytes.count >= name.count, let first = name.first else { return }
        var index = 0
        while index <= bytes.count - name.count {
            if bytes[index] == first, bytes[index..<index + name.count].elementsEqual(name) {
                bytes[index + name.count - 1] = UInt8(ascii: "_")
                index += name.count
            } else {
                index += 1
            }
        }
    }
}
