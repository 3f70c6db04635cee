import Foundation

/// What the tests have started or made and not yet stopped or removed: servers, daemons, temporary
/// folders. Each test class stops its own in `tearDown` (or `class func tearDown()`) and says so
/// with `done`; whatever is still here when the test process exits (a test that failed half-way, a
/// folder a test never removed) is stopped and removed then, and named on stderr, so a leak shows
/// in the log without leaving anything behind. A run killed outright (the watchdog, a crash) runs
/// no exit handler: scripts/run-tests.sh sweeps what such a run left and fails it.
///
/// Nothing here relies on `deinit`: XCTest keeps every test case object (and so everything its
/// properties hold) until the process exits, and Swift runs no deinit at exit. What is registered
/// holds the object it stops weakly (or only its paths and pids), so a server or mount a test keeps
/// in a local still ends with its scope, as before.
public enum Cleanup {
    /// One thing to stop or remove; `done(_:)` once it has been.
    public struct Token: Sendable, Hashable {
        fileprivate let id: Int
    }

    private struct Entry {
        var what: String
        /// Made once for the whole run (a cache): removed at exit without a word.
        var forTheRun: Bool
        /// Whether there is still something to undo (a folder may have been removed by other means).
        var stillThere: @Sendable () -> Bool
        var undo: @Sendable () -> Void
    }

    private struct State {
        var next = 0
        var pending: [Int: Entry] = [:]
        var installed = false
    }

    private static let state = Locked(State())

    /// Remembers `undo` until `done(token)`; at the latest it runs when the process exits.
    public static func register(_ what: String, forTheRun: Bool = false,
                                stillThere: @escaping @Sendable () -> Bool = { true },
                                undo: @escaping @Sendable () -> Void) -> Token {
        let (token, install) = state.withLock { state -> (Token, Bool) in
            state.next += 1
            state.pending[state.next] = Entry(what: what, forTheRun: forTheRun, stillThere: stillThere, undo: undo)
            defer { state.installed = true }
            return (Token(id: state.next), !state.installed)
        }
        if install { atexit { Cleanup.runAll(atExit: true) } }
        return token
    }

    /// A folder to remove at exit unless removed before (by anyone: it is looked for then).
    @discardableResult
    public static func folder(_ url: URL, forTheRun: Bool = false) -> Token {
        let path = url.path
        return register("folder \(path)", forTheRun: forTheRun,
                        stillThere: { FileManager.default.fileExists(atPath: path) },
                        undo: { try? FileManager.default.removeItem(atPath: path) })
    }

    /// Removes a folder now and forgets it.
    public static func remove(_ url: URL, _ token: Token? = nil) {
        try? FileManager.default.removeItem(at: url)
        if let token { done(token) }
    }

    /// The thing is stopped or removed: nothing to do at exit.
    public static func done(_ token: Token) {
        state.withLock { _ = $0.pending.removeValue(forKey: token.id) }
    }

    /// What is registered and still there, newest first (for tests of this harness).
    public static var pending: [String] {
        state.withLock { $0.pending.sorted { $0.key > $1.key }.map(\.value) }
            .filter { $0.stillThere() }.map(\.what)
    }

    /// Stops and removes everything still registered, newest first (a folder a server lives in
    /// goes after the server). At exit, names on stderr what a test left.
    public static func runAll(atExit: Bool = false) {
        let entries = state.withLock { state -> [Entry] in
            defer { state.pending.removeAll() }
            return state.pending.sorted { $0.key > $1.key }.map(\.value)
        }
        for entry in entries where entry.stillThere() {
            if atExit, !entry.forTheRun {
                FileHandle.standardError.write(Data("test support: at exit, stopping what no test stopped: \(entry.what)\n".utf8))
            }
            entry.undo()
        }
    }
}

/// Something a test started or made (a server, a terminal session, a library's folder) that
/// `release()` stops or removes at once. Releasing twice does nothing the second time.
public protocol TestResource: AnyObject {
    func release()
}

extension Cleanup {
    /// Releases every TestResource in `value`: itself, or the members of a tuple or struct.
    public static func release(in value: Any) {
        if let resource = value as? TestResource {
            resource.release()
            return
        }
        for child in Mirror(reflecting: value).children {
            (child.value as? TestResource)?.release()
        }
    }
}
