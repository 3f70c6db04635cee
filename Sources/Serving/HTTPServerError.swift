/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    case cannotListen(String, reason: String)
    case invalidAddress(String)
    /// Listening beyond this machine with nobody's access checked.
    case openToNetworkWithoutToken(String)
    case unreadableToken(String, reason: String)
    case emptyToken(String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason): return "cannot listen on \(address): \(reason)"
        case .invalidAddress(let text):
            return "'\(text)' is not an address to listen on: give HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080"
        case .openToNetworkWithoutToken(let address):
            return "\(address) is reachable from other machines, and without an access token anybody there could read the library"
        case .unreadableToken(let path, let reason): return "cannot read the access token in \(path): \(reason)"
        case .emptyToken(let origin): return "the access token in \(origin) is empty"
        }
    }
}
