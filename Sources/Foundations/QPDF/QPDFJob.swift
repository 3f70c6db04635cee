import CQPDF
import FileNames
import Foundation

/// One qpdf job given as its command line (`qpdf in.pdf --overlay … -- out.pdf`),
/// run through qpdf's job API in this process. Owns the job and logger
/// handles; what qpdf would print is kept instead and becomes the error.
public final class QPDFJob {
    private var job: qpdfjob_handle?
    private var logger: qpdflogger_handle?
    private let messages = MessageSink()

    public init() {
        job = qpdfjob_init()
        logger = qpdflogger_create()
        let sink = Unmanaged.passUnretained(messages).toOpaque()
        qpdflogger_set_info(logger, qpdf_log_dest_discard, nil, nil)
        qpdflogger_set_warn(logger, qpdf_log_dest_custom, MessageSink.write, sink)
        qpdflogger_set_error(logger, qpdf_log_dest_custom, MessageSink.write, sink)
        qpdfjob_set_logger(job, logger)
    }

    deinit {
        qpdfjob_cleanup(&job)
        qpdflogger_cleanup(&logger)
    }

    /// Runs the job; `progress` gets qpdf's percentage while it writes (add
    /// `--progress` to the arguments for qpdf to report it).
    public func run(_ arguments: [String], progress: ((Int) -> Void)? = nil) throws {
        let reporter = ProgressReporter(progress)
        if progress != nil {
            qpdfjob_register_progress_reporter(job, ProgressReporter.report, Unmanaged.passUnretained(reporter).toOpaque())
        }
        let initialized = withCStrings(arguments) { qpdfjob_initialize_from_argv(job, $0) }
        guard initialized == 0 else { throw QPDFError(messages.summary ?? "bad job (exit \(initialized))") }
        let status = withExtendedLifetime(reporter) { qpdfjob_run(job) }
        // 3 means the file was written but qpdf had warnings about the input.
        guard status == 0 || status == 3 else { throw QPDFError(messages.summary ?? "exit \(status)") }
    }

    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { FileName.withCString($0) { strdup($0) } }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { body(UnsafePointer($0.baseAddress!)) }
    }
}

/// Collects what qpdf says, so the caller can show one line of it.
private final class MessageSink {
    private(set) var text = ""

    static let write: qpdf_log_fn_t = { data, length, context in
        guard let data, let context else { return 0 }
        let sink = Unmanaged<MessageSink>.fromOpaque(context).takeUnretainedValue()
        sink.text += String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        return 0
    }

    /// The most telling line: qpdf's last error, without its "qpdf: " prefix.
    var summary: String? {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard var line = lines.last(where: { !$0.lowercased().contains("warning") }) ?? lines.last else { return nil }
        if line.hasPrefix("qpdf: ") { line.removeFirst(6) }
        return line
    }
}

private final class ProgressReporter {
    let callback: ((Int) -> Void)?
    init(_ callback: ((Int) -> Void)?) { self.callback = callback }

    static let report: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { percent, context in
        guard let context else { return }
        Unmanaged<ProgressReporter>.fromOpaque(context).takeUnretainedValue().callback?(Int(percent))
    }
}
