/// Messages of PostgreSQL's protocol, written one after another into one buffer:
/// a type byte, a length (itself included) and the body, integers big-endian.
struct WireMessageWriter {
    private var message: [UInt8] = []
    /// Where the current message's length goes.
    private var lengthAt: Int?

    /// A first message; `type` nil for the startup packet, which has none.
    init(type: Character?) {
        start(type)
    }

    /// Nothing yet: messages come with `start`.
    init() {}

    mutating func start(_ type: Character?) {
        finish()
        if let type { message.append(type.asciiValue!) }
        lengthAt = message.count
        message += [0, 0, 0, 0]
    }

    /// The messages with every length filled in.
    var messages: [UInt8] {
        var copy = self
        copy.finish()
        return copy.message
    }

    private mutating func finish() {
        guard let lengthAt else { return }
        let length = UInt32(message.count - lengthAt)
        for index in 0..<4 { message[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (24 - 8 * UInt32(index))) }
        self.lengthAt = nil
    }

    mutating func byte(_ value: UInt8) { message.append(value) }
    mutating func bytes(_ values: [UInt8]) { message += values }
    mutating func int16(_ value: Int16) {
        let bits = UInt16(bitPattern: value)
        message += [UInt8(bits >> 8), UInt8(truncatingIfNeeded: bits)]
    }
    mutating func int32(_ value: Int32) {
        let bits = UInt32(bitPattern: value)
        message += [UInt8(bits >> 24), UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)]
    }
    /// A NUL-terminated string; a NUL inside it ends it, as the server would read it.
    mutating func string(_ text: String) {
        message += text.utf8.prefix { $0 != 0 }
        message.append(0)
    }
}
