import Glibc

/// Where the server listens: a numeric IPv4 or IPv6 address and a port (0: one the system chooses).
public struct ServeAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int
    public let isIPv6: Bool
    private let bytes: [UInt8]

    public static let standard = try! ServeAddress("127.0.0.1:8080")

    /// `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:80`, `localhost:8080`. Names are not
    /// looked up (which of a name's addresses would be bound is nobody's guess).
    public init(_ text: String) throws {
        var hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw HTTPServerError.invalidAddress(text) }
            portPart = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else {
                throw HTTPServerError.invalidAddress(text)
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        if hostPart == "localhost" { hostPart = "127.0.0.1" }
        guard !portPart.isEmpty, portPart.allSatisfy({ $0.isASCII && $0.isNumber }), portPart.count <= 5,
              let port = Int(portPart), port <= 65_535 else { throw HTTPServerError.invalidAddress(text) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, String(hostPart), &v4) == 1 {
            isIPv6 = false
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, String(hostPart), &v6) == 1 {
            isIPv6 = true
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            throw HTTPServerError.invalidAddress(text)
        }
        host = String(hostPart)
        self.port = port
    }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        isIPv6 ? bytes == Array(repeating: 0, count: 15) + [1] : bytes.first == 127
    }

    /// The same address with the port the server really listens on.
    public func with(port: Int) -> ServeAddress {
        ServeAddress(host: host, port: port, isIPv6: isIPv6, bytes: bytes)
    }

    private init(host: String, port: Int, isIPv6: Bool, bytes: [UInt8]) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
        self.bytes = bytes
    }

    /// The address as bind(2) takes it.
    func socketAddress() -> sockaddr_storage {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            if isIPv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = in_port_t(UInt16(port).bigEndian)
                withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
                withUnsafeBytes(of: &address) { raw.copyMemory(from: $0) }
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
                withUnsafeBytes(of: &address) { raw.copyMemory(from: $0) }
            }
        }
        return storage
    }

    /// Whether a connection's peer is on this machine (IPv4-mapped loopback included).
    /// An address's bytes, an IPv4 address mapped into IPv6 as its 4 bytes of IPv4.
    static func bytes(of address: UnsafePointer<sockaddr>) -> [UInt8] {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { raw in
                    let bytes = Array(raw)
                    return bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] ? Array(bytes[12...]) : bytes
                }
            }
        default:
            return []
        }
    }

    static func isLoopback(_ address: UnsafePointer<sockaddr>) -> Bool {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                withUnsafeBytes(of: v4.pointee.sin_addr) { $0.first == 127 }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { raw in
                    let bytes = Array(raw)
                    if bytes == Array(repeating: 0, count: 15) + [1] { return true }
                    return bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] && bytes[12] == 127
                }
            }
        default:
            return false
        }
    }
}
