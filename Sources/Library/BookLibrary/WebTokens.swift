import FoundationEssentials
import Glibc
import Store

/// Access tokens for `ibook serve`, kept in a local library: each has a name, and reads only or
/// may also write reading state. The library keeps only each token's SHA-256, never the token,
/// which is shown once, when it is made: a copy of the library gives nobody a way in.
/// A token is 32 random bytes, so one SHA-256 is enough (there is nothing to guess, unlike a
/// password, which a slow hash must protect).
public struct WebToken: Sendable, Equatable, Codable {
    public enum Rights: String, Sendable, Codable, CaseIterable {
        /// Browse, search, download and read; nothing written.
        case reader
        /// Also the place where one stopped and bookmarks.
        case editor
    }

    public var name: String
    public var rights: Rights
    public var createdAt: Date

    /// What a token's text starts with, so that one found in a log or a file says what it is.
    public static let prefix = "ibook_"
    static let longestName = 64
}

extension Library {
    /// Makes a token named `name` and returns it: the only time its text is seen.
    public func addWebToken(named name: String, rights: WebToken.Rights) throws -> String {
        try Self.checkTokenName(name)
        let secret = WebToken.prefix + Self.base64URL(Self.randomBytes(32))
        try database.inTransaction {
            guard try database.scalar("SELECT 1 FROM web_tokens WHERE name = ?", [name]) == nil else {
                throw LibraryError.invalidArgument("a token named '\(name)' exists already: remove it first, or choose another name")
            }
            try database.execute("INSERT INTO web_tokens (name, sha256, rights, created_at) VALUES (?, ?, ?, ?)",
                                 [name, Self.digest(secret), rights.rawValue, Date().timeIntervalSince1970])
        }
        return secret
    }

    public func webTokens() throws -> [WebToken] {
        try database.query("SELECT name, rights, created_at FROM web_tokens ORDER BY name").map { row in
            WebToken(name: try row.required("name", Row.string),
                     rights: WebToken.Rights(rawValue: try row.required("rights", Row.string)) ?? .reader,
                     createdAt: try row.required("created_at", Row.date))
        }
    }

    public func removeWebToken(named name: String) throws {
        try database.inTransaction {
            guard try database.scalar("SELECT 1 FROM web_tokens WHERE name = ?", [name]) != nil else {
                throw LibraryError.invalidArgument("no token is named '\(name)' (see 'ibook token list')")
            }
            try database.execute("DELETE FROM web_tokens WHERE name = ?", [name])
        }
    }

    /// Whether any token is stored: then `ibook serve` asks every client for one.
    public func hasWebTokens() throws -> Bool {
        guard capabilities.contains(.localFolder) else { return false }
        return try database.scalar("SELECT 1 FROM web_tokens LIMIT 1") != nil
    }

    /// The rights of the stored token `secret` is, or nil when it is none of them.
    public func webTokenRights(_ secret: String) throws -> WebToken.Rights? {
        guard capabilities.contains(.localFolder), secret.hasPrefix(WebToken.prefix), secret.utf8.count < 256 else { return nil }
        let row = try database.queryRow("SELECT rights FROM web_tokens WHERE sha256 = ?", [Self.digest(secret)])
        return row?.string("rights").flatMap(WebToken.Rights.init(rawValue:))
    }

    private static func checkTokenName(_ name: String) throws {
        guard !name.isEmpty, name.count <= WebToken.longestName,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              name.first?.isWhitespace == false, name.last?.isWhitespace == false else {
            throw LibraryError.invalidArgument("a token's name is 1 to \(WebToken.longestName) characters, no control characters and no spaces around it")
        }
    }

    private static func digest(_ secret: String) -> String {
        var hash = SHA256()
        hash.update(Array(secret.utf8))
        return hash.finish()
    }

    /// From the system's generator, which on Linux is getrandom(2): fit for secrets.
    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0...chunk.count { text.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return text
    }
}
