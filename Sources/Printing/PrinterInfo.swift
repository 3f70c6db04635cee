/// A printer's state as IPP names it.
public enum PrinterState: String, Codable, Sendable {
    case idle, processing, stopped, unknown

    init(ippValue: String?) {
        switch ippValue {
        case "3": self = .idle
        case "4": self = .processing
        case "5": self = .stopped
        default: self = .unknown
        }
    }
}

/// One destination CUPS knows, as plain values.
public struct PrinterInfo: Codable, Equatable, Sendable {
    /// "Office", or "Office/duplex" for an lpoptions instance.
    public var name: String
    public var isDefault: Bool
    public var state: PrinterState
    public var acceptingJobs: Bool
    /// `printer-state-reasons` without "none".
    public var stateReasons: [String]
    public var stateMessage: String?
    public var info: String?
    public var location: String?
    public var makeAndModel: String?
    public var deviceURI: String?
    /// Jobs pending, held or printing on this queue (every user's).
    public var queuedJobs = 0

    public init(name: String, isDefault: Bool, state: PrinterState, acceptingJobs: Bool, stateReasons: [String] = [],
                stateMessage: String? = nil, info: String? = nil, location: String? = nil, makeAndModel: String? = nil,
                deviceURI: String? = nil, queuedJobs: Int = 0) {
        self.name = name
        self.isDefault = isDefault
        self.state = state
        self.acceptingJobs = acceptingJobs
        self.stateReasons = stateReasons
        self.stateMessage = stateMessage
        self.info = info
        self.location = location
        self.makeAndModel = makeAndModel
        self.deviceURI = deviceURI
        self.queuedJobs = queuedJobs
    }

    /// Why a job sent now would not print, or nil when it would.
    public var refusal: PrintingError? {
        if !acceptingJobs { return .printerRejecting(name, reason: reason) }
        if state == .stopped { return .printerStopped(name, reason: reason) }
        return nil
    }

    private var reason: String? {
        if let stateMessage, !stateMessage.isEmpty { return stateMessage }
        let reasons = stateReasons.filter { $0 != "paused" }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
}
