// ZipArchive: a zip file built in memory, as an EPUB needs it: entries in
// the order added (`mimetype` first), each stored or deflated, all with one
// fixed date so that writing the same entries again gives the same bytes.

import Deflate

struct ZipArchive {
    private var body: [UInt8] = []
    private var directory: [UInt8] = []
    private var entryCount = 0

    // 2026-01-01 00:00: a zip's own timestamp would change the file at every run.
    private static let dosTime: UInt16 = 0
    private static let dosDate: UInt16 = UInt16((2026 - 1980) << 9 | 1 << 5 | 1)

    /// Deflated at libdeflate's strongest level: its output depends on nothing but the input.
    private static let deflater = Deflater(level: 12)

    /// `deflated: false` keeps the bytes as they are (the EPUB's `mimetype` must be, so a reader can
    /// find "application/epub+zip" at byte 38).
    mutating func add(_ name: String, _ content: [UInt8], deflated: Bool = true) {
        let packed = deflated ? content.withUnsafeBytes { Self.deflater.raw($0) } : content
        let method: UInt16 = deflated ? 8 : 0
        let crc = content.withUnsafeBytes { CRC32.checksum($0) }
        let nameBytes = Array(name.utf8)
        let offset = UInt32(body.count)
        // Version 2.0 needed; bit 11 says the name is UTF-8 (ours are ASCII, but a reader may check).
        let common = le16(20) + le16(1 << 11) + le16(method) + le16(Self.dosTime) + le16(Self.dosDate)
            + le32(crc) + le32(UInt32(packed.count)) + le32(UInt32(content.count)) + le16(UInt16(nameBytes.count)) + le16(0)
        body += le32(0x0403_4B50) + common + nameBytes + packed
        directory += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + nameBytes
        entryCount += 1
    }

    /// The archive's bytes: the entries, their central directory and its end record.
    var bytes: [UInt8] {
        let count = UInt16(entryCount)
        return body + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count)
            + le32(UInt32(directory.count)) + le32(UInt32(body.count)) + le16(0)
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
