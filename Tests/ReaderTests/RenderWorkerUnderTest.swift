import Foundation
import PageRendering
import TestSupport
import XCTest

/// The real render worker (`ibook-full __render`), as the reader's tests talk to it.
enum RenderWorkerUnderTest {
    /// ibook-full, built beside ibook.
    static var executable: String {
        URL(fileURLWithPath: Run.ibookPath).deletingLastPathComponent().appendingPathComponent("ibook-full").path
    }

    /// Sends `request` and waits at most `timeout` seconds for its reply; past that the test is
    /// skipped, since a machine too busy to answer says nothing of the answer.
    static func reply(_ client: RenderClient, _ request: RenderRequest, timeout: TimeInterval = 120) throws -> RenderReply {
        XCTAssertNil(client.send(request))
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let (_, reply) = client.collectReply() { return reply }
            usleep(10_000)
        }
        throw XCTSkip("no reply in \(timeout) s")
    }
}
