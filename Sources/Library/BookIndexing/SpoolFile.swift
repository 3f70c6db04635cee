import BookLibrary
import Foundation

/// Writes and reads extraction records, each framed by its length: a page
/// (nearly all of them) as its fields' bytes, the others as JSON. Page text
/// goes through as it is: no escaping on one side and parsing on the other,
/// which cost a tenth of an add. Worker and parent are the same binary, so
/// the layout is private to it.
///
/// A record: its payload's length (UInt32, little-endian), a kind byte,
/// the payload. A page's payload: page number (UInt32), label, text and
/// annotations (JSON), each as a length (UInt32; `absent` for nil) and bytes.
enum SpoolFormat {
    static let page: UInt8 = 0x50
    static let json: UInt8 = 0x4A
    static let absent = UInt32.max
}

final class SpoolWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let encoder = JSONEncoder()
    private var buffer: [UInt8] = []

    init(path: String) throws {
        guard let file = fopen(path, "w") else {
            throw LibraryError.invalidArgument("cannot write spool file \(path): \(String(cString: strerror(errno)))")
        }
        self.file = file
        encoder.dateEncodingStrategy = .secondsSince1970
    }

    deinit { fclose(file) }

    func write(_ record: ExtractionRecord) throws {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: [0, 0, 0, 0])
        if case .page(let page) = record {
            buffer.append(SpoolFormat.page)
            append(UInt32(clamping: page.page))
            append(page.label.map { Array($0.utf8) })
            append(Array(page.text.utf8))
            append(try page.annotations.map { [UInt8](try encoder.encode($0)) })
        } else {
            buffer.append(SpoolFormat.json)
            buffer.append(contentsOf: try encoder.encode(record))
        }
        withUnsafeBytes(of: UInt32(buffer.count - 5).littleEndian) { buffer.replaceSubrange(0..<4, with: $0) }
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == buffer.count else { throw LibraryError.invalidArgument("spool write failed") }
    }

    func flush() { fflush(file) }

    private func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private func append(_ bytes: [UInt8]?) {
        guard let bytes else { return append(SpoolFormat.absent) }
        append(UInt32(bytes.count))
        buffer.append(contentsOf: bytes)
    }
}

final class SpoolReader {
    private let file: UnsafeMutablePointer<FILE>
    private let decoder = JSONDecoder()
    private var payload: [UInt8] = []

    init?(path: String) {
        guard let file = fopen(path, "r") else { return nil }
        self.file = file
        decoder.dateDecodingStrategy = .secondsSince1970
    }

    deinit { fclose(file) }

    /// The next record, nil at the end; a torn last record (the worker died
    /// mid-write) also reads as the end.
    func next() -> ExtractionRecord? {
        var header = [UInt8](repeating: 0, count: 5)
        guard fread(&header, 1, 5, file) == 5 else { return nil }
        let length = Int(header[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        payload = [UInt8](repeating: 0, count: length)
        guard fread(&payload, 1, length, file) == length else { return nil }
        switch header[4] {
        case SpoolFormat.page: return pageRecord()
        case SpoolFormat.json: return try? decoder.decode(ExtractionRecord.self, from: Data(payload))
        default: return nil
        }
    }

    private func pageRecord() -> ExtractionRecord? {
        var position = 0
        func number() -> UInt32? {
            guard position + 4 <= payload.count else { return nil }
            defer { position += 4 }
            return payload[position..<position + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        /// .some(nil) for a field written as absent; nil when the payload is short.
        func bytes() -> ArraySlice<UInt8>?? {
            guard let count = number() else { return nil }
            if count == SpoolFormat.absent { return .some(nil) }
            guard position + Int(count) <= payload.count else { return nil }
            defer { position += Int(count) }
            return payload[position..<position + Int(count)]
        }
        guard let page = number(), let label = bytes(), let text = bytes(), let annotations = bytes() else { return nil }
        var decoded: [NewAnnotation]?
        if let annotations {
            guard let list = try? decoder.decode([NewAnnotation].self, from: Data(annotations)) else { return nil }
            decoded = list
        }
        return .page(PageRecord(page: Int(page), label: label.map { String(decoding: $0, as: UTF8.self) },
                                text: text.map { String(decoding: $0, as: UTF8.self) } ?? "", annotations: decoded))
    }
}
