import CCups
import Foundation

/// One connection to the CUPS scheduler: `CUPS_SERVER`, `~/.cups/client.conf`
/// or the system default (what `cupsServer()` says), or the server given.
/// Owns its `http_t`; every request of one command goes over it.
public final class CupsConnection {
    let http: OpaquePointer
    /// A socket path or "host:port", as it is shown in messages.
    public let server: String

    /// Connects now, so that "no scheduler" is one clear error up front
    /// rather than empty answers later.
    public init(server: String? = nil, timeoutMilliseconds: Int32 = 10_000) throws {
        if let server { cupsSetServer(server) }
        let host = String(cString: cupsServer())
        let port = ippPort()
        self.server = host.hasPrefix("/") ? host : "\(host):\(port)"
        guard let http = httpConnect2(host, port, nil, AF_UNSPEC, cupsEncryption(), 1, timeoutMilliseconds, nil) else {
            throw PrintingError.noScheduler(server: self.server)
        }
        self.http = http
    }

    deinit { httpClose(http) }

    /// CUPS's last error, as "message" or the status name.
    static func lastError() -> String {
        if let text = cupsLastErrorString(), text.pointee != 0 { return String(cString: text) }
        return String(cString: ippErrorString(cupsLastError()))
    }

    /// True when the last IPP request succeeded (`successful-ok*`).
    static var lastRequestSucceeded: Bool {
        cupsLastError().rawValue <= IPP_STATUS_OK_EVENTS_COMPLETE.rawValue
    }

    /// Turns a failed request into an error, with "no scheduler" told apart.
    func failure(_ action: String) -> PrintingError {
        let status = cupsLastError()
        if status == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE { return .noScheduler(server: server) }
        return .cups(action, message: Self.lastError())
    }

    /// The scheduler has closed this connection since the last request (it
    /// stopped or restarted): the socket reads as ended. libcups would
    /// reconnect at the next request without a word.
    var closedByPeer: Bool {
        let descriptor = httpGetFd(http)
        guard descriptor >= 0 else { return true }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 0) > 0 else { return false }
        if watched.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// Connects again to the same scheduler; false if nobody answers within the time.
    func reconnect(timeoutMilliseconds: Int32) -> Bool {
        httpReconnect2(http, timeoutMilliseconds, nil) == 0
    }
}
