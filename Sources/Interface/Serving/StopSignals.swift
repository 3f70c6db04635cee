import Glibc

/// SIGINT and SIGTERM taken out of asynchronous delivery, so that the process can wait for
/// one and then stop its server in order (no handler runs on a thread in the middle of a request).
public enum StopSignals {
    /// Blocks them in this thread and every thread started after; call before starting threads.
    public static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A client gone mid-response must cost that response, not the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for SIGINT or SIGTERM and says which came.
    public static func wait() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
