import Foundation
import PageRendering
import TestSupport
import XCTest

/// A render worker killed from outside (SIGKILL, as the OOM killer sends)
/// costs no page: the client starts another and renders the page there.
/// Real workers (`ibook-full __render`) rendering lighthouses.pdf.
final class RenderWorkerRestartTests: XCTestCase {
    override func setUp() {
        // As ibook does (CLI): a write to a dead worker's pipe is an error to handle, not the end.
        signal(SIGPIPE, SIG_IGN)
    }

    private func request(_ page: Int) -> RenderRequest {
        RenderRequest(path: Fixtures.sampleBook("lighthouses.pdf"), password: nil, page: page, boxWidth: 300, boxHeight: 400)
    }

    /// Waits for the page; nil if it does not come in `timeout` seconds.
    private func collect(_ client: RenderClient, timeout: TimeInterval = 20) -> PageRendering.RenderedPage? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let (_, page) = client.collect() { return page }
            usleep(10_000)
        }
        return nil
    }

    private func killAndWait(_ pid: pid_t) {
        XCTAssertEqual(kill(pid, SIGKILL), 0)
        // Gone once signal 0 fails (reaped) or the process is a zombie awaiting its parent.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, kill(pid, 0) == 0,
              (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") != true {
            usleep(10_000)
        }
    }

    private func assertImage(_ page: PageRendering.RenderedPage?, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        switch page {
        case .image(let image, _, _)?: XCTAssertEqual(image.height, 400, message, file: file, line: line)
        case .failed(let reason)?: XCTFail("\(message): failed, \(reason)", file: file, line: line)
        case nil: XCTFail("\(message): no reply", file: file, line: line)
        }
    }

    func testAWorkerKilledWhileIdleIsReplacedAndThePageRendered() throws {
        let client = RenderClient(executable: RenderWorkerUnderTest.executable)
        XCTAssertNil(client.send(request(3)))
        assertImage(collect(client), "first page")
        let first = try XCTUnwrap(client.workerProcessID)
        killAndWait(first)

        XCTAssertNil(client.send(request(4)), "the request is taken, not failed at once")
        assertImage(collect(client), "the page after the kill")
        let second = try XCTUnwrap(client.workerProcessID)
        XCTAssertNotEqual(second, first, "a new worker")
        XCTAssertNil(client.send(request(5)))
        assertImage(collect(client), "and the one after, on the same new worker")
        XCTAssertEqual(client.workerProcessID, second)
    }

    func testAWorkerKilledMidPageIsReplacedAndThePageRenderedAgain() throws {
        let client = RenderClient(executable: RenderWorkerUnderTest.executable)
        XCTAssertNil(client.send(request(1)))
        assertImage(collect(client), "a worker up")
        let first = try XCTUnwrap(client.workerProcessID)
        XCTAssertNil(client.send(request(2)))
        killAndWait(first)
        assertImage(collect(client), "the page whose worker was killed under it")
        XCTAssertNotEqual(client.workerProcessID, first)
    }
}
