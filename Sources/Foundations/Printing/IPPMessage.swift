import CCups
import Foundation

/// An IPP request being built. Owns its `ipp_t` until `send` hands it to
/// cupsDoRequest (which frees it); deleted in deinit if never sent.
final class IPPRequest {
    private var handle: OpaquePointer?

    init(_ operation: ipp_op_t) throws {
        guard let handle = ippNewRequest(operation) else {
            throw PrintingError.cups("building an IPP request", message: "out of memory")
        }
        self.handle = handle
        add(IPP_TAG_NAME, "requesting-user-name", String(cString: cupsUser()))
    }

    deinit { if let handle { ippDelete(handle) } }

    func add(_ tag: ipp_tag_t, _ name: String, _ value: String, group: ipp_tag_t = IPP_TAG_OPERATION) {
        ippAddString(handle, group, tag, name, nil, value)
    }

    func addInteger(_ name: String, _ value: Int, group: ipp_tag_t = IPP_TAG_OPERATION) {
        ippAddInteger(handle, group, IPP_TAG_INTEGER, name, Int32(clamping: value))
    }

    func addKeywords(_ name: String, _ values: [String], group: ipp_tag_t = IPP_TAG_OPERATION) {
        let copies = values.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) }
        ippAddStrings(handle, group, IPP_TAG_KEYWORD, name, Int32(values.count), nil, &pointers)
    }

    /// `printer-uri` of a queue on the scheduler the request goes to (its
    /// host part is not read by CUPS, so "localhost" does for a remote one).
    func addPrinterURI(_ queue: String) {
        var uri = [CChar](repeating: 0, count: 1024)
        httpAssembleURI(HTTP_URI_CODING_ALL, &uri, Int32(uri.count), "ipp", nil, "localhost", 0, "/printers/" + queue)
        add(IPP_TAG_URI, "printer-uri", uri.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// Sends the request to "/" and returns the response when the status is
    /// successful-ok; nil otherwise, with cupsLastError saying why.
    func send(on connection: CupsConnection) -> IPPResponse? {
        guard let request = handle else { return nil }
        handle = nil
        let response = cupsDoRequest(connection.http, request, "/").map(IPPResponse.init)
        return CupsConnection.lastRequestSucceeded ? response : nil
    }
}

/// A response from the scheduler; owns its `ipp_t`.
final class IPPResponse {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { ippDelete(handle) }

    func integer(_ name: String, _ tag: ipp_tag_t) -> Int32? {
        ippFindAttribute(handle, name, tag).map { ippGetInteger($0, 0) }
    }

    func boolean(_ name: String) -> Bool? {
        ippFindAttribute(handle, name, IPP_TAG_BOOLEAN).map { ippGetBoolean($0, 0) != 0 }
    }

    func strings(_ name: String, _ tag: ipp_tag_t) -> [String]? {
        guard let attribute = ippFindAttribute(handle, name, tag) else { return nil }
        return (0..<ippGetCount(attribute)).compactMap { ippGetString(attribute, $0, nil).map { String(cString: $0) } }
    }

    /// The attributes of each group tagged `tag` (the event notifications of
    /// Get-Notifications, say), in order: numbers (integer, enum, boolean)
    /// and strings (text, name, keyword, uri…) as they are, unquoted.
    func groups(_ tag: ipp_tag_t) -> [IPPGroup] {
        var groups: [IPPGroup] = []
        var current: IPPGroup?
        var attribute = ippFirstAttribute(handle)
        while let each = attribute {
            defer { attribute = ippNextAttribute(handle) }
            // A nameless attribute separates two groups of the same tag.
            guard ippGetGroupTag(each) == tag, let name = ippGetName(each).map({ String(cString: $0) }) else {
                if let finished = current { groups.append(finished) }
                current = nil
                continue
            }
            var group = current ?? IPPGroup()
            let count = ippGetCount(each)
            switch ippGetValueTag(each) {
            case IPP_TAG_INTEGER, IPP_TAG_ENUM:
                group.numbers[name] = (0..<count).map { Int(ippGetInteger(each, $0)) }
            case IPP_TAG_BOOLEAN:
                group.numbers[name] = (0..<count).map { Int(ippGetBoolean(each, $0)) }
            default:
                group.strings[name] = (0..<count).compactMap { ippGetString(each, $0, nil).map { String(cString: $0) } }
            }
            current = group
        }
        if let finished = current { groups.append(finished) }
        return groups
    }

    /// Every attribute as text, as ipptool would show it.
    var allAttributes: [String: String] {
        var attributes: [String: String] = [:]
        var buffer = [CChar](repeating: 0, count: 8192)
        var attribute = ippFirstAttribute(handle)
        while let current = attribute {
            if let name = ippGetName(current) {
                ippAttributeString(current, &buffer, buffer.count)
                attributes[String(cString: name)] = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
            attribute = ippNextAttribute(handle)
        }
        return attributes
    }
}

/// The destinations of one cupsGetDests2 call; freed with cupsFreeDests.
final class CupsDestinationList {
    private(set) var count: Int32 = 0
    private(set) var dests: UnsafeMutablePointer<cups_dest_t>?

    init(_ connection: CupsConnection) throws {
        count = cupsGetDests2(connection.http, &dests)
        if count == 0, !CupsConnection.lastRequestSucceeded, cupsLastError() != IPP_STATUS_ERROR_NOT_FOUND {
            throw connection.failure("asking CUPS for its printers")
        }
    }

    deinit { cupsFreeDests(count, dests) }
}

/// The jobs of one cupsGetJobs2 call; freed with cupsFreeJobs.
final class CupsJobList {
    private(set) var count: Int32 = 0
    private(set) var jobs: UnsafeMutablePointer<cups_job_t>?

    /// Active (pending, held, processing) jobs of every user on every printer.
    init(activeOn connection: CupsConnection) throws {
        count = cupsGetJobs2(connection.http, &jobs, nil, 0, CUPS_WHICHJOBS_ACTIVE)
        if count < 0 { count = 0; throw connection.failure("asking CUPS for its jobs") }
    }

    deinit { cupsFreeJobs(count, jobs) }

    /// How many jobs wait on each queue.
    var countByPrinter: [String: Int] {
        guard let jobs else { return [:] }
        var counts: [String: Int] = [:]
        for index in 0..<Int(count) {
            if let dest = jobs[index].dest { counts[String(cString: dest), default: 0] += 1 }
        }
        return counts
    }
}
