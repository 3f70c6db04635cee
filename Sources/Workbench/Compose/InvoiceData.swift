import Foundation

/// The values of one document, read from JSON: scalar fields for the
/// placeholders, line items, and the money settings.
///
/// Keys become placeholder names the obvious way: `invoice_number`,
/// `invoiceNumber` and `invoice-number` all fill `#INVOICE_NUMBER#`.
public struct InvoiceData {
    /// Placeholder name to raw (unescaped) text.
    public var fields: [String: String] = [:]
    /// Placeholder name to the key the data spelled it with, for warnings.
    public var keys: [String: String] = [:]
    public var items: [LineItem] = []
    public var currency: String?
    public var locale: String?
    public var total: Decimal?
    /// Where the data came from, for messages and for resolving relative image paths.
    public var path: String

    /// Keys with a meaning of their own rather than a placeholder.
    static let reservedKeys: Set<String> = ["CURRENCY", "LOCALE", "ITEMS", "TOTAL", "TOTAL_AMOUNT"]

    public init(path: String, fields: [String: String] = [:], items: [LineItem] = [],
                currency: String? = nil, locale: String? = nil, total: Decimal? = nil) {
        self.path = path
        self.fields = fields
        self.items = items
        self.currency = currency
        self.locale = locale
        self.total = total
        for name in fields.keys { keys[name] = name }
    }

    public static func load(path: String) throws -> InvoiceData {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ComposeError.dataNotFound(path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ComposeError.invalidData(path, "cannot read the data file")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws -> InvoiceData {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ComposeError.invalidJSON(path, jsonErrorLocation(error, in: data))
        }
        guard let dictionary = object as? [String: Any] else {
            throw ComposeError.invalidJSON(path, "the top level must be an object {...}")
        }
        var result = InvoiceData(path: path)
        for key in dictionary.keys.sorted() {
            let value = dictionary[key]!
            let name = placeholderName(for: key)
            switch name {
            case "ITEMS":
                guard let array = value as? [Any] else { throw ComposeError.invalidData(path, "\"\(key)\" must be an array of items") }
                result.items = try array.enumerated().map { try LineItem(json: $0.element, index: $0.offset, path: path) }
            case "CURRENCY":
                guard let code = value as? String else { throw ComposeError.invalidData(path, "\"\(key)\" must be a currency code such as \"EUR\"") }
                result.currency = code
            case "LOCALE":
                guard let identifier = value as? String else { throw ComposeError.invalidData(path, "\"\(key)\" must be a locale such as \"en_GB\"") }
                result.locale = identifier
            case "TOTAL", "TOTAL_AMOUNT":
                if value is NSNull { continue }
                guard let amount = amount(value) else { throw ComposeError.invalidData(path, "\"\(key)\" must be an amount") }
                result.total = amount
            default:
                guard let text = try text(value, key: key, path: path) else { continue }
                result.fields[name] = text
                result.keys[name] = key
            }
        }
        return result
    }

    /// `invoiceNumber`, `invoice-number`, `Invoice Number` -> `INVOICE_NUMBER`.
    public static func placeholderName(for key: String) -> String {
        var name = ""
        var previous: Character?
        for character in key {
            if character.isLetter || character.isNumber {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name += "_" }
                name += character.uppercased()
            } else if !name.hasSuffix("_"), !name.isEmpty {
                name += "_"
            }
            previous = character
        }
        while name.hasSuffix("_") { name.removeLast() }
        return name
    }

    /// Text for a placeholder; a list of strings becomes lines (an address).
    static func text(_ value: Any, key: String, path: String) throws -> String? {
        if isBoolean(value), let flag = value as? Bool { return flag ? "yes" : "no" }
        switch value {
        case is NSNull: return nil
        case let string as String: return string
        case let number as NSNumber: return amount(number).map { "\($0)" } ?? number.stringValue
        case let lines as [Any]:
            let strings = lines.compactMap { $0 as? String }
            guard strings.count == lines.count else {
                throw ComposeError.invalidData(path, "\"\(key)\" must be text, a number or a list of lines")
            }
            return strings.joined(separator: "\n")
        default:
            throw ComposeError.invalidData(path, "\"\(key)\" must be text, a number or a list of lines")
        }
    }

    /// An amount from a JSON number or a numeric string. Numbers go through their shortest
    /// decimal spelling so 0.1 stays 0.1 rather than the binary double's expansion.
    static func amount(_ value: Any) -> Decimal? {
        if let string = value as? String {
            let trimmed = string.trimmingCharacters(in: .whitespaces)
            guard trimmed.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else { return nil }
            return Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        }
        guard let number = value as? NSNumber, !isBoolean(value) else { return nil }
        let type = String(cString: number.objCType)
        if type == "d" || type == "f" {
            let double = number.doubleValue
            guard double.isFinite else { return nil }
            return Decimal(string: "\(double)", locale: Locale(identifier: "en_US_POSIX"))
        }
        return Decimal(number.int64Value)
    }

    static func isBoolean(_ value: Any) -> Bool {
        "\(type(of: value))".contains("Boolean") || type(of: value) == Bool.self
    }

    /// Foundation reports a byte offset; people look for a line and column.
    static func jsonErrorLocation(_ error: Error, in data: Data) -> String {
        let debug = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "not valid JSON"
        guard let match = debug.range(of: #"character [0-9]+"#, options: .regularExpression),
              let offset = Int(debug[match].dropFirst("character ".count))
        else {
            if data.isEmpty { return "the file is empty" }
            return debug.hasSuffix(".") ? String(debug.dropLast()) : debug
        }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        let what = debug.components(separatedBy: " around").first ?? "invalid value"
        return "\(what.lowercased()) at line \(line), column \(column)"
    }
}
