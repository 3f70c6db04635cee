import FileNames
import CCups
import Foundation

/// A job's state as IPP names it.
public enum JobState: String, Codable, Sendable {
    case pending, held, processing, stopped, canceled, aborted, completed, unknown

    init(ipp value: Int32) {
        switch value {
        case 3: self = .pending
        case 4: self = .held
        case 5: self = .processing
        case 6: self = .stopped
        case 7: self = .canceled
        case 8: self = .aborted
        case 9: self = .completed
        default: self = .unknown
        }
    }

    /// The job will not change any more.
    public var isFinished: Bool { self == .canceled || self == .aborted || self == .completed }
}

/// A job as the scheduler reports it (IPP Get-Job-Attributes).
public struct JobStatus: Codable, Equatable, Sendable {
    public var id: Int
    public var state: JobState
    public var stateReasons: [String]
    public var message: String?
    public var printer: String?
    public var sheetsCompleted: Int?
    /// `job-hold-until`: "indefinite", "night", a time, or "no-hold".
    public var holdUntil: String?
    /// Every attribute CUPS returned, as text ("copies": "2", "number-up": "4"…).
    public var attributes: [String: String]

    public init(id: Int, state: JobState, stateReasons: [String] = [], message: String? = nil, printer: String? = nil,
                sheetsCompleted: Int? = nil, holdUntil: String? = nil, attributes: [String: String] = [:]) {
        self.id = id
        self.state = state
        self.stateReasons = stateReasons
        self.message = message
        self.printer = printer
        self.sheetsCompleted = sheetsCompleted
        self.holdUntil = holdUntil
        self.attributes = attributes
    }

    /// "Job 17: processing (Printing page 2), 1 sheets", for a progress line.
    public var progressLine: String {
        var line = "Job \(id): \(state.rawValue)"
        if let message {
            line += " (\(message))"
        } else if !stateReasons.isEmpty {
            line += " (\(stateReasons.joined(separator: ", ")))"
        }
        if let sheetsCompleted, sheetsCompleted > 0 { line += ", \(sheetsCompleted) sheets" }
        return line
    }
}

/// A job accepted by the scheduler.
public struct PrintJob: Codable, Equatable, Sendable {
    public var id: Int
    public var printer: String
    public var title: String
    public var options: [PrintOption]
}

extension CupsDestination {
    /// Sends a PDF: creates the job, streams the file, and returns once the
    /// scheduler has accepted (spooled) it, so the file may then be removed.
    /// The lpoptions saved for this destination are added, as lp does; the
    /// options given win over them.
    public func submit(pdf path: String, title: String, options: PrintOptions, on connection: CupsConnection) throws -> PrintJob {
        let descriptor = FileName.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PrintingError.cannotRead(path, reason: String(cString: strerror(errno)))
        }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? file.close() }
        var sent = options.cupsOptions
        for saved in savedJobOptions where !sent.contains(where: { $0.name == saved.name }) { sent.append(saved) }
        let list = CupsOptionList(sent)
        let http = connection.http
        let id = cupsCreateJob(http, queue, title, list.count, list.options)
        guard id > 0 else { throw connection.failure("creating a job on \"\(name)\"") }
        guard cupsStartDocument(http, queue, id, (path as NSString).lastPathComponent, "application/pdf", 1) == HTTP_STATUS_CONTINUE else {
            let error = connection.failure("sending the document to \"\(name)\"")
            cupsCancelJob2(http, queue, id, 0)
            throw error
        }
        while true {
            let chunk: Data
            do {
                chunk = try file.read(upToCount: 1 << 16) ?? Data()
            } catch {
                cupsFinishDocument(http, queue)
                cupsCancelJob2(http, queue, id, 0)
                throw PrintingError.cannotRead(path, reason: error.localizedDescription)
            }
            if chunk.isEmpty { break }
            let status = chunk.withUnsafeBytes { cupsWriteRequestData(http, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
            guard status == HTTP_STATUS_CONTINUE else {
                let error = connection.failure("sending the document to \"\(name)\"")
                cupsFinishDocument(http, queue)
                cupsCancelJob2(http, queue, id, 0)
                throw error
            }
        }
        cupsFinishDocument(http, queue)
        guard CupsConnection.lastRequestSucceeded else { throw connection.failure("sending the document to \"\(name)\"") }
        return PrintJob(id: Int(id), printer: name, title: title, options: sent)
    }
}

extension CupsConnection {
    /// The job's state and attributes.
    public func job(_ id: Int) throws -> JobStatus {
        let request = try IPPRequest(IPP_OP_GET_JOB_ATTRIBUTES)
        request.add(IPP_TAG_URI, "job-uri", "ipp://localhost/jobs/\(id)")
        request.addKeywords("requested-attributes", ["all"])
        guard let response = request.send(on: self) else {
            if cupsLastError() == IPP_STATUS_ERROR_NOT_FOUND { throw PrintingError.jobNotFound(id) }
            throw failure("asking for job \(id)")
        }
        let attributes = response.allAttributes
        let state = response.integer("job-state", IPP_TAG_ENUM).map(JobState.init(ipp:)) ?? .unknown
        let printer = response.strings("job-printer-uri", IPP_TAG_URI)?.first.map { ($0 as NSString).lastPathComponent }
        // The message as CUPS wrote it: `attributes` quotes it as ipptool shows text.
        let message = response.strings("job-printer-state-message", IPP_TAG_TEXT)?.first
        return JobStatus(
            id: id, state: state,
            stateReasons: (response.strings("job-state-reasons", IPP_TAG_KEYWORD) ?? []).filter { $0 != "none" },
            message: message.flatMap { $0.isEmpty ? nil : $0 },
            printer: printer, sheetsCompleted: response.integer("job-media-sheets-completed", IPP_TAG_INTEGER).map(Int.init),
            holdUntil: response.strings("job-hold-until", IPP_TAG_KEYWORD)?.first
                ?? response.strings("job-hold-until", IPP_TAG_NAME)?.first,
            attributes: attributes)
    }

    /// Asks the scheduler to cancel a job (pending, held or printing).
    public func cancel(job id: Int) throws {
        cupsCancelJob2(http, nil, Int32(id), 0)
        guard CupsConnection.lastRequestSucceeded else {
            if cupsLastError() == IPP_STATUS_ERROR_NOT_FOUND { throw PrintingError.jobNotFound(id) }
            throw failure("cancelling job \(id)")
        }
    }
}
