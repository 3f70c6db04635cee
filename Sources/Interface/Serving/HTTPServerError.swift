/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    case cannotListen(String, reason: String)
    case invalidAddress(String)
    /// Listening beyond this machine with nobody's access checked.
    case openToNetworkWithoutToken(String)
    case unreadableToken(String, reason: String)
    case emptyToken(String)
    /// The libmicrohttpd installed was built without GnuTLS.
    case noTLS
    /// The daemon refused the key and certificate (GnuTLS says no more than that).
    case badTLSFiles
    case unreadableTLSFile(String, reason: String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason): return "cannot listen on \(address): \(reason)"
        case .invalidAddress(let text):
            return "'\(text)' is not an address to listen on: give HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080"
        case .openToNetworkWithoutToken(let address):
            return "\(address) is reachable from other machines, and without an access token anybody there could read the library"
        case .unreadableToken(let path, let reason): return "cannot read the access token in \(path): \(reason)"
        case .emptyToken(let origin): return "the access token in \(origin) is empty"
        case .noTLS: return "this machine's libmicrohttpd was built without TLS: put a reverse proxy in front for HTTPS"
        case .badTLSFiles: return "the TLS key and certificate were refused: they must be PEM files, the key the certificate's own"
        case .unreadableTLSFile(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }
}
