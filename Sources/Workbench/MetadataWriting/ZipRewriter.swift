import Deflate

/// A zip (an EPUB) written again with one entry's content replaced: every other entry's
/// local header and data copied byte for byte, `mimetype` first and stored, as the EPUB
/// container format asks, and a new central directory. Zip64 archives are refused.
enum ZipRewriter {
    enum Failure: Error, Equatable {
        case damaged(String)
    }

    private struct Entry {
        var name: String
        var record: ArraySlice<UInt8>
        var flags: UInt16
        var method: UInt16
        var localOffset: Int
    }

    static func rewrite(_ zip: [UInt8], replacing name: String, with content: [UInt8]) throws(Failure) -> [UInt8] {
        guard zip.count >= 22, let end = lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: zip, from: max(0, zip.count - 22 - 65_535)),
              zip.count - end >= 22 else { throw .damaged("its zip directory is missing") }
        let count = Int(le16(zip, end + 10)), size = Int(le32(zip, end + 12)), offset = Int(le32(zip, end + 16))
        guard count != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF else { throw .damaged("is a zip64 archive") }
        guard offset <= end, size <= end - offset else { throw .damaged("its zip directory is out of the file") }
        var entries: [Entry] = []
        var at = offset
        while entries.count < count {
            guard end - at >= 46, le32(zip, at) == 0x0201_4B50 else { throw .damaged("its zip directory is cut short") }
            let length = 46 + Int(le16(zip, at + 28)) + Int(le16(zip, at + 30)) + Int(le16(zip, at + 32))
            guard end - at >= length else { throw .damaged("its zip directory is cut short") }
            let nameBytes = zip[(at + 46)..<(at + 46 + Int(le16(zip, at + 28)))]
            let local = Int(le32(zip, at + 42))
            guard local < offset, le32(zip, local) == 0x0403_4B50 else { throw .damaged("an entry's local header is missing") }
            entries.append(Entry(name: String(decoding: nameBytes, as: UTF8.self), record: zip[at..<(at + length)],
                                 flags: le16(zip, at + 8), method: le16(zip, at + 10), localOffset: local))
            at += length
        }
        guard entries.contains(where: { $0.name == name }) else { throw .damaged("has no entry \(name)") }
        // Each entry's bytes run to the next one's local header (data descriptors included).
        let starts = entries.map(\.localOffset).sorted()
        func span(_ entry: Entry) -> Range<Int> {
            let next = starts.first { $0 > entry.localOffset } ?? offset
            return entry.localOffset..<next
        }
        let ordered = entries.sorted { ($0.name == "mimetype" ? 0 : 1, $0.localOffset) < ($1.name == "mimetype" ? 0 : 1, $1.localOffset) }
        var output: [UInt8] = []
        output.reserveCapacity(zip.count + content.count)
        var directory: [UInt8] = []
        for entry in ordered {
            let newOffset = output.count
            if entry.name == name || (entry.name == "mimetype" && entry.method != 0) {
                // A compressed mimetype (against the container's rules, but seen) is stored, with the one content it may have.
                let data = entry.name == name ? content : Array("application/epub+zip".utf8)
                let stored = entry.name == "mimetype"
                let packed = stored ? data : data.withUnsafeBytes { Deflater(level: 9).raw($0) }
                let crc = data.withUnsafeBytes { CRC32.checksum($0) }
                let nameBytes = Array(entry.name.utf8)
                // Bit 3 (sizes after the data) is dropped: they are known now. Bit 11 (UTF-8 names) is kept.
                let flags = entry.flags & 0x0800
                let time = le16(entry.record, entry.record.startIndex + 12), date = le16(entry.record, entry.record.startIndex + 14)
                output += le32(0x0403_4B50) + le16(20) + le16(flags) + le16(stored ? 0 : 8) + le16(time) + le16(date)
                    + le32(crc) + le32(UInt32(packed.count)) + le32(UInt32(data.count)) + le16(UInt16(nameBytes.count)) + le16(0)
                output += nameBytes
                output += packed
                let record = entry.record, start = record.startIndex
                let commentLength = Int(le16(record, start + 32))
                directory += le32(0x0201_4B50) + Array(record[(start + 4)..<(start + 6)]) + le16(20) + le16(flags)
                    + le16(stored ? 0 : 8) + le16(time) + le16(date) + le32(crc) + le32(UInt32(packed.count))
                    + le32(UInt32(data.count)) + le16(UInt16(nameBytes.count)) + le16(0) + le16(UInt16(commentLength))
                    + Array(record[(start + 34)..<(start + 42)]) + le32(UInt32(newOffset)) + nameBytes
                    + Array(record.suffix(commentLength))
            } else {
                output += zip[span(entry)]
                var record = Array(entry.record)
                record.replaceSubrange(42..<46, with: le32(UInt32(newOffset)))
                directory += record
            }
            guard output.count < 0xFFFF_FFFF else { throw .damaged("would need a zip64 archive") }
        }
        let directoryOffset = output.count
        output += directory
        let comment = zip[(end + 22)...].prefix(Int(le16(zip, end + 20)))
        output += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
            + le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(UInt16(comment.count)) + Array(comment)
        return output
    }

    private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8], from lowest: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in stride(from: bytes.count - pattern.count, through: lowest, by: -1)
        where bytes[start] == pattern[0] && bytes[start + 1] == pattern[1] && bytes[start + 2] == pattern[2] && bytes[start + 3] == pattern[3] {
            return start
        }
        return nil
    }

    private static func le16<C: RandomAccessCollection>(_ bytes: C, _ at: C.Index) -> UInt16 where C.Element == UInt8, C.Index == Int {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func le32<C: RandomAccessCollection>(_ bytes: C, _ at: C.Index) -> UInt32 where C.Element == UInt8, C.Index == Int {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
