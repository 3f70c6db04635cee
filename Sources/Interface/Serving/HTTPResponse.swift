import CMicroHTTPD
import Glibc

/// What the server sends back: a status, headers, and bytes or a part of a file.
public struct HTTPResponse {
    public enum Body {
        case bytes([UInt8])
        /// `length` bytes of the file from `offset`, sent by the daemon from the descriptor.
        case file(OpenFile, offset: UInt64, length: UInt64)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, contentType: String, body: Body, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin")]
            + headers
        self.body = body
    }

    /// A short plain-text answer: errors and refusals.
    public static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((message + "\n").utf8)),
                     headers: [("Cache-Control", "no-store")] + headers)
    }

    /// Hands the response to the daemon, which sends it (without the body for HEAD).
    func queue(on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case .file(let file, let offset, let length):
            let descriptor = file.handOver()
            made = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
            if made == nil { close(descriptor) }
        }
        guard let response = made else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in headers where MHD_add_response_header(response, header.name, header.value) != .YES {
            return .NO
        }
        return MHD_queue_response(connection, UInt32(status), response)
    }
}
