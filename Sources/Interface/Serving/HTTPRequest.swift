import CMicroHTTPD
import Glibc

/// A request as the handler sees it, valid only while the handler runs: its
/// headers and arguments are read from the daemon's connection on demand.
public struct HTTPRequest {
    public let method: String
    /// The path, percent-decoded (escapes of control characters left as written), without the query.
    public let path: String
    /// A POST's body, read whole (it is small: the server's limits bound it); empty for other methods.
    public let body: [UInt8]
    private let connection: OpaquePointer

    init(method: String, path: String, body: [UInt8] = [], connection: OpaquePointer) {
        self.method = method
        self.path = path
        self.body = body
        self.connection = connection
    }

    public func header(_ name: String) -> String? {
        value(name, kind: .HEADER_KIND)
    }

    /// A query argument, decoded ("+" as a space).
    public func argument(_ name: String) -> String? {
        value(name, kind: .GET_ARGUMENT_KIND)
    }

    /// Whether the client connected from this machine (127.0.0.0/8 or ::1, or IPv4 mapped into IPv6).
    public var isFromLoopback: Bool {
        guard let address = ibook_mhd_client_address(connection) else { return false }
        return ServeAddress.isLoopback(address)
    }

    /// The client's address as bytes (4 for IPv4, IPv4 mapped into IPv6 included; 16 for IPv6):
    /// what the rate limit counts by.
    public var clientAddress: [UInt8] {
        guard let address = ibook_mhd_client_address(connection) else { return [] }
        return ServeAddress.bytes(of: address)
    }

    private func value(_ name: String, kind: MHD_ValueKind) -> String? {
        guard let pointer = MHD_lookup_connection_value(connection, kind, name) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
    }
}
