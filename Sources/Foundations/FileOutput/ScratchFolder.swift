import FileNames
import FoundationEssentials
import Glibc
import Synchronization

/// Why a private temporary folder could not be made.
public struct ScratchFolderError: Error, Equatable, CustomStringConvertible {
    public let reason: String

    public var description: String { "cannot make a private temporary folder (\(reason))" }
}

/// A private folder for a run's temporary files — the text of books spooled
/// by extraction workers, OCR layers, composed documents, print copies —
/// made by mkdtemp (mode 0700, a name no one can have planted), so that no
/// other user of the machine can read what ibook reads. Removed by
/// `remove()` (safe from a signal handler's queue, and more than once) or
/// when the object goes away.
public final class ScratchFolder: @unchecked Sendable {
    public let path: String
    private let removed = Mutex(false)

    /// `purpose` names the folder (`ibook-add-…`), so a leftover says what left it.
    public init(purpose: String) throws {
        var template = Array((Self.temporaryFolder + "ibook-\(purpose)-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ScratchFolderError(reason: String(cString: strerror(errno)))
        }
        path = String(cString: made)
    }

    deinit { remove() }

    public func file(_ name: String) -> String { PathName.appending(name, to: path) }

    public func remove() {
        removed.withLock { removed in
            guard !removed else { return }
            removed = true
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// `$TMPDIR` with a slash at its end, else `/tmp/` (where NSTemporaryDirectory looked).
    private static var temporaryFolder: String {
        guard let folder = getenv("TMPDIR").map({ String(cString: $0) }) else { return "/tmp/" }
        return folder.hasSuffix("/") ? folder : folder + "/"
    }
}
