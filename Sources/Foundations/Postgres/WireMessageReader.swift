/// The body of one message from the server, read with every length checked against what is there.
struct WireMessageReader {
    private let body: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ body: UnsafeBufferPointer<UInt8>) {
        self.body = body
    }

    struct Truncated: Error {}

    mutating func byte() throws -> UInt8 {
        guard offset < body.count else { throw Truncated() }
        defer { offset += 1 }
        return body[offset]
    }

    mutating func int16() throws -> Int16 {
        let bytes = try self.bytes(2)
        return Int16(bitPattern: UInt16(bytes[0]) << 8 | UInt16(bytes[1]))
    }

    mutating func int32() throws -> Int32 {
        let bytes = try self.bytes(4)
        return Int32(bitPattern: UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3]))
    }

    mutating func bytes(_ count: Int) throws -> UnsafeBufferPointer<UInt8> {
        guard count >= 0, count <= body.count - offset else { throw Truncated() }
        defer { offset += count }
        return UnsafeBufferPointer(rebasing: body[offset..<offset + count])
    }

    mutating func string() throws -> String {
        guard let nul = body[offset...].firstIndex(of: 0) else { throw Truncated() }
        defer { offset = nul + 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: body[offset..<nul]), as: UTF8.self)
    }

    mutating func rest() -> UnsafeBufferPointer<UInt8> {
        defer { offset = body.count }
        return UnsafeBufferPointer(rebasing: body[offset...])
    }
}
