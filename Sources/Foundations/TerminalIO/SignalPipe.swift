import Foundation

/// Signals as bytes on a pipe, so the reader's one poll() loop sees a resize,
/// a hang-up or a termination request among key presses, and handles it
/// outside the signal handler where anything may be called.
public final class SignalPipe {
    public enum Event: Equatable, Sendable {
        case resized, terminate(Int32), suspend, resumed
    }

    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    public let readEnd: Int32
    private let watched: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP, SIGCONT]

    public init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw RawMode.Failure.settings("no pipe for signals") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readEnd = descriptors[0]
        Self.writeEnd = descriptors[1]
        for signalNumber in watched { Self.forward(signalNumber) }
    }

    deinit {
        for signalNumber in watched { signal(signalNumber, SIG_DFL) }
        close(readEnd)
        close(Self.writeEnd)
        Self.writeEnd = -1
    }

    /// What arrived since the last call.
    public func drain() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[..<count] {
                switch Int32(byte) {
                case SIGWINCH: events.append(.resized)
                case SIGTSTP: events.append(.suspend)
                case SIGCONT: events.append(.resumed)
                default: events.append(.terminate(Int32(byte)))
                }
            }
        }
        return events
    }

    /// Stops this process the way Ctrl-Z would (the caller restores the
    /// terminal first); returns once the shell resumes it with `fg`.
    public func suspendProcess() {
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        Self.forward(SIGTSTP)
    }

    /// Delivers `signalNumber` as one byte on the pipe; write is async-signal-safe.
    private static func forward(_ signalNumber: Int32) {
        signal(signalNumber) { received in
            var byte = UInt8(truncatingIfNeeded: received)
            _ = write(SignalPipe.writeEnd, &byte, 1)
        }
    }
}
