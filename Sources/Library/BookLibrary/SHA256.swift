import CSHA256
import FileNames
import FoundationEssentials
import Glibc
import LeanBasics

/// SHA-256 (FIPS 180-4) of a file's content, read in chunks: CSHA256's, ours,
/// on the x86 SHA extensions where the processor has them; written rather
/// than borrowed from GLib so that the commands that only read the library
/// need no C library beyond SQLite.
public struct SHA256 {
    private var hash = ibook_sha256()

    /// Whether this processor has the SHA extensions, which hash a book several times faster.
    static var hardwareAvailable: Bool { ibook_sha256_hardware() != 0 }

    public init() { ibook_sha256_start(&hash) }

    /// `hardware` false: the portable code even where the SHA extensions are (for comparing the two).
    init(hardware: Bool) { ibook_sha256_start_with(&hash, hardware ? 1 : 0) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        ibook_sha256_add(&hash, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        ibook_sha256_end(&hash, &digest)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Whether `text` is a digest as `hex` writes it: 64 lowercase hex
    /// digits. A hash read from a library names files in the cache, so
    /// anything else (a shared library's row written by hand) is refused.
    public static func isHexDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The hex digest of a file, read 1 MiB at a time.
    public static func hex(ofFileAt path: String) throws -> String {
        guard let file = FileName.withCString(path, { fopen($0, "rb") }) else { throw UnreadableFile(reason: String(cString: strerror(errno))) }
        defer { fclose(file) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) } }
            if count < buffer.count {
                if ferror(file) != 0 { throw UnreadableFile(reason: String(cString: strerror(errno))) }
                break
            }
        }
        return hasher.finish()
    }
}

/// A file that could not be read to the end.
public struct UnreadableFile: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "cannot be read (\(reason))" }
}
