import Foundation

/// A zip archive written entry by entry, stored (not compressed), with any
/// names at all: EPUBs and comics for the format tests, and archives no zip
/// tool would write (entries named `../../x` or `/etc/x`, sizes that lie).
public struct ZipWriter {
    public struct Entry {
        public var name: String
        public var content: [UInt8]
        /// What the archive claims the entry inflates to; the real size when nil.
        public var declaredSize: UInt32?

        public init(_ name: String, _ content: [UInt8], declaredSize: UInt32? = nil) {
            self.name = name
            self.content = content
            self.declaredSize = declaredSize
        }

        public init(_ name: String, _ text: String) { self.init(name, Array(text.utf8)) }
    }

    public static func archive(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = UInt32(bytes.count)
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.content)
            let size = UInt32(entry.content.count)
            var header: [UInt8] = []
            header += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            header += le32(crc) + le32(size) + le32(entry.declaredSize ?? size) + le16(UInt16(name.count)) + le16(0)
            bytes += header + name + entry.content
            directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            directory += le32(crc) + le32(size) + le32(entry.declaredSize ?? size) + le16(UInt16(name.count))
            directory += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(bytes.count)
        bytes += directory
        bytes += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        bytes += le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return bytes
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
