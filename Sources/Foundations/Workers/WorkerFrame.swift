import Foundation

/// One reply as the client received it (see `WorkerReply` for its form).
public struct WorkerFrame {
    public let header: Data
    public let payload: [UInt8]

    /// The header as `Header`; nil when it is not one.
    public func decode<Header: Decodable>(_ type: Header.Type) -> Header? {
        try? JSONDecoder().decode(type, from: header)
    }

    /// Takes the first whole frame off the front of `buffer`: nil while it
    /// is still arriving; throws when what came is not a frame.
    static func take(from buffer: inout [UInt8]) throws(WorkerFailure) -> WorkerFrame? {
        guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
        guard let space = buffer[..<newline].firstIndex(of: 0x20),
              let length = Int(String(decoding: buffer[..<space], as: UTF8.self)), length >= 0
        else { throw .garbled }
        let end = newline + 1 + length
        guard buffer.count >= end else { return nil }
        let frame = WorkerFrame(header: Data(buffer[(space + 1)..<newline]), payload: Array(buffer[(newline + 1)..<end]))
        buffer.removeSubrange(..<end)
        return frame
    }
}
