import Foundation
@testable import Workers
import XCTest

/// `WorkerConnection` over real processes: shell scripts that speak the
/// frames `WorkerLoop` writes, or fail to.
final class WorkerConnectionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    struct Request: Codable { var page: Int }
    struct Header: Codable, Equatable { var width: Int }

    /// A worker started as `sh script`: the script is the mode argument.
    private func worker(_ script: String) throws -> WorkerConnection {
        let path = folder.appendingPathComponent("worker-\(UUID().uuidString).sh").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return try WorkerConnection(executable: "/bin/sh", mode: path, memoryLimit: 123,
                                    errorOutput: .file(folder.appendingPathComponent("stderr").path))
    }

    func testARequestGetsItsHeaderAndPayloadAndTheLimitIsHandedOver() throws {
        let connection = try worker("""
            read line
            echo "limit $IBOOK_WORKER_MEMORY_LIMIT, asked $line" >&2
            printf '5 {"width":3}\\nhello'
            read line
            """)
        guard case .success(let frame) = connection.call(Request(page: 7), timeout: 10, stop: { false }) else {
            return XCTFail("no reply")
        }
        XCTAssertEqual(frame.decode(Header.self), Header(width: 3))
        XCTAssertEqual(String(decoding: frame.payload, as: UTF8.self), "hello")
        XCTAssertEqual(connection.newErrorOutput(), [#"limit 123, asked {"page":7}"#])
        XCTAssertTrue(connection.isUsable)
    }

    func testAWorkerThatExitsHasDied() throws {
        let connection = try worker("read line; exit 3")
        XCTAssertEqual(connection.call(Request(page: 1), timeout: 10, stop: { false }).failure, .died)
        XCTAssertFalse(connection.isUsable)
    }

    func testAWorkerAsleepIsKilledAtItsLimit() throws {
        let connection = try worker("read line; exec sleep 30")
        let started = Date()
        XCTAssertEqual(connection.call(Request(page: 1), timeout: 0.5, stop: { false }).failure, .timedOut)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertFalse(connection.isUsable)
    }

    func testWhatIsNotAFrameIsGarbled() throws {
        let connection = try worker("read line; echo 'Segmentation fault'; exec sleep 30")
        XCTAssertEqual(connection.call(Request(page: 1), timeout: 10, stop: { false }).failure, .garbled)
    }

    func testAFrameIsTakenOnlyOnceWhole() throws {
        var buffer = Array(#"4 {"width":1}"#.utf8) + [0x0A] + Array("ab".utf8)
        XCTAssertNil(try WorkerFrame.take(from: &buffer))
        buffer += Array("cd".utf8) + Array("0 {}\n".utf8)
        let frame = try XCTUnwrap(try WorkerFrame.take(from: &buffer))
        XCTAssertEqual(frame.payload, Array("abcd".utf8))
        XCTAssertEqual(buffer, Array("0 {}\n".utf8))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
