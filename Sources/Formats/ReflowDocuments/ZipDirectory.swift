/// A zip file's central directory read by hand (names and declared sizes, nothing
/// inflated), so that a zip bomb or an entry named ../../x is refused before MuPDF opens it.
struct ZipDirectory {
    struct Entry: Equatable {
        var name: String
        var compressedSize: UInt64
        var uncompressedSize: UInt64
    }

    var entries: [Entry]

    /// More entries than any book has: a directory this long is an attack on time or memory.
    static let maximumEntries = 10_000

    enum Failure: Error, Equatable {
        /// No end-of-central-directory record: not a zip, or cut short.
        case notAZip
        case damaged(String)
        case tooManyEntries(UInt64)
    }

    /// Reads the directory of the zip in `file`.
    static func read(_ file: RandomAccessFile) throws(Failure) -> ZipDirectory {
        let size = file.size
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? { file.read(at: offset, count: count) }
        // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
        let tailLength = Int(min(size, 22 + 65_535))
        guard let tail = bytes(at: size - UInt64(tailLength), count: tailLength) else { throw .notAZip }
        guard let end = lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail), tail.count - end >= 22 else { throw .notAZip }
        var count = UInt64(le16(tail, end + 10))
        var directorySize = UInt64(le32(tail, end + 12))
        var directoryOffset = UInt64(le32(tail, end + 16))
        // Zip64: the real numbers are in a record the locator before the end record points to.
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, end >= 20,
           le32(tail, end - 20) == 0x0706_4B50 {
            let recordOffset = le64(tail, end - 20 + 8)
            guard recordOffset < size, let record = bytes(at: recordOffset, count: 56), le32(record, 0) == 0x0606_4B50 else {
                throw .damaged("its zip64 directory is missing")
            }
            count = le64(record, 32)
            directorySize = le64(record, 40)
            directoryOffset = le64(record, 48)
        }
        if count > UInt64(maximumEntries) { throw .tooManyEntries(count) }
        // Each entry takes at least 46 bytes, and names are short: a directory larger than this lies.
        guard directorySize <= UInt64(maximumEntries) * (46 + 1024), directoryOffset <= size,
              directorySize <= size - directoryOffset,
              let directory = bytes(at: directoryOffset, count: Int(directorySize))
        else { throw .damaged("its zip directory is out of the file") }
        return try ZipDirectory(directory: directory)
    }

    /// Parses central directory records until the bytes end.
    init(directory: [UInt8]) throws(Failure) {
        var entries: [Entry] = []
        var offset = 0
        while directory.count - offset >= 46, Self.le32(directory, offset) == 0x0201_4B50 {
            if entries.count >= Self.maximumEntries { throw .tooManyEntries(UInt64(entries.count + 1)) }
            var compressed = UInt64(Self.le32(directory, offset + 20))
            var uncompressed = UInt64(Self.le32(directory, offset + 24))
            let nameLength = Int(Self.le16(directory, offset + 28))
            let extraLength = Int(Self.le16(directory, offset + 30))
            let commentLength = Int(Self.le16(directory, offset + 32))
            let nameStart = offset + 46
            guard directory.count - nameStart >= nameLength + extraLength + commentLength else {
                throw .damaged("its zip directory is cut short")
            }
            let name = String(decoding: directory[nameStart..<nameStart + nameLength], as: UTF8.self)
            // Zip64 sizes, in the order the fields that are 0xFFFFFFFF come.
            var extra = nameStart + nameLength
            let extraEnd = extra + extraLength
            while extraEnd - extra >= 4 {
                let id = Self.le16(directory, extra), length = Int(Self.le16(directory, extra + 2))
                let data = extra + 4
                guard extraEnd - data >= length else { break }
                if id == 1 {
                    var field = data
                    if uncompressed == 0xFFFF_FFFF, data + length - field >= 8 {
                        uncompressed = Self.le64(directory, field)
                        field += 8
                    }
                    if compressed == 0xFFFF_FFFF, data + length - field >= 8 { compressed = Self.le64(directory, field) }
                }
                extra = data + length
            }
            entries.append(Entry(name: name, compressedSize: compressed, uncompressedSize: uncompressed))
            offset = extraEnd + commentLength
        }
        self.entries = entries
    }

    func contains(_ name: String) -> Bool { entries.contains { $0.name == name } }

    private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in stride(from: bytes.count - pattern.count, through: 0, by: -1)
        where bytes[start] == pattern[0] && Array(bytes[start..<start + pattern.count]) == pattern {
            return start
        }
        return nil
    }

    static func le16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }

    static func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(le16(bytes, at)) | UInt32(le16(bytes, at + 2)) << 16
    }

    static func le64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(le32(bytes, at)) | UInt64(le32(bytes, at + 4)) << 32
    }
}
