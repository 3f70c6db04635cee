import CCups
import Foundation

/// One CUPS destination (a printer or class, possibly an lpoptions
/// instance). Owns a copy of its `cups_dest_t`, so it outlives the list it
/// was found in.
public final class CupsDestination {
    private var array: UnsafeMutablePointer<cups_dest_t>?
    private let count: Int32
    public let info: PrinterInfo

    /// The queue name without the instance: what jobs are sent to.
    public var queue: String { String(cString: array!.pointee.name) }
    public var name: String { info.name }

    fileprivate init(copying source: UnsafeMutablePointer<cups_dest_t>, on connection: CupsConnection) {
        var copy: UnsafeMutablePointer<cups_dest_t>?
        count = cupsCopyDest(source, 0, &copy)
        array = copy
        info = connection.refreshed(Self.describe(source))
    }

    deinit { cupsFreeDests(count, array) }

    /// The destinations CUPS knows, lpoptions instances and default included.
    public static func all(on connection: CupsConnection) throws -> [PrinterInfo] {
        try withDestinations(connection) { dests, count in
            guard let dests else { return [] }
            let queued = (try? CupsJobList(activeOn: connection))?.countByPrinter ?? [:]
            return (0..<Int(count)).map { index in
                var info = connection.refreshed(describe(dests + index))
                info.queuedJobs = queued[String(cString: dests[index].name)] ?? 0
                return info
            }
        }
    }

    /// The destination to print to: `name` if given (from --printer), else
    /// `$LPDEST`, else `$PRINTER` (the order lp follows), else the CUPS
    /// default, which `cupsGetDests2` takes from lpoptions and the scheduler.
    public static func choose(_ name: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                              on connection: CupsConnection) throws -> CupsDestination {
        var wanted: (name: String, source: PrinterNameSource)?
        if let name, !name.isEmpty {
            wanted = (name, .caller)
        } else if let lpdest = environment["LPDEST"], !lpdest.isEmpty {
            wanted = (lpdest, .environment("LPDEST"))
        } else if let printer = environment["PRINTER"], !printer.isEmpty {
            wanted = (printer, .environment("PRINTER"))
        }
        return try withDestinations(connection) { dests, count in
            if let wanted {
                let parts = wanted.name.split(separator: "/", maxSplits: 1).map(String.init)
                guard let found = cupsGetDest(parts[0], parts.count > 1 ? parts[1] : nil, count, dests) else {
                    throw PrintingError.unknownPrinter(wanted.name, source: wanted.source)
                }
                return CupsDestination(copying: found, on: connection)
            }
            guard let found = cupsGetDest(nil, nil, count, dests) else { throw PrintingError.noPrinter }
            return CupsDestination(copying: found, on: connection)
        }
    }

    /// The options lpoptions set for this destination (an instance's
    /// duplex, say), which lp also adds to every job; the printer's own
    /// state attributes are left out.
    var savedJobOptions: [PrintOption] {
        guard let dest = array?.pointee else { return [] }
        let skipped = ["printer-", "marker-", "media-supported", "device-uri", "auth-info-required", "job-sheets-default"]
        return (0..<Int(dest.num_options)).compactMap { index in
            let option = dest.options[index]
            let name = String(cString: option.name)
            guard !skipped.contains(where: { name.hasPrefix($0) }) else { return nil }
            return PrintOption(name: name, value: String(cString: option.value))
        }
    }

    private static func withDestinations<T>(_ connection: CupsConnection,
                                            _ body: (UnsafeMutablePointer<cups_dest_t>?, Int32) throws -> T) throws -> T {
        let list = try CupsDestinationList(connection)
        return try withExtendedLifetime(list) { try body(list.dests, list.count) }
    }

    private static func describe(_ dest: UnsafeMutablePointer<cups_dest_t>) -> PrinterInfo {
        let value = dest.pointee
        func option(_ key: String) -> String? {
            guard let text = cupsGetOption(key, value.num_options, value.options) else { return nil }
            let string = String(cString: text)
            return string.isEmpty ? nil : string
        }
        var name = String(cString: value.name)
        if let instance = value.instance { name += "/" + String(cString: instance) }
        let reasons = (option("printer-state-reasons") ?? "none").split(separator: ",").map(String.init)
            .filter { $0 != "none" }
        return PrinterInfo(
            name: name, isDefault: value.is_default != 0, state: PrinterState(ippValue: option("printer-state")),
            acceptingJobs: option("printer-is-accepting-jobs").map { $0 == "true" || $0 == "1" } ?? true,
            stateReasons: reasons, stateMessage: option("printer-state-message"), info: option("printer-info"),
            location: option("printer-location"), makeAndModel: option("printer-make-and-model"),
            deviceURI: option("device-uri"))
    }
}

extension CupsConnection {
    /// The printer's state now, with the operator's message (cupsdisable -r),
    /// which the destination list does not carry. Left as it was if the
    /// scheduler does not answer for it.
    func refreshed(_ info: PrinterInfo) -> PrinterInfo {
        let queue = String(info.name.split(separator: "/", maxSplits: 1)[0])
        guard let status = try? printerStatus(queue) else { return info }
        var updated = info
        updated.state = status.state
        updated.acceptingJobs = status.acceptingJobs
        updated.stateMessage = status.stateMessage
        updated.stateReasons = status.stateReasons
        return updated
    }
}
