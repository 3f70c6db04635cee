import Foundation

/// A small tmpfs mounted by a test: a file system that can be filled up
/// (`size`) or made read-only (`remountReadOnly`), which root's disregard
/// for permission bits makes the only honest way to test either.
/// Unmounted (and its folder removed) when the object goes.
public final class ScratchMount {
    /// Mounting is impossible here; the test should be skipped with `reason`.
    public struct Unavailable: Error {
        public var reason: String
    }

    public let path: URL

    /// Mounts a tmpfs of `size` (as mount(8) takes it: "2m", "512k") at a
    /// new temporary folder; throws `Unavailable`, saying why, where mounting
    /// is impossible (not root, no CAP_SYS_ADMIN in a container).
    public init(_ name: String, size: String = "64m") throws {
        path = try Fixtures.temporaryDirectory(name)
        let mounted = try Run.process("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path.path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(at: path)
            throw Unavailable(reason: "cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN): \(mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    deinit {
        _ = try? Run.process("/bin/umount", ["-l", path.path])
        try? FileManager.default.removeItem(at: path)
    }

    public func remountReadOnly() throws {
        let result = try Run.process("/bin/mount", ["-o", "remount,ro", path.path])
        guard result.status == 0 else { throw RunError.failed("remount,ro \(path.path): \(result.stderr)") }
    }

    public func remountReadWrite() throws {
        let result = try Run.process("/bin/mount", ["-o", "remount,rw", path.path])
        guard result.status == 0 else { throw RunError.failed("remount,rw \(path.path): \(result.stderr)") }
    }
}
