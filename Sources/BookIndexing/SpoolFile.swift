import BookLibrary
import Foundation

/// Writes and reads extraction records as JSON lines.
final class SpoolWriter {
    private let file: UnsafeMutablePointer<FILE>
    private let encoder = JSONEncoder()

    init(path: String) throws {
        guard let file = fopen(path, "w") else {
            throw LibraryError.invalidArgument("cannot write spool file \(path): \(String(cString: strerror(errno)))")
        }
        self.file = file
        encoder.dateEncodingStrategy = .secondsSince1970
    }

    deinit { fclose(file) }

    func write(_ record: ExtractionRecord) throws {
        var data = try encoder.encode(record)
        data.append(0x0A)
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == data.count else { throw LibraryError.invalidArgument("spool write failed") }
    }

    func flush() { fflush(file) }
}

final class SpoolReader {
    private let file: UnsafeMutablePointer<FILE>
    private let decoder = JSONDecoder()
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    init?(path: String) {
        guard let file = fopen(path, "r") else { return nil }
        self.file = file
        decoder.dateDecodingStrategy = .secondsSince1970
    }

    deinit {
        free(buffer)
        fclose(file)
    }

    /// The next record, nil at the end; a torn last line (the worker died
    /// mid-write) also reads as the end.
    func next() -> ExtractionRecord? {
        let length = getline(&buffer, &capacity, file)
        guard length > 0, let buffer else { return nil }
        let data = Data(bytesNoCopy: buffer, count: length, deallocator: .none)
        return try? decoder.decode(ExtractionRecord.self, from: data)
    }
}
