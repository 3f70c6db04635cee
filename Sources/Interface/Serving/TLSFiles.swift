import Glibc

/// A TLS private key and its certificate chain, read from PEM files when the server starts.
public struct TLSFiles: Sendable {
    let key: String
    let certificate: String

    /// A key or certificate longer than this is no PEM file of either.
    static let largest = 1 << 20

    public init(keyPath: String, certificatePath: String) throws {
        key = try Self.read(keyPath)
        certificate = try Self.read(certificatePath)
        guard key.contains("-----BEGIN"), key.contains("PRIVATE KEY-----") else {
            throw HTTPServerError.unreadableTLSFile(keyPath, reason: "not a PEM private key")
        }
        guard certificate.contains("-----BEGIN CERTIFICATE-----") else {
            throw HTTPServerError.unreadableTLSFile(certificatePath, reason: "not a PEM certificate")
        }
    }

    private static func read(_ path: String) throws -> String {
        guard let stream = fopen(path, "r") else {
            throw HTTPServerError.unreadableTLSFile(path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(stream) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = fread(&buffer, 1, buffer.count, stream)
            if count == 0 { break }
            bytes += buffer[0..<count]
            guard bytes.count <= largest else { throw HTTPServerError.unreadableTLSFile(path, reason: "larger than a PEM file can be") }
        }
        if ferror(stream) != 0 { throw HTTPServerError.unreadableTLSFile(path, reason: String(cString: strerror(errno))) }
        // A NUL would end the C string early: the rest of the file would be silently ignored.
        guard !bytes.contains(0) else { throw HTTPServerError.unreadableTLSFile(path, reason: "not a PEM file") }
        return String(decoding: bytes, as: UTF8.self)
    }
}
