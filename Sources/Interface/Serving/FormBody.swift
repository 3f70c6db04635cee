import Foundation

/// A form's fields as a browser posts them (`application/x-www-form-urlencoded`).
struct FormBody {
    private(set) var fields: [String: String] = [:]

    init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decoded(parts[1]) : ""
            // The first of a repeated field counts; a value that is no UTF-8 is left out.
            if fields[name] == nil, let value { fields[name] = value }
        }
    }

    subscript(_ name: String) -> String? { fields[name] }

    private static func decoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
