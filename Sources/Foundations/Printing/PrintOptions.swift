import CCups

/// How a two-sided job turns its pages.
public enum Duplex: String, Codable, CaseIterable, Sendable {
    case long, short, off

    /// The IPP `sides` value.
    public var sides: String {
        switch self {
        case .long: return "two-sided-long-edge"
        case .short: return "two-sided-short-edge"
        case .off: return "one-sided"
        }
    }
}

/// One CUPS job option, name and value as lp -o takes them.
public struct PrintOption: Codable, Equatable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The job options ibook knows, turned into CUPS options.
public struct PrintOptions: Codable, Equatable, Sendable {
    public static let numberUpChoices = [1, 2, 4, 6, 9, 16]
    public static let copiesRange = 1...999

    public var copies = 1
    /// 1-based physical pages in CUPS syntax ("1-3,7"); nil is every page.
    public var pageRanges: String?
    public var duplex: Duplex?
    public var numberUp: Int?
    /// A media name: "A4", "Letter", "iso_a5_148x210mm"…
    public var media: String?
    public var fitToPage = false
    public var landscape = false
    /// `job-hold-until` ("indefinite" keeps the job until it is released).
    public var holdUntil: String?

    public init() {}

    /// The options in the order they are sent.
    public var cupsOptions: [PrintOption] {
        var options: [PrintOption] = []
        func add(_ name: String, _ value: String) { options.append(PrintOption(name: name, value: value)) }
        if copies != 1 { add("copies", String(copies)) }
        if let pageRanges { add("page-ranges", pageRanges) }
        if let duplex { add("sides", duplex.sides) }
        if let numberUp, numberUp != 1 { add("number-up", String(numberUp)) }
        if let media { add("media", media) }
        if fitToPage { add("fit-to-page", "true") }
        if landscape { add("orientation-requested", "4") }
        if let holdUntil { add("job-hold-until", holdUntil) }
        return options
    }

    /// "1-5,7,9-12" from ascending page numbers.
    public static func ranges(_ pages: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = Array(Set(pages)).sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

/// A `cups_option_t` array built with cupsAddOption; freed with it.
final class CupsOptionList {
    private(set) var count: Int32 = 0
    private(set) var options: UnsafeMutablePointer<cups_option_t>?

    init(_ list: [PrintOption]) {
        for option in list { count = cupsAddOption(option.name, option.value, count, &options) }
    }

    deinit { cupsFreeOptions(count, options) }
}
