import CSHA256
import FileNames
import FoundationEssentials
import Glibc
import LeanBasics

/// SHA-256 (FIPS 180-4) of a file's content, read in chunks. Written here
/// rather than borrowed from GLib so that the commands that only read the
/// library need no C library beyond SQLite; on a processor with the x86 SHA
/// extensions the blocks are compressed by them (CSHA256, ours too).
public struct SHA256 {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// Whether this processor has the SHA extensions, which hash a book several times faster (CSHA256).
    static let hardwareAvailable = ibook_sha256_hardware() != 0
    private let hardware: Bool

    public init() { hardware = Self.hardwareAvailable }

    /// `hardware` false: in Swift even where the SHA extensions are (for comparing the two).
    init(hardware: Bool) { self.hardware = hardware && Self.hardwareAvailable }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            offset = take
            if pending.count == 64 {
                pending.withUnsafeBytes { compress($0.baseAddress!) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let blocks = (bytes.count - offset) / 64
        if blocks > 0 {
            compress(bytes.baseAddress! + offset, blocks: blocks)
            offset += blocks * 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func finish() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (55 - Int(length % 64) + 64) % 64)
        tail += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> (UInt64($0) * 8)) }
        let saved = length
        update(tail)
        length = saved
        return state.map { CFormat.string("%08x", $0) }.joined()
    }

    private mutating func compress(_ block: UnsafeRawPointer) {
        compress(block, blocks: 1)
    }

    /// `blocks` blocks of 64 bytes from `base`, with the message schedule on the stack and the
    /// state in locals: an array a block (a heap allocation and bounds checks each time) made
    /// hashing a book, which `add` does before handing it to a worker, a fifth of the main
    /// process's own work on EPUBs.
    private mutating func compress(_ base: UnsafeRawPointer, blocks: Int) {
        if hardware {
            state.withUnsafeMutableBufferPointer { ibook_sha256_blocks($0.baseAddress, base.assumingMemoryBound(to: UInt8.self), blocks) }
            return
        }
        var s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3]
        var s4 = state[4], s5 = state[5], s6 = state[6], s7 = state[7]
        @inline(__always) func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for blockIndex in 0..<blocks {
                    let block = base + blockIndex * 64
                    for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
                    for i in 16..<64 {
                        let x = w[i - 15], y = w[i - 2]
                        let sigma0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >> 3)
                        let sigma1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >> 10)
                        w[i] = w[i - 16] &+ sigma0 &+ w[i - 7] &+ sigma1
                    }
                    var a = s0, b = s1, c = s2, d = s3, e = s4, f = s5, g = s6, h = s7
                    for i in 0..<64 {
                        let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ sum1 &+ choice &+ k[i] &+ w[i]
                        let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = sum0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    s0 &+= a; s1 &+= b; s2 &+= c; s3 &+= d
                    s4 &+= e; s5 &+= f; s6 &+= g; s7 &+= h
                }
            }
        }
        state[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3
        state[4] = s4; state[5] = s5; state[6] = s6; state[7] = s7
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
