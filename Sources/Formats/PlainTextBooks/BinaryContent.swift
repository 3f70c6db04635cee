/// Whether bytes that are not UTF-16 or UTF-32 are text at all. A few stray NULs or control
/// characters (a file padded by an old editor) are dropped from the text later; many mean
/// the file is data.
enum BinaryContent {
    /// How much of the file is looked at: binary files show it in their first few kilobytes.
    static let sampleSize = 64 * 1024

    /// Why the bytes are not text, or nil when they may be.
    static func reason(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if let name = BinarySignature.name(of: bytes) { return name }
        let sample = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, sampleSize)])
        var nuls = 0
        var controls = 0
        for byte in sample where byte < 0x20 {
            switch byte {
            case 0: nuls += 1
            // Tab, line ends, form feed, vertical tab, escape, and DOS's end-of-file mark.
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A, 0x1B: break
            default: controls += 1
            }
        }
        if nuls > 16 || (nuls > 1 && nuls * 100 > sample.count) { return "NUL bytes" }
        if controls * 20 > sample.count { return "control characters" }
        return nil
    }
}
