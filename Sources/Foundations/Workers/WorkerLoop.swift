import Foundation

/// The worker side of every worker process (`__extract`, `__ocr`,
/// `__render`): this same binary, started by a `WorkerConnection`, reading
/// one JSON request a line on stdin and answering each with a `WorkerReply`,
/// until stdin closes.
public enum WorkerLoop {
    /// Set by `WorkerConnection` to the worker's address-space limit in bytes
    /// (0: none). Its absence means the mode was started by a person, not by
    /// ibook, and the mode refuses.
    public static let memoryLimitKey = "IBOOK_WORKER_MEMORY_LIMIT"

    /// Serves requests with `handle`, which may keep what it likes between
    /// them (an open document, loaded engines). Returns the exit status:
    /// 0 when stdin closed, 64 for a request that is not one, 1 when the
    /// reply could not be written; nil when not started by a `WorkerConnection`.
    /// `ignoring`: signals the client handles for the whole process group
    /// (Ctrl-C, and Ctrl-Z for a reader that suspends itself).
    public static func serve<Request: Decodable>(
        _ type: Request.Type, ignoring signals: [Int32] = [SIGINT],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        handle: (Request) -> WorkerReply?
    ) -> Int32? {
        guard let limitText = environment[memoryLimitKey], let memoryLimit = UInt64(limitText) else { return nil }
        for number in signals { signal(number, SIG_IGN) }
        if memoryLimit > 0 {
            var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
            setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        }
        // Replies get stdout to themselves: anything a library prints goes to stderr.
        let replies = dup(1)
        dup2(2, 1)
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? decoder.decode(Request.self, from: Data(line.utf8)) else { return 64 }
            guard let reply = handle(request),
                  writeAll(replies, reply.line), writeAll(replies, reply.payload) else { return 1 }
        }
        return 0
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
