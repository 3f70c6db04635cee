import Glibc

/// A file opened for reading, closed when this object goes unless its
/// descriptor was handed to the daemon (which then closes it after the response).
public final class OpenFile: @unchecked Sendable {
    private var descriptor: Int32
    /// Its size when it was opened.
    public let size: UInt64

    /// nil when the path is no regular file this process may read.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = UInt64(status.st_size)
    }

    /// The descriptor, which the caller owns from now on.
    func handOver() -> Int32 {
        let handed = descriptor
        descriptor = -1
        return handed
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
