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

    enum CodingKeys: String, CodingKey {
        case name, isDefault, state, acceptingJobs, stateReasons, stateMessage, info, location, makeAndModel, deviceURI,
             queuedJobs
    }

    /// Every key, the state's message null when there is none (a script
    /// reads the queue's last message where it always is).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(isDefault, forKey: .isDefault)
        try container.encode(state, forKey: .state)
        try container.encode(acceptingJobs, forKey: .acceptingJobs)
        try container.encode(stateReasons, forKey: .stateReasons)
        try container.encode(stateMessage, forKey: .stateMessage)
        try container.encodeIfPresent(info, forKey: .info)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(makeAndModel, forKey: .makeAndModel)
        try container.encodeIfPresent(deviceURI, forKey: .deviceURI)
        try container.encode(queuedJobs, forKey: .queuedJobs)
    }

    /// Why a job sent now would be refused (the queue rejects jobs), or nil
    /// when CUPS would take it.
    public var refusal: PrintingError? {
        acceptingJobs ? nil : .printerRejecting(name, reason: lastMessage)
    }

    /// Why a job sent now would wait in the queue rather than print (the
    /// printer is stopped), or nil: a warning, the job is taken all the same.
    public var stoppedWarning: PrintingError? {
        state == .stopped ? .printerStopped(name, reason: lastMessage) : nil
    }

    /// The queue's last message, else its state reasons (but "paused",
    /// which "stopped" says): what `printers` shows after the state.
    public var lastMessage: String? {
        if let stateMessage, !stateMessage.isEmpty { return stateMessage }
        let reasons = stateReasons.filter { $0 != "paused" }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
}
