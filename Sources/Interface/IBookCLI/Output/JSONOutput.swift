import FileNames
import FoundationEssentials
import Glibc

/// JSON as scripts want it: stable key order, ISO 8601 dates, one line.
package enum JSONOutput {
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        guard FileName.hasRawBytes(json) else { return json }
        return try displayingFileNames(json)
    }

    /// A file name that is not UTF-8 is given in the lossless escaped form
    /// people see ("caf\351.pdf"), not as the private-use characters that
    /// carry its bytes inside ibook: each string of the JSON that carries
    /// such bytes is written again, and the rest is left as it was.
    private static func displayingFileNames(_ json: String) throws -> String {
        let bytes = Array(json.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            let literal = bytes[index...min(end, bytes.count - 1)]
            index = end + 1
            let text = try JSONDecoder().decode(String.self, from: Data(literal))
            if FileName.hasRawBytes(text) {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.withoutEscapingSlashes]
                result.append(contentsOf: try encoder.encode(FileName.displayed(text)))
            } else {
                result.append(contentsOf: literal)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
