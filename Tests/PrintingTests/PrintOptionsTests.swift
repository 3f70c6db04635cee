import Foundation
import Printing
import XCTest

/// What needs no scheduler: options as CUPS gets them, refusals, and the
/// error when nobody listens. The CLI tests print through a real cupsd.
final class PrintOptionsTests: XCTestCase {
    func testOptionsBecomeCupsOptionsInOrder() {
        var options = PrintOptions()
        XCTAssertEqual(options.cupsOptions, [])
        options.copies = 2
        options.pageRanges = "3-5,12"
        options.duplex = .short
        options.numberUp = 4
        options.media = "A4"
        options.fitToPage = true
        options.landscape = true
        options.holdUntil = "indefinite"
        XCTAssertEqual(options.cupsOptions.map { "\($0.name)=\($0.value)" }, [
            "copies=2", "page-ranges=3-5,12", "sides=two-sided-short-edge", "number-up=4", "media=A4",
            "fit-to-page=true", "orientation-requested=4", "job-hold-until=indefinite",
        ])
        options.numberUp = 1
        options.copies = 1
        XCTAssertFalse(options.cupsOptions.contains { $0.name == "number-up" || $0.name == "copies" })
    }

    func testDuplexNamesTheSides() {
        XCTAssertEqual(Duplex.long.sides, "two-sided-long-edge")
        XCTAssertEqual(Duplex.short.sides, "two-sided-short-edge")
        XCTAssertEqual(Duplex.off.sides, "one-sided")
    }

    func testRangesFoldRunsOfPages() {
        XCTAssertEqual(PrintOptions.ranges([1, 2, 3, 5, 7, 8]), "1-3,5,7-8")
        XCTAssertEqual(PrintOptions.ranges([12, 3, 4, 3]), "3-4,12")
        XCTAssertEqual(PrintOptions.ranges([9]), "9")
        XCTAssertEqual(PrintOptions.ranges([]), "")
    }

    /// A stopped printer is a warning (the job waits in the queue); one that rejects jobs, a refusal.
    func testAStoppedPrinterWarnsAndARejectingOneRefusesWithItsReason() {
        var printer = PrinterInfo(name: "Office", isDefault: true, state: .idle, acceptingJobs: true, stateReasons: [],
                                  stateMessage: nil, info: nil, location: nil, makeAndModel: nil, deviceURI: nil)
        XCTAssertNil(printer.refusal)
        XCTAssertNil(printer.stoppedWarning)
        XCTAssertNil(printer.lastMessage)
        printer.state = .stopped
        printer.stateReasons = ["paused"]
        XCTAssertNil(printer.refusal)
        XCTAssertEqual(printer.stoppedWarning, .printerStopped("Office", reason: nil))
        XCTAssertNil(printer.lastMessage, "paused is what stopped says")
        printer.stateMessage = "paper jam"
        XCTAssertEqual(printer.lastMessage, "paper jam")
        XCTAssertEqual(printer.stoppedWarning?.description, "printer \"Office\" is stopped (paper jam); start it with cupsenable Office")
        printer.acceptingJobs = false
        printer.stateMessage = nil
        printer.stateReasons = ["toner-empty-error"]
        XCTAssertEqual(printer.refusal?.description,
                       "printer \"Office\" is rejecting jobs (toner-empty-error); let it accept with cupsaccept Office")
    }

    func testNoSchedulerIsATypedError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ibook-nocups-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("cups.sock").path
        XCTAssertThrowsError(try CupsConnection(server: socket, timeoutMilliseconds: 2000)) { error in
            XCTAssertEqual(error as? PrintingError, .noScheduler(server: socket))
            XCTAssertEqual("\(error)", "no CUPS scheduler is running at \(socket) (start cupsd, or set CUPS_SERVER)")
        }
    }

    func testPrinterInfoJSONNamesTheState() throws {
        let printer = PrinterInfo(name: "Office/duplex", isDefault: false, state: .processing, acceptingJobs: true,
                                  stateReasons: [], stateMessage: "Printing page 2", info: "Laser", location: nil,
                                  makeAndModel: nil, deviceURI: "ipp://printer.local/ipp/print")
        let data = try JSONEncoder().encode(printer)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["state"] as? String, "processing")
        XCTAssertEqual(object["queuedJobs"] as? Int, 0)
        XCTAssertEqual(object["stateMessage"] as? String, "Printing page 2")
        XCTAssertEqual(try JSONDecoder().decode(PrinterInfo.self, from: data), printer)
    }

    func testPrinterInfoJSONHasTheMessageEvenWhenThereIsNone() throws {
        let printer = PrinterInfo(name: "Office", isDefault: true, state: .idle, acceptingJobs: true)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(printer)) as? [String: Any])
        XCTAssertTrue(object["stateMessage"] is NSNull, "\(object)")
        XCTAssertEqual(object["stateReasons"] as? [String], [])
        XCTAssertNil(object["location"])
    }
}
