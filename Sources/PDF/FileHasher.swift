import CPoppler
import Foundation

/// SHA-256 of a file's content, read in chunks so big files never sit in memory.
public enum FileHasher {
    public static func sha256(ofFileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw PDFError.unreadable("cannot open") }
        defer { try? handle.close() }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { throw PDFError.unreadable("no checksum") }
        defer { g_checksum_free(checksum) }
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                throw PDFError.unreadable(error.localizedDescription)
            }
            if chunk.isEmpty { break }
            chunk.withUnsafeBytes { buffer in
                g_checksum_update(checksum, buffer.bindMemory(to: guchar.self).baseAddress, gssize(buffer.count))
            }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
