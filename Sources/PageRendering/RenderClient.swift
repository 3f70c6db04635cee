import Foundation
import PDF
import Raster

/// The reader's side of the render worker: sends one request at a time and
/// collects the reply without blocking, so keys keep being read while a
/// page renders. A worker that dies or overruns its time limit is killed;
/// the page it was rendering fails and the next request starts a new one.
public final class RenderClient {
    private let executable: String
    private let timeLimit: TimeInterval
    private var process: Process?
    private var requests: Int32 = -1
    private var replies: Int32 = -1
    private var buffer: [UInt8] = []
    private var header: RenderReplyHeader?
    public private(set) var inFlight: RenderRequest?
    private var startedAt = Date()
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    public init(executable: String, timeLimit: TimeInterval = 15) {
        self.executable = executable
        self.timeLimit = timeLimit
    }

    deinit { stop() }

    /// The descriptor to poll for replies, while a request is in flight.
    public var replyDescriptor: Int32? { inFlight == nil ? nil : replies }

    public var isBusy: Bool { inFlight != nil }

    /// Starts rendering; the caller must wait for `collect` before the next.
    public func send(_ request: RenderRequest) -> RenderedPage? {
        precondition(inFlight == nil, "one render at a time")
        do {
            if process == nil { try start() }
            var line = try JSONEncoder().encode(request)
            line.append(0x0A)
            let sent = line.withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            guard sent == line.count else {
                stop()
                return .failed("the renderer stopped")
            }
        } catch {
            return .failed("the renderer could not start (\(error))")
        }
        inFlight = request
        startedAt = Date()
        buffer.removeAll(keepingCapacity: true)
        header = nil
        return nil
    }

    /// Reads what has arrived; the finished page once it is complete. Also
    /// enforces the time limit, so call it on every wake-up.
    public func collect() -> (RenderRequest, RenderedPage)? {
        guard let request = inFlight else { return nil }
        // Past the deadline the page has failed, even if its reply is waiting
        // unread: the limit is the same whenever the reader happens to look.
        if Date().timeIntervalSince(startedAt) > timeLimit {
            return finish(request, .failed("this page could not be rendered in \(String(format: "%g", timeLimit)) s"), restart: true)
        }
        while true {
            let count = read(replies, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                continue
            }
            if count == 0 {
                return finish(request, .failed("this page could not be rendered: the renderer crashed"), restart: true)
            }
            if errno == EINTR { continue }
            break  // EAGAIN: nothing more for now
        }
        if header == nil, let newline = buffer.firstIndex(of: 0x0A) {
            guard let decoded = try? JSONDecoder().decode(RenderReplyHeader.self, from: Data(buffer[..<newline])) else {
                return finish(request, .failed("this page could not be rendered: garbled reply"), restart: true)
            }
            header = decoded
            buffer.removeSubrange(...newline)
        }
        if let header {
            if let error = header.error { return finish(request, .failed(error), restart: false) }
            let expected = header.width * header.height * 4
            if buffer.count >= expected {
                let image = RasterImage(width: header.width, height: header.height, pixels: Array(buffer.prefix(expected)))
                return finish(request, .image(image, matches: header.matches), restart: false)
            }
        }
        return nil
    }

    /// Seconds until the in-flight render runs out of time.
    public var timeLeft: TimeInterval? {
        inFlight.map { _ in max(0, timeLimit - Date().timeIntervalSince(startedAt)) }
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
