import Foundation

/// What a worker answers one request with, as it goes down the pipe: a line
/// that starts with the payload's length in bytes and goes on with the
/// header as JSON, then the payload (a page's pixels), which needs no
/// encoding. The length is in the frame, so the client can tell a reply
/// cut short from one still arriving without knowing what the header means.
public struct WorkerReply {
    let header: Data
    let payload: [UInt8]

    /// nil when `header` cannot be encoded.
    public init?<Header: Encodable>(_ header: Header, payload: [UInt8] = []) {
        guard let encoded = try? JSONEncoder().encode(header) else { return nil }
        self.header = encoded
        self.payload = payload
    }

    /// The frame's first line, newline included.
    var line: [UInt8] {
        Array("\(payload.count) ".utf8) + header + [0x0A]
    }
}
