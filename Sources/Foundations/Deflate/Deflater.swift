import CDeflate
import Synchronization

/// A libdeflate compressor: zlib streams, the format zlib's compress2 writes
/// and any zlib reads, made three times faster at the same size. One
/// compressor serves one caller at a time; `Deflater.zlib(_:level:)` keeps
/// them for reuse, since allocating one costs more than deflating a page.
public final class Deflater: @unchecked Sendable {
    private let handle: OpaquePointer

    /// - Parameter level: 0 (stored) to 12 (smallest, slowest); zlib's 6 is libdeflate's 6.
    public init(level: Int32) {
        precondition((0...12).contains(level), "libdeflate's levels are 0 to 12")
        guard let handle = libdeflate_alloc_compressor(level) else { fatalError("libdeflate: out of memory") }
        self.handle = handle
    }

    deinit {
        libdeflate_free_compressor(handle)
    }

    /// `bytes` as a zlib stream.
    public func zlib(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(handle, bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            // Never 0 with a buffer of the bound's size, even for no input.
            count = libdeflate_zlib_compress(handle, bytes.baseAddress, bytes.count, output.baseAddress, bound)
        }
    }

    /// `bytes` as raw deflate data, with no zlib header or checksum: a zip entry's form.
    public func raw(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let bound = libdeflate_deflate_compress_bound(handle, bytes.count)
        return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            count = libdeflate_deflate_compress(handle, bytes.baseAddress, bytes.count, output.baseAddress, bound)
        }
    }

    private static let idle = Mutex<[Int32: [Deflater]]>([:])

    /// `bytes` as a zlib stream at `level`, by a compressor kept from an earlier call.
    public static func zlib(_ bytes: UnsafeRawBufferPointer, level: Int32) -> [UInt8] {
        let deflater = idle.withLock { $0[level]?.popLast() } ?? Deflater(level: level)
        defer { idle.withLock { $0[level, default: []].append(deflater) } }
        return deflater.zlib(bytes)
    }
}
