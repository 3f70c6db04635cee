import Dispatch
import FileOutput
import Foundation

/// Prints HTML to PDF with WeasyPrint, run as a subprocess of the Python it was
/// installed for. WeasyPrint's own command line cannot refuse network URLs, so
/// we drive its Python API with a URL fetcher that only serves `file:` and
/// `data:` URLs unless the network is allowed: a template or its data then
/// cannot make a request that tells anyone the document is being printed.
public struct WeasyPrinter {
    public var allowNetwork = false
    public var timeout: TimeInterval = 180
    /// Where to look for the `weasyprint` program; defaults to `$PATH`.
    public var searchPath: String? = ProcessInfo.processInfo.environment["PATH"]

    public init(allowNetwork: Bool = false) {
        self.allowNetwork = allowNetwork
    }

    /// What the run refused to fetch, for a warning.
    public struct Report {
        public var refusedURLs: [String] = []
    }

    static let script = #"""
import sys
try:
    from weasyprint import HTML, default_url_fetcher
except Exception as error:
    sys.stderr.write("IBOOK-MISSING %s\n" % error)
    sys.exit(3)
source, base_url, output, allow = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
def fetch(url, *args, **kwargs):
    scheme = url.split(":", 1)[0].lower()
    if scheme in ("file", "data") or allow:
        return default_url_fetcher(url, *args, **kwargs)
    sys.stderr.write("IBOOK-REFUSED %s\n" % url)
    raise ValueError("network access is off")
try:
    HTML(filename=source, base_url=base_url, url_fetcher=fetch).write_pdf(output)
except Exception as error:
    sys.stderr.write("IBOOK-ERROR %s: %s\n" % (type(error).__name__, str(error).replace("\n", " ")))
    sys.exit(2)
"""#

    /// The interpreter named on the `weasyprint` program's first line: the one its
    /// package was installed for, not whichever `python3` comes first on `$PATH`.
    public func interpreter() throws -> [String] {
        let directories = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let program = directories.map({ ($0 as NSString).appendingPathComponent("weasyprint") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }),
            let handle = FileHandle(forReadingAtPath: program)
        else { throw ComposeError.weasyPrintMissing }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 256), as: UTF8.self)
        guard head.hasPrefix("#!"), let line = head.dropFirst(2).split(separator: "\n").first else {
            throw ComposeError.weasyPrintMissing
        }
        var words = line.split(separator: " ").map(String.init)
        if let first = words.first, first.hasSuffix("/env"), words.count > 1 {
            words.removeFirst()
            guard let found = directories.map({ ($0 as NSString).appendingPathComponent(words[0]) })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            else { throw ComposeError.weasyPrintMissing }
            words[0] = found
        }
        guard let first = words.first, FileManager.default.isExecutableFile(atPath: first) else {
            throw ComposeError.weasyPrintMissing
        }
        return words
    }

    /// Prints `html` to the PDF at `output`; relative URLs resolve against `baseDirectory`.
    /// `output` is written only by WeasyPrint; the caller moves it into place.
    @discardableResult
    public func print(html: String, baseDirectory: String, to output: String) throws -> Report {
        let command = try interpreter()
        let scratch = try ScratchFolder(purpose: "compose")
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { scratch.remove() }
        let source = URL(fileURLWithPath: scratch.file("document.html"))
        try Data(html.utf8).write(to: source)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + ["-c", Self.script, source.path,
                                                          URL(fileURLWithPath: baseDirectory, isDirectory: true).absoluteString,
                                                          output, allowNetwork ? "1" : "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw ComposeError.weasyPrintMissing }

        // A hung WeasyPrint is stopped; closing its end of the pipe ends the read below.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal {
            throw ComposeError.weasyPrintFailed("stopped after \(Int(timeout)) seconds or killed")
        }

        let lines = String(decoding: errorData, as: UTF8.self).split(separator: "\n").map(String.init)
        var report = Report()
        for line in lines where line.hasPrefix("IBOOK-REFUSED ") {
            let url = String(line.dropFirst("IBOOK-REFUSED ".count))
            if !report.refusedURLs.contains(url) { report.refusedURLs.append(url) }
        }
        switch process.terminationStatus {
        case 0:
            return report
        case 3:
            throw ComposeError.weasyPrintMissing
        default:
            let reason = lines.last(where: { $0.hasPrefix("IBOOK-ERROR ") }).map { String($0.dropFirst("IBOOK-ERROR ".count)) }
                ?? lines.last(where: { !$0.hasPrefix("IBOOK-REFUSED ") && !$0.isEmpty })
                ?? "exit status \(process.terminationStatus)"
            throw ComposeError.weasyPrintFailed(reason)
        }
    }
}
