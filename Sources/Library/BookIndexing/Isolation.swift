/// How extraction is isolated from the process that owns the library.
public enum Isolation: Sendable, Equatable {
    /// In worker processes (`ibook __extract`), with a time limit per file
    /// and a memory limit: a crash or hang costs one file.
    case workerProcess(executable: String)
    /// In this process: no protection, used to measure what isolation costs.
    case inProcess
}
