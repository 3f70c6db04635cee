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
        /// Bytes of a POST's body (reading state: a page number, a short note); more is 413.
        public var bodyBytes = 8 * 1024

        public init() {}
    }

    /// What the handler is called with, kept alive for as long as the daemon can call it.
    private final class Context: @unchecked Sendable {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse
        let bodyBytes: Int
        init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, bodyBytes: Int) {
            self.handler = handler
            self.bodyBytes = bodyBytes
        }
    }

    /// A POST's body as it arrives, owned by the connection's request state until MHD says the request ended.
    private final class Upload {
        var bytes: [UInt8] = []
        var tooLarge = false
    }

    /// The request state of a GET or HEAD whose headers were read: no body is coming.
    private static var headersRead: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    private var daemon: OpaquePointer?
    private let context: Unmanaged<Context>
    /// The port it listens on (the one the system chose when asked for port 0).
    public let port: Int
    public let address: ServeAddress

    /// With `tls`, HTTPS with that key and certificate (PEM text), through libmicrohttpd's GnuTLS.
    public init(address: ServeAddress, limits: Limits = Limits(), tls: TLSFiles? = nil,
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        if tls != nil, ibook_mhd_has_tls() == 0 { throw HTTPServerError.noTLS }
        let context = Unmanaged.passRetained(Context(handler: handler, bodyBytes: limits.bodyBytes))
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        var storage = address.socketAddress()
        func start(_ tls: TLSFiles?) -> OpaquePointer? {
            withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    ibook_mhd_start(flags, socketAddress, UInt32(limits.connections), UInt32(limits.connectionsPerClient),
                                    UInt32(limits.idleSeconds), limits.requestBytes, UInt32(limits.threads),
                                    HTTPServer.answer, context.toOpaque(), HTTPServer.unescape, HTTPServer.completed,
                                    tls?.key, tls?.certificate)
                }
            }
        }
        errno = 0
        guard let started = start(tls) else {
            let reason = errno
            // GnuTLS refusing the files leaves errno as it found it, so the address is tried without them:
            // if it can be listened on, the key and certificate were the trouble.
            if tls != nil, let plain = start(nil) {
                MHD_stop_daemon(plain)
                context.release()
                throw HTTPServerError.badTLSFiles
            }
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

    /// Frees a POST's body when its request ends, answered or cut short.
    private static let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let pointer = state.pointee, pointer != headersRead else { return }
        Unmanaged<Upload>.fromOpaque(pointer).release()
        state.pointee = nil
    }

    private static let answer: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, state in
        guard let cls, let connection, let state else { return .NO }
        let context = Unmanaged<Context>.fromOpaque(cls).takeUnretainedValue()
        // The first call only has the headers: answered now, MHD would close the connection instead
        // of reading a body that may follow, so a GET or HEAD is answered on the second call and
        // keeps its connection. A POST's body is read (up to the limit) before it is answered.
        // Other methods are refused at once, body unread, and so is a GET that announces a body
        // (reading it would have no bound; answering during it, MHD drops the connection without a word).
        let bodiless = method.map { strcmp($0, "GET") == 0 || strcmp($0, "HEAD") == 0 } ?? false
        let isPost = method.map { strcmp($0, "POST") == 0 } ?? false
        let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
        if bodiless, state.pointee == nil {
            let announcesBody = length.map { strcmp($0, "0") != 0 } ?? false
                || MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil
            if announcesBody { return HTTPResponse.text(400, "A GET or HEAD request carries no body.").queue(on: connection) }
            state.pointee = headersRead
            return .YES
        }
        if bodiless, let uploadSize, uploadSize.pointee > 0 {
            return HTTPResponse.text(400, "A GET or HEAD request carries no body.").queue(on: connection)
        }
        var body: [UInt8] = []
        if isPost {
            guard let pointer = state.pointee else {
                // Too long by its own account: refused before a byte of it is read.
                if let length, let announced = UInt64(String(cString: length)), announced > UInt64(context.bodyBytes) {
                    return tooLarge(context.bodyBytes).queue(on: connection)
                }
                state.pointee = Unmanaged.passRetained(Upload()).toOpaque()
                return .YES
            }
            let upload = Unmanaged<Upload>.fromOpaque(pointer).takeUnretainedValue()
            if let uploadSize, uploadSize.pointee > 0 {
                // Read on past the limit and dropped, so that the client hears the 413 rather than a closed connection.
                if !upload.tooLarge, let uploadData {
                    if upload.bytes.count + uploadSize.pointee > context.bodyBytes {
                        upload.tooLarge = true
                        upload.bytes = []
                    } else {
                        upload.bytes += UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
                    }
                }
                uploadSize.pointee = 0
                return .YES
            }
            if upload.tooLarge { return tooLarge(context.bodyBytes).queue(on: connection) }
            body = upload.bytes
        }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "",
            body: body, connection: connection)
        let response = context.handler(request)
        return response.queue(on: connection)
    }

    private static func tooLarge(_ limit: Int) -> HTTPResponse {
        .text(413, "A request's body is at most \(limit) bytes here.", headers: [("Connection", "close")])
    }
}
