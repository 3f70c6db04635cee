import FileNames
import Glibc

/// A book's file opened by its name's bytes (FileName), so a name that is not UTF-8 still opens,
/// and read at offsets without being read whole. Closed in deinit.
final class RandomAccessFile {
    private let descriptor: Int32
    let size: UInt64

    /// nil with errno set when the file cannot be opened.
    init?(path: String) {
        let descriptor = FileName.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = UInt64(max(0, info.st_size))
    }

    deinit { close(descriptor) }

    /// Exactly `count` bytes at `offset`, or nil when the file is shorter or unreadable.
    func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// Up to `count` bytes from the start.
    func head(_ count: Int) -> [UInt8] {
        read(at: 0, count: Int(min(UInt64(count), size))) ?? []
    }
}
