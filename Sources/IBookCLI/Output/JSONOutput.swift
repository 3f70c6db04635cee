import FileNames
import Foundation

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
    /// carry its bytes inside ibook.
    private static func displayingFileNames(_ json: String) throws -> String {
        func walk(_ value: Any) -> Any {
            switch value {
            case let text as String: return FileName.displayed(text)
            case let array as [Any]: return array.map(walk)
            case let object as [String: Any]: return object.mapValues(walk)
            default: return value
            }
        }
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        let data = try JSONSerialization.data(withJSONObject: walk(object), options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}
