import FileNames
import FoundationEssentials
import Glibc

/// Bytes written atomically to a file readable by its owner only (thumbnails
/// show pages of books that may be password-protected), its folder made if need be.
public enum PrivateFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = PathName.folder(of: path)
        // One stat when the folder is there (the usual case); FileManager's
        // createDirectory would look at every component of the path first.
        if !directory.isEmpty, !FileName.exists(directory, directory: true) {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        // Written straight to AtomicFile's temporary name: FileManager.createFile
        // would write its own temporary file and fsync it, which a cache of
        // thumbnails does not need and which cost more than encoding the PNG.
        try AtomicFile.write(to: path) { temporary in
            let descriptor = FileName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            guard descriptor >= 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
                written += count
            }
        }
    }
}
