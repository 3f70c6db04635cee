import CQPDF
import Foundation

/// One qpdf job that lays the pages of a layer PDF under chosen pages of a
/// document, as `qpdf in.pdf --underlay layer.pdf --to=… --from=… -- out.pdf`
/// does. Owns the job and logger handles; what qpdf would print is kept
/// and becomes the error message.
final class QPDFUnderlay {
    private var job: qpdfjob_handle?
    private var logger: qpdflogger_handle?
    private let messages = Messages()

    init() {
        job = qpdfjob_init()
        logger = qpdflogger_create()
        let sink = Unmanaged.passUnretained(messages).toOpaque()
        qpdflogger_set_info(logger, qpdf_log_dest_discard, nil, nil)
        qpdflogger_set_warn(logger, qpdf_log_dest_custom, Messages.write, sink)
        qpdflogger_set_error(logger, qpdf_log_dest_custom, Messages.write, sink)
        qpdfjob_set_logger(job, logger)
    }

    deinit {
        qpdfjob_cleanup(&job)
        qpdflogger_cleanup(&logger)
    }

    /// Page i of `layer` goes under page `pages[i]` of `input`.
    func run(input: String, password: String?, layer: String, pages: [Int], output: String) throws {
        var arguments = ["qpdf", input]
        if let password { arguments.append("--password=\(password)") }
        arguments += ["--underlay", layer, "--to=\(pages.map(String.init).joined(separator: ","))",
                      "--from=1-\(pages.count)", "--", output]
        let copies = arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) } + [nil]
        let initialized = pointers.withUnsafeMutableBufferPointer { qpdfjob_initialize_from_argv(job, $0.baseAddress!) }
        guard initialized == 0 else { throw SearchableCopyError.qpdf(messages.summary ?? "bad job") }
        let status = qpdfjob_run(job)
        // 3: written, with warnings about the input.
        guard status == 0 || status == 3 else { throw SearchableCopyError.qpdf(messages.summary ?? "exit \(status)") }
    }

    private final class Messages {
        var text = ""

        static let write: qpdf_log_fn_t = { data, length, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue()
            sink.text += String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
            return 0
        }

        /// qpdf's last error line, without its "qpdf: " prefix.
        var summary: String? {
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard var line = lines.last else { return nil }
            if line.hasPrefix("qpdf: ") { line.removeFirst(6) }
            return line
        }
    }
}
