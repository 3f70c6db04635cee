import Foundation

/// Runs a program with stdin/stdout/stderr on /dev/null and waits for it with
/// waitpid. For programs that leave a daemon behind (`tmux new-session -d`):
/// Foundation's Process never notices such a client exit, and pipes would
/// stay open in the daemon.
public enum Spawn {
    @discardableResult
    /// A program still running after `timeout` seconds is killed (status -1).
    public static func run(_ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 60) -> Int32 {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environmentLines.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        closeInheritedDescriptors(&actions)
        var pid = pid_t()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environmentLines) == 0 else { return -1 }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return status }
            if Date() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                return -1
            }
            usleep(10_000)
        }
    }

    /// Whether process `pid` runs: it exists and is no zombie (a daemon's orphan is reaped by
    /// whoever is init, which may take its time; kill(pid, 0) still succeeds on a zombie).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[end.upperBound...].first != "Z"
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds "close every descriptor above stderr" to `actions`, so that a
    /// daemon the child leaves behind (tmux's server, PostgreSQL) holds none
    /// of the test process's pipes and files. glibc has had it since 2.34;
    /// Swift's Glibc module does not declare it, hence the lookup.
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
}
