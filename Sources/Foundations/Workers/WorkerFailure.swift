/// Why a request got no reply from its worker; the worker is then killed
/// and never used again.
public enum WorkerFailure: Error, Equatable, Sendable {
    /// It exited, was killed, or its pipe broke.
    case died
    /// It overran the time the request was given.
    case timedOut
    /// The caller asked to stop.
    case stopped
    /// What came back is not a reply.
    case garbled
}
