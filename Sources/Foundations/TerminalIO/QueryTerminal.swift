import Foundation

/// The terminal a command draws on, opened to ask it something: the one its
/// output goes to, else its input's, else the controlling terminal. Not
/// simply /dev/tty: a command whose output goes to another terminal (a pane,
/// a pseudo-terminal a program made) must ask that one, and its controlling
/// terminal may belong to a job it is in the background of.
public final class QueryTerminal {
    public let fileDescriptor: Int32

    /// Nil when there is no terminal, or when asking would stop the process:
    /// a background job that sets terminal modes or reads its controlling
    /// terminal is stopped by SIGTTOU/SIGTTIN until someone brings it back.
    public init?() {
        var descriptor: Int32 = -1
        for standard in [STDOUT_FILENO, STDIN_FILENO] where isatty(standard) == 1 {
            if let name = ttyname(standard) {
                descriptor = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
                if descriptor >= 0 { break }
            }
        }
        if descriptor < 0 { descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        // tcgetpgrp fails on a terminal that is not the controlling one: nothing stops a process there.
        let foreground = tcgetpgrp(descriptor)
        guard foreground < 0 || foreground == getpgrp() else {
            close(descriptor)
            return nil
        }
        fileDescriptor = descriptor
    }

    deinit { close(fileDescriptor) }
}
