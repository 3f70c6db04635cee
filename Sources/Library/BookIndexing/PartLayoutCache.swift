import BookLibrary
import ReflowDocuments

/// What reading a book whole would have left in the layout cache, left by the process that joins its
/// parts: each chapter's page count at the reference layout, so that opening the book later lays out
/// only the chapters drawn. The checksum is made with BookLibrary's SHA-256 (the same digest as
/// MuPDF's), so that this process does not load the reflow engine for it.
enum PartLayoutCache {
    static func keep(_ join: ChapterPartsJoin, _ first: ChapterPartRecord, size: Int) {
        guard let digest = first.layoutDigest, let version = first.engineVersion,
              UInt64(max(0, size)) <= LayoutCache.largestBook, let cache = LayoutCache.standard() else { return }
        cache.write(chapterPages: join.chapterPages, digest: digest, layout: .reference, engineVersion: version) { checksummed in
            var hasher = SHA256()
            hasher.update(checksummed)
            return Self.bytes(fromHex: hasher.finish())
        }
    }

    private static func bytes(fromHex hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for digit in hex.utf8 {
            let value = digit <= 0x39 ? digit - 0x30 : (digit | 0x20) - 0x61 + 10
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}
