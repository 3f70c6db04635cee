import FileNames
import CQPDF
import Foundation

/// One `qpdf` run that lays pages of a stamp PDF over or under pages of a
/// document, as `qpdf in.pdf --overlay stamp.pdf --to=… --from=… -- out.pdf`
/// does, through qpdf's job API. Owns the job and logger handles; what qpdf
/// would print is captured instead and becomes the error message.
final class PDFOverlay {
    /// Which stamp page goes on which document pages.
    struct Assignment {
        var stampPage: Int
        var targetPages: [Int]
    }

    private var job: qpdfjob_handle?
    private var logger: qpdflogger_handle?
    private let messages = MessageSink()

    init() {
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

    /// Runs the job. `progress` gets qpdf's percentage while it writes.
    /// With `keepOnlyPage`, the output holds just that page, renumbered 1,
    /// and `assignments` must already use that numbering.
    func run(input: String, password: String?, stamp: String, layer: WatermarkLayer,
             assignments: [Assignment], output: String, keepOnlyPage: Int? = nil,
             progress: ((Int) -> Void)?) throws {
        var arguments = ["qpdf", input]
        if let password { arguments.append("--password=\(password)") }
        if progress != nil { arguments.append("--progress") }
        if let keepOnlyPage { arguments += ["--pages", ".", String(keepOnlyPage), "--"] }
        let groups = assignments.filter { !$0.targetPages.isEmpty }.sorted { $0.targetPages.count < $1.targetPages.count }
        if let largest = groups.last {
            // qpdf 11.3 takes one --overlay per run, so every stamp page comes
            // from one file: --to lists the pages group by group, --from
            // names the stamp for each page of all but the largest group, and
            // --repeat covers the largest group without a page-long list.
            let others = groups.dropLast()
            let targets = others.flatMap(\.targetPages) + largest.targetPages
            let from = others.flatMap { group in group.targetPages.map { _ in String(group.stampPage) } }
            arguments += ["--\(layer == .over ? "overlay" : "underlay")", stamp,
                          "--to=\(Self.orderedRange(targets))", "--from=\(from.joined(separator: ","))",
                          "--repeat=\(largest.stampPage)", "--"]
        }
        arguments.append(output)
        try execute(arguments, progress: progress, failure: WatermarkError.qpdf)
    }

    /// Runs one qpdf job given as its command line; what qpdf says becomes
    /// the error `failure` makes.
    func execute(_ arguments: [String], progress: ((Int) -> Void)?, failure: (String) -> WatermarkError) throws {
        let reporter = ProgressReporter(progress)
        if progress != nil {
            qpdfjob_register_progress_reporter(job, ProgressReporter.report, Unmanaged.passUnretained(reporter).toOpaque())
        }
        let initialized = withCStrings(arguments) { qpdfjob_initialize_from_argv(job, $0) }
        guard initialized == 0 else { throw failure(messages.summary ?? "bad job (exit \(initialized))") }
        let status = withExtendedLifetime(reporter) { qpdfjob_run(job) }
        // 3 means the file was written but qpdf had warnings about the input.
        guard status == 0 || status == 3 else { throw failure(messages.summary ?? "exit \(status)") }
    }

    /// "1-5,7,9-12" from page numbers in the order given; ascending runs
    /// are folded so the argument stays short for long documents.
    static func orderedRange(_ pages: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < pages.count {
            var end = index
            while end + 1 < pages.count, pages[end + 1] == pages[end] + 1 { end += 1 }
            parts.append(end == index ? "\(pages[index])" : "\(pages[index])-\(pages[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
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
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        sink.text += String(decoding: bytes, as: UTF8.self)
        return 0
    }

    /// The most telling line: qpdf's last error, without its "qpdf: " prefix
    /// or the temporary file names.
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
