import Foundation

/// The secret a client must present: `Authorization: Bearer TOKEN`, or HTTP Basic with
/// any user name and the token as password (what e-reader apps can be given).
public struct AccessToken: Sendable {
    private let secret: [UInt8]

    /// The first line of `text`, without surrounding white space; nil when nothing is left.
    public init?(_ text: String) {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        secret = Array(trimmed.utf8)
    }

    public static func read(path: String) throws -> AccessToken {
        guard let stream = fopen(path, "r") else {
            throw HTTPServerError.unreadableToken(path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(stream) }
        // A token is a line; more than this is no token but some other file.
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), stream) != nil else {
            if ferror(stream) != 0 { throw HTTPServerError.unreadableToken(path, reason: String(cString: strerror(errno))) }
            throw HTTPServerError.emptyToken(path)
        }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let token = AccessToken(line) else { throw HTTPServerError.emptyToken(path) }
        return token
    }

    /// Whether an Authorization header carries this token.
    public func admits(authorization: String?) -> Bool {
        guard let offered = Self.offered(in: authorization) else { return false }
        return matches(offered)
    }

    /// The token an Authorization header carries: a Bearer token, or the password of HTTP Basic.
    public static func offered(in authorization: String?) -> [UInt8]? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2 else { return nil }
        let scheme = parts[0].lowercased()
        let credentials = parts[1].trimmingCharacters(in: .whitespaces)
        if scheme == "bearer" { return Array(credentials.utf8) }
        guard scheme == "basic", let decoded = Data(base64Encoded: credentials),
              let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return Array(decoded[decoded.index(after: colon)...])
    }

    /// Compared in time that depends on the lengths only, never on where the bytes first differ.
    private func matches(_ offered: [UInt8]) -> Bool {
        var difference = UInt8(offered.count == secret.count ? 0 : 1)
        for index in 0..<secret.count {
            difference |= secret[index] ^ (index < offered.count ? offered[index] : 0)
        }
        return difference == 0
    }
}
