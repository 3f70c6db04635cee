import Foundation

/// A small tmpfs mounted by a test: a file system that can be filled up
/// (`size`) or made read-only (`remountReadOnly`), which root's disregard
/// for permission bits makes the only honest way to test either.
/// Unmounted (and its folder removed) when the object goes.
/// `unmount()` unmounts it and removes its folder (a class that keeps one in a
/// property calls it in tearDown); Cleanup does at the exit of the test
/// process what no test did.
public final class ScratchMount: TestResource, @unchecked Sendable {
    /// Mounting is impossible here; the test should be skipped with `reason`.
    public struct Unavailable: Error {
        public var reason: String
    }

    public let path: URL
    private var cleanup: Cleanup.Token?

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
        cleanup = Cleanup.register("tmpfs mounted at \(path.path)") { [weak self] in self?.unmount() }
    }

    deinit { unmount() }

    /// Unmounts the file system and removes its folder; the second call does nothing.
    public func unmount() {
        guard let cleanup else { return }
        self.cleanup = nil
        _ = try? Run.process("/bin/umount", ["-l", path.path])
        try? FileManager.default.removeItem(at: path)
        Cleanup.done(cleanup)
    }

    public func release() { unmount() }

    public func remountReadOnly() throws {
        let result = try Run.process("/bin/mount", ["-o", "remount,ro", path.path])
        guard result.status == 0 else { throw RunError.failed("remount,ro \(path.path): \(result.stderr)") }
    }

    public func remountReadWrite() throws {
        let result = try Run.process("/bin/mount", ["-o", "remount,rw", path.path])
        guard result.status == 0 else { throw RunError.failed("remount,rw \(path.path): \(result.stderr)") }
    }
}
