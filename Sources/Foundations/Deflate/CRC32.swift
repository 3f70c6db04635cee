import CDeflate

/// The CRC-32 of PNG chunks and gzip members, computed by libdeflate.
public enum CRC32 {
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(0, bytes.baseAddress, bytes.count)
    }
}
