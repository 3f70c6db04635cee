import Foundation
import PDF
import Raster

/// The reader's side of the render worker: sends one request at a time and
/// collects the reply without blocking, so keys keep being read while a
/// page renders. A worker that overruns its time limit is killed and the
/// page fails. A worker that dies is replaced without the page failing,
/// since something else may have killed it (the OOM killer, a person):
/// one found dead before a request is started again, and a page whose
/// worker dies under it is rendered once more on a new one. Only a page
/// that kills that one too is the page's fault.
public final class RenderClient {
    private let executable: String
    private let timeLimit: TimeInterval
    /// The in-flight request's limit: the client's, or what `send` was given.
    private var limit: TimeInterval
    private var process: Process?
    private var requests: Int32 = -1
    private var replies: Int32 = -1
    private var buffer: [UInt8] = []
    private var header: RenderReplyHeader?
    public private(set) var inFlight: RenderRequest?
    private var startedAt = Date()
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)
    /// The in-flight request already lost one worker.
    private var retried = false

    public init(executable: String, timeLimit: TimeInterval = 15) {
        self.executable = executable
        self.timeLimit = timeLimit
        limit = timeLimit
    }

    deinit { stop() }

    /// The descriptor to poll for replies, while a request is in flight.
    public var replyDescriptor: Int32? { inFlight == nil ? nil : replies }

    public var isBusy: Bool { inFlight != nil }

    /// The worker's process id, while there is one.
    public var workerProcessID: pid_t? { process?.processIdentifier }

    /// Starts rendering; the caller must wait for `collect` before the next.
    public func send(_ request: RenderRequest) -> RenderedPage? {
        send(request, timeLimit: timeLimit)
    }

    /// `send` with a limit of its own: laying a whole book out takes longer than a page.
    public func send(_ request: RenderRequest, timeLimit: TimeInterval) -> RenderedPage? {
        precondition(inFlight == nil, "one render at a time")
        limit = timeLimit
        retried = false
        return transmit(request)
    }

    private func transmit(_ request: RenderRequest) -> RenderedPage? {
        // A worker that died while idle is no reason to fail a page: start another.
        if let process, !process.isRunning { stop() }
        do {
            if process == nil { try start() }
            var line = try JSONEncoder().encode(request)
            line.append(0x0A)
            let sent = line.withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            guard sent == line.count else {
                // Died between the check and the write: once more on a new worker.
                stop()
                try start()
                let again = line.withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
                guard again == line.count else {
                    stop()
                    return .failed("the renderer stopped")
                }
                return began(request)
            }
        } catch {
            return .failed("the renderer could not start (\(error))")
        }
        return began(request)
    }

    private func began(_ request: RenderRequest) -> RenderedPage? {
        inFlight = request
        startedAt = Date()
        buffer.removeAll(keepingCapacity: true)
        header = nil
        return nil
    }

    /// Reads what has arrived; the finished page once it is complete. Also
    /// enforces the time limit, so call it on every wake-up.
    public func collect() -> (RenderRequest, RenderedPage)? {
        guard let (request, reply) = collectReply() else { return nil }
        switch reply {
        case .page(let page): return (request, page)
        case .pageMap, .hitPlaces: return (request, .failed("an answer about the layout came instead of a page"))
        }
    }

    /// `collect`, for a client that also asks for page maps.
    public func collectReply() -> (RenderRequest, RenderReply)? {
        guard let request = inFlight else { return nil }
        // Past the deadline the page has failed, even if its reply is waiting
        // unread: the limit is the same whenever the reader happens to look.
        if Date().timeIntervalSince(startedAt) > limit {
            return reply(finish(request, .failed("this page could not be rendered in \(String(format: "%g", limit)) s"), restart: true))
        }
        while true {
            let count = read(replies, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                continue
            }
            if count == 0 {
                if !retried {
                    // The worker died under this page: maybe the page, maybe a kill
                    // from outside. A new worker tells which.
                    retried = true
                    stop()
                    if let failure = transmit(request) { return reply(finish(request, failure, restart: true)) }
                    return nil
                }
                return reply(finish(request, .failed("this page could not be rendered: the renderer crashed"), restart: true))
            }
            if errno == EINTR { continue }
            break  // EAGAIN: nothing more for now
        }
        if header == nil, let newline = buffer.firstIndex(of: 0x0A) {
            guard let decoded = try? JSONDecoder().decode(RenderReplyHeader.self, from: Data(buffer[..<newline])) else {
                return reply(finish(request, .failed("this page could not be rendered: garbled reply"), restart: true))
            }
            header = decoded
            buffer.removeSubrange(...newline)
        }
        if let header {
            if let error = header.error { return reply(finish(request, .failed(error), restart: false)) }
            let answer: RenderReply? = header.pageMap.map(RenderReply.pageMap) ?? header.hitPlaces.map(RenderReply.hitPlaces)
            if let answer {
                inFlight = nil
                buffer.removeAll(keepingCapacity: false)
                self.header = nil
                return (request, answer)
            }
            let expected = header.width * header.height * 4
            if buffer.count >= expected {
                let image = RasterImage(width: header.width, height: header.height, pixels: Array(buffer.prefix(expected)))
                return reply(finish(request, .image(image, matches: header.matches), restart: false))
            }
        }
        return nil
    }

    private func reply(_ finished: (RenderRequest, RenderedPage)) -> (RenderRequest, RenderReply) {
        (finished.0, .page(finished.1))
    }

    /// Seconds until the in-flight render runs out of time.
    public var timeLeft: TimeInterval? {
        inFlight.map { _ in max(0, limit - Date().timeIntervalSince(startedAt)) }
    }

    private func finish(_ request: RenderRequest, _ page: RenderedPage, restart: Bool) -> (RenderRequest, RenderedPage) {
        inFlight = nil
        buffer.removeAll(keepingCapacity: false)
        header = nil
        if restart { stop() }
        return (request, page)
    }

    private func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [RenderWorker.modeArgument]
        process.standardError = FileHandle.nullDevice
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        requests = dup(input.fileHandleForWriting.fileDescriptor)
        replies = dup(output.fileHandleForReading.fileDescriptor)
        try? input.fileHandleForWriting.close()
        try? output.fileHandleForReading.close()
        _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC)
        _ = fcntl(replies, F_SETFD, FD_CLOEXEC)
        self.process = process
    }

    private func stop() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        close(requests)
        close(replies)
        requests = -1
        replies = -1
        self.process = nil
        inFlight = nil
    }
}
