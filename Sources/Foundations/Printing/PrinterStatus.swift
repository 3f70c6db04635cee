import CCups

/// A queue's state as the scheduler reports it now (IPP Get-Printer-Attributes).
public struct PrinterStatus: Codable, Equatable, Sendable {
    /// The queue's name, without an lpoptions instance.
    public var name: String
    public var state: PrinterState
    public var acceptingJobs: Bool
    /// `printer-state-reasons` without "none".
    public var stateReasons: [String]
    /// The last message of the queue: the operator's (cupsdisable -r), a
    /// filter's or a backend's ("Filter failed"); nil when there is none.
    public var stateMessage: String?
    /// `job-hold-until-default`: a queue that holds every job says so here.
    public var holdUntilDefault: String?

    public init(name: String, state: PrinterState, acceptingJobs: Bool = true, stateReasons: [String] = [],
                stateMessage: String? = nil, holdUntilDefault: String? = nil) {
        self.name = name
        self.state = state
        self.acceptingJobs = acceptingJobs
        self.stateReasons = stateReasons
        self.stateMessage = stateMessage
        self.holdUntilDefault = holdUntilDefault
    }
}

extension CupsConnection {
    /// The queue's state now; throws when the scheduler does not answer for it.
    public func printerStatus(_ queue: String) throws -> PrinterStatus {
        let request = try IPPRequest(IPP_OP_GET_PRINTER_ATTRIBUTES)
        request.addPrinterURI(queue)
        request.addKeywords("requested-attributes", ["printer-state", "printer-state-message", "printer-state-reasons",
                                                     "printer-is-accepting-jobs", "job-hold-until-default"])
        guard let response = request.send(on: self) else {
            if cupsLastError() == IPP_STATUS_ERROR_NOT_FOUND { throw PrintingError.unknownPrinter(queue, source: .caller) }
            throw failure("asking for printer \"\(queue)\"")
        }
        let message = response.strings("printer-state-message", IPP_TAG_TEXT)?.first
        return PrinterStatus(
            name: queue, state: PrinterState(ippValue: response.integer("printer-state", IPP_TAG_ENUM).map { String($0) }),
            acceptingJobs: response.boolean("printer-is-accepting-jobs") ?? true,
            stateReasons: (response.strings("printer-state-reasons", IPP_TAG_KEYWORD) ?? []).filter { $0 != "none" },
            stateMessage: message.flatMap { $0.isEmpty ? nil : $0 },
            holdUntilDefault: response.strings("job-hold-until-default", IPP_TAG_KEYWORD)?.first)
    }
}
