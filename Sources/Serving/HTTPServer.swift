import CMicroHTTPD
import Foundation
import Glibc

/// An HTTP server on libmicrohttpd: the one owner of its `MHD_Daemon`,
/// stopped when this object goes. Requests are answered by `handler` on the
/// daemon's own threads; it must be safe to call from several at once.
public final class HTTPServer: @unchecked Sendable {
    /// What a connection may cost the machine.
    public struct Limits: Sendable {
        /// MHD shares it out between the threads, and connections do not come to them evenly:
        /// at 512 over 4 threads, 200 clients found one thread full and were refused.
        public var connections = 1024
        /// Beyond it a client's new connections are refused. A reverse proxy, and every client on
        /// this machine, is one address: 200 readers behind nginx must still get in.
        public var connectionsPerClient = 512
        /// Seconds a connection may stay idle before it is closed.
        public var idleSeconds = 30
        /// Bytes of request line and headers; a longer request is answered 414 or 431 by the daemon.
        public var requestBytes = 16 * 1024
        public var threads = 4

        public init() {}
    }

    /// What the handler is called with, kept alive for as long as the daemon can call it.
    private final class Context: @unchecked Sendable {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse
        init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.handler = handler }
    }

    private var daemon: OpaquePointer?
    private let context: Unmanaged<Context>
    /// The port it listens on (the one the system chose when asked for port 0).
    public let port: Int
    public let address: ServeAddress

    public init(address: ServeAddress, limits: Limits = Limits(),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let context = Unmanaged.passRetained(Context(handler: handler))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        var storage = address.socketAddress()
        let started: OpaquePointer? = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                ibook_mhd_start(flags, socketAddress, UInt32(limits.connections), UInt32(limits.connectionsPerClient),
                                UInt32(limits.idleSeconds), limits.requestBytes, UInt32(limits.threads),
                                HTTPServer.answer, context.toOpaque(), HTTPServer.unescape)
            }
        }
        guard let started else {
            let reason = errno
            context.release()
            // MHD sets errno for a failed bind or listen, which is what goes wrong in practice.
            throw HTTPServerError.cannotListen(address.description,
                                               reason: reason == 0 ? "libmicrohttpd could not start" : String(cString: strerror(reason)))
        }
        daemon = started
        self.context = context
        self.address = address
        let bound = Int(ibook_mhd_bound_port(started))
        port = bound == 0 ? address.port : bound
    }

    /// Closes the listening socket and every connection, waiting for the handlers running now.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit {
        stop()
        context.release()
    }

    /// Percent-decoding of the path and arguments in place, except for escapes of control
    /// characters (`%00`, `%0a`…), which stay as they were written: a NUL decoded would end the
    /// C string early and turn `/books/1/file%00.x` into a route; left escaped, it is no route.
    private static let unescape: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
        guard let text else { return 0 }
        let length = strlen(text)
        var read = 0, write = 0
        func hex(_ value: CChar) -> UInt8? {
            switch UInt8(bitPattern: value) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(bitPattern: value) - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(bitPattern: value) - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt8(bitPattern: value) - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while read < length {
            if text[read] == CChar(UInt8(ascii: "%")), read + 2 < length,
               let high = hex(text[read + 1]), let low = hex(text[read + 2]) {
                let byte = high << 4 | low
                if byte >= 0x20 && byte != 0x7f {
                    text[write] = CChar(bitPattern: byte)
                    write += 1
                    read += 3
                    continue
                }
            }
            text[write] = text[read]
            write += 1
            read += 1
        }
        text[write] = 0
        return write
    }

    private static let answer: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, state in
        guard let cls, let connection else { return .NO }
        // The first call only has the headers: answered now, MHD would close the connection instead
        // of reading a body that may follow, so a GET or HEAD is answered on the second call and
        // keeps its connection. Other methods are refused at once, body unread, and so is a GET
        // that announces a body (reading it would have no bound; answering during it, MHD drops
        // the connection without a word).
        let bodiless = method.map { strcmp($0, "GET") == 0 || strcmp($0, "HEAD") == 0 } ?? false
        if bodiless, let state, state.pointee == nil {
            let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
            let announcesBody = length.map { strcmp($0, "0") != 0 } ?? false
                || MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil
            if announcesBody { return HTTPResponse.text(400, "A GET or HEAD request carries no body.").queue(on: connection) }
            state.pointee = UnsafeMutableRawPointer(bitPattern: 1)
            return .YES
        }
        if bodiless, let uploadSize, uploadSize.pointee > 0 {
            return HTTPResponse.text(400, "A GET or HEAD request carries no body.").queue(on: connection)
        }
        let context = Unmanaged<Context>.fromOpaque(cls).takeUnretainedValue()
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "",
            connection: connection)
        let response = context.handler(request)
        return response.queue(on: connection)
    }
}
