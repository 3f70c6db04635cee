/// A libpq connection URI as a person may see it: whatever form carries a
/// password (`user:secret@`, `?password=`, several hosts), the password is
/// never shown. Parsed as libpq parses it, not as a web URL: a URI with two
/// hosts (`h1:5432,h2:5433`) is no URL to Foundation, and was once printed whole.
/// Here rather than in Postgres: telling a library's URL from a folder must not need libpq.
public enum PostgresURL {
    /// Whether `text` is a PostgreSQL connection URI (`postgresql:` alone gives libpq's defaults).
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") || isBareScheme(text)
    }

    /// The scheme alone, which libpq reads as "every default".
    public static func isBareScheme(_ text: String) -> Bool {
        text == "postgresql:" || text == "postgres:"
    }

    /// `url` without its password; anything that is not a PostgreSQL URI is returned as it is.
    public static func redacted(_ url: String) -> String {
        guard let parts = Parts(url) else { return url }
        var shown = parts.scheme
        if let user = parts.user { shown += user + "@" }
        shown += parts.hostsAndPath
        let kept = parts.parameters.filter { !isPasswordKey($0) }
        if !kept.isEmpty { shown += "?" + kept.joined(separator: "&") }
        return shown
    }

    /// Whether `url` carries a password, in its user part or as a parameter.
    public static func hasPassword(_ url: String) -> Bool {
        guard let parts = Parts(url) else { return false }
        return parts.password != nil || parts.parameters.contains(where: isPasswordKey)
    }

    /// `password=…` with the key written in any percent-encoding libpq decodes.
    private static func isPasswordKey(_ parameter: Substring) -> Bool {
        let key = parameter.prefix { $0 != "=" }
        return percentDecoded(key) == "password"
    }

    /// `text` with its `%XX` escapes decoded, as libpq decodes a URI's parts; nil for a `%`
    /// not followed by two hex digits, or bytes that are not UTF-8 (libpq refuses the first).
    public static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The pieces libpq reads from a URI, as written (percent-encoded): the
    /// user info ends at the first `@` before any `/`, and the password is
    /// what follows its first `:`.
    public struct Parts {
        public var scheme: String
        public var user: Substring?
        public var password: Substring?
        /// `host:port,host:port/database`: what lies between the user info and the `?`.
        public var hostsAndPath: Substring
        /// `key=value`, each as written.
        public var parameters: [Substring]

        public init?(_ url: String) {
            guard let prefix = ["postgresql://", "postgres://"].first(where: { url.hasPrefix($0) }) else { return nil }
            scheme = prefix
            var rest = url.dropFirst(prefix.count)
            let query: Substring
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            } else {
                query = ""
            }
            if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
                let info = rest[..<at]
                if let colon = info.firstIndex(of: ":") {
                    user = info[..<colon]
                    password = info[info.index(after: colon)...]
                } else {
                    user = info
                }
                rest = rest[rest.index(after: at)...]
            }
            hostsAndPath = rest
            parameters = query.split(separator: "&", omittingEmptySubsequences: true)
        }
    }
}
