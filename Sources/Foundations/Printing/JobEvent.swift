/// One event CUPS sent about a job (IPP event notification): what happened
/// in CUPS's own words, the only place it names who held or cancelled it.
public struct JobEvent: Codable, Equatable, Sendable {
    /// "job-state-changed", "job-completed", "job-stopped"…
    public var event: String
    /// "Job held by "ann".", "Job stopped due to filter errors; …"
    public var text: String
    public var state: JobState?
    public var stateReasons: [String]

    public init(event: String, text: String, state: JobState? = nil, stateReasons: [String] = []) {
        self.event = event
        self.text = text
        self.state = state
        self.stateReasons = stateReasons
    }

    /// The user the text names ("Job canceled by "ann"" is ann), if it names one.
    public var user: String? {
        // Some of CUPS's texts escape the quotes around the name.
        let text = self.text.replacingOccurrences(of: "\\\"", with: "\"")
        guard let by = text.range(of: "by \""), let end = text[by.upperBound...].firstIndex(of: "\"") else { return nil }
        let name = String(text[by.upperBound..<end])
        return name.isEmpty ? nil : name
    }
}
