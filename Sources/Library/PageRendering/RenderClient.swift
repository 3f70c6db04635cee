import Foundation
import PDF
import Raster
import Workers

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
    private var worker: WorkerConnection?
    public private(set) var inFlight: RenderRequest?
    private var startedAt = Date()
    /// The in-flight request already lost one worker.
    private var retried = false

    public init(executable: String, timeLimit: TimeInterval = 15) {
        self.executable = executable
        self.timeLimit = timeLimit
        limit = timeLimit
    }

    deinit { stop() }

    /// The descriptor to poll for replies, while a request is in flight.
    public var replyDescriptor: Int32? { inFlight == nil ? nil : worker?.replyDescriptor }

    public var isBusy: Bool { inFlight != nil }

    /// The worker's process id, while there is one.
    public var workerProcessID: pid_t? { worker?.processIdentifier }

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
        if let worker, !worker.isRunning { stop() }
        do {
            if worker == nil { try start() }
            guard worker?.send(request) == true else {
                // Died between the check and the write: once more on a new worker.
                stop()
                try start()
                guard worker?.send(request) == true else {
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
        guard let request = inFlight, let worker else { return nil }
        // Past the deadline the page has failed, even if its reply is waiting
        // unread: the limit is the same whenever the reader happens to look.
        if Date().timeIntervalSince(startedAt) > limit {
            return reply(finish(request, .failed("this page could not be rendered in \(String(format: "%g", limit)) s"), restart: true))
        }
        let frame: WorkerFrame
        do {
            guard let received = try worker.receive() else { return nil }
            frame = received
        } catch .died {
            if !retried {
                // The worker died under this page: maybe the page, maybe a kill
                // from outside. A new worker tells which.
                retried = true
                stop()
                if let failure = transmit(request) { return reply(finish(request, failure, restart: true)) }
                return nil
            }
            return reply(finish(request, .failed("this page could not be rendered: the renderer crashed"), restart: true))
        } catch {
            return reply(finish(request, .failed("this page could not be rendered: garbled reply"), restart: true))
        }
        guard let header = frame.decode(RenderReplyHeader.self) else {
            return reply(finish(request, .failed("this page could not be rendered: garbled reply"), restart: true))
        }
        if let error = header.error { return reply(finish(request, .failed(error), restart: false)) }
        if let answer = header.pageMap.map(RenderReply.pageMap) ?? header.hitPlaces.map(RenderReply.hitPlaces) {
            inFlight = nil
            return (request, answer)
        }
        guard frame.payload.count == header.width * header.height * 4 else {
            return reply(finish(request, .failed("this page could not be rendered: garbled reply"), restart: true))
        }
        let image = RasterImage(width: header.width, height: header.height, pixels: frame.payload)
        return reply(finish(request, .image(image, matches: header.matches, links: header.links ?? []), restart: false))
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
        if restart { stop() }
        return (request, page)
    }

    private func start() throws {
        // What the worker prints (poppler's complaints) must not reach the reader's screen.
        worker = try WorkerConnection(executable: executable, mode: RenderWorker.modeArgument,
                                      memoryLimit: RenderWorker.memoryLimit, errorOutput: .discarded)
    }

    private func stop() {
        worker?.kill()
        worker = nil
        inFlight = nil
    }
}
