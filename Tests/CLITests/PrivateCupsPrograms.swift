import Foundation
import TestSupport

/// Programs of a test's own in a private cupsd: a ServerBin folder whose
/// filter and backend folders hold links to CUPS's programs beside scripts
/// that fail or take their time, as a broken queue or a slow printer would.
/// Call `useOwnPrograms()` before `start()`.
extension PrivateCups {
    var serverBin: URL { root.appendingPathComponent("serverbin") }

    /// A backend for device URIs `fail://CODE`: says why on stderr, as a
    /// backend does, and exits with CODE (1 CUPS_BACKEND_FAILED, 4 CUPS_BACKEND_STOP…).
    static let failingBackend = """
        #!/bin/sh
        if [ $# -eq 0 ]; then echo 'direct fail "Unknown" "Failing test device"'; exit 0; fi
        echo "ERROR: the device is on fire" >&2
        exit "${DEVICE_URI#fail://}"

        """

    /// A backend for `slow://`: reads the job, says so, and takes a minute
    /// (exec: cupsd's SIGTERM on cancel or shutdown reaches the sleep).
    static let slowBackend = """
        #!/bin/sh
        if [ $# -eq 0 ]; then echo 'direct slow "Unknown" "Slow test device"'; exit 0; fi
        cat > /dev/null
        echo "INFO: printing slowly" >&2
        exec sleep 60

        """

    /// cups-filters' own pdftopdf, run as a queue whose temporary folder is
    /// not writable runs it: it fails ("Can't create temporary file").
    var unwritableTemporaryFolderFilter: String {
        """
        #!/bin/sh
        TMPDIR=\(root.appendingPathComponent("unwritable-tmp").path)
        export TMPDIR
        if [ -n "$6" ]; then exec /usr/lib/cups/filter/pdftopdf "$1" "$2" "$3" "$4" "$5" < "$6"; fi
        exec /usr/lib/cups/filter/pdftopdf "$@"

        """
    }

    func useOwnPrograms() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: serverBin, withIntermediateDirectories: true)
        // cups-exec (daemon) runs every filter and backend.
        for folder in ["daemon", "driver", "notifier", "monitor", "cgi-bin"] where manager.fileExists(atPath: "/usr/lib/cups/" + folder) {
            try manager.createSymbolicLink(atPath: serverBin.appendingPathComponent(folder).path,
                                           withDestinationPath: "/usr/lib/cups/" + folder)
        }
        for folder in ["filter", "backend"] {
            let mine = serverBin.appendingPathComponent(folder)
            try manager.createDirectory(at: mine, withIntermediateDirectories: true)
            for program in try manager.contentsOfDirectory(atPath: "/usr/lib/cups/" + folder) {
                try manager.createSymbolicLink(atPath: mine.appendingPathComponent(program).path,
                                               withDestinationPath: "/usr/lib/cups/\(folder)/\(program)")
            }
        }
        try install(Self.failingBackend, as: "backend/fail")
        try install(Self.slowBackend, as: "backend/slow")
        try install(unwritableTemporaryFolderFilter, as: "filter/ibook-test-pdftopdf")
        let unwritable = root.appendingPathComponent("unwritable-tmp")
        try manager.createDirectory(at: unwritable, withIntermediateDirectories: true)
        chmod(unwritable.path, 0o555)
        // The generic PDF driver with the failing pdftopdf as its filter.
        let driver = try String(contentsOfFile: Self.ppd, encoding: .utf8)
            .replacingOccurrences(of: "*cupsFilter: \"application/vnd.cups-pdf 0 -\"",
                                  with: "*cupsFilter2: \"application/pdf application/vnd.cups-pdf 0 ibook-test-pdftopdf\"")
        try driver.write(to: failingFilterPPD, atomically: true, encoding: .utf8)
        let files = root.appendingPathComponent("cups-files.conf")
        let configuration = try String(contentsOf: files, encoding: .utf8)
        try (configuration + "ServerBin \(serverBin.path)\n").write(to: files, atomically: true, encoding: .utf8)
    }

    var failingFilterPPD: URL { root.appendingPathComponent("failing-filter.ppd") }

    /// cupsd runs only programs owned by root (or its own user) that no one else may change.
    private func install(_ script: String, as name: String) throws {
        let path = serverBin.appendingPathComponent(name).path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// A queue printing through the failing pdftopdf into the output file.
    func addFailingFilterQueue(_ name: String) throws {
        try admin("lpadmin", "-p", name, "-E", "-v", "file://" + output, "-P", failingFilterPPD.path)
    }

    /// A queue whose device is one of the scripts: `fail://4`, `slow://`.
    func addQueue(_ name: String, device: String, _ options: String...) throws {
        try admin("lpadmin", ["-p", name, "-E", "-v", device, "-P", Self.ppd] + options.flatMap { ["-o", $0] })
    }
}
