/// The attributes of one group of an IPP response, as Swift values.
struct IPPGroup {
    var numbers: [String: [Int]] = [:]
    var strings: [String: [String]] = [:]

    func number(_ name: String) -> Int? { numbers[name]?.first }
    func string(_ name: String) -> String? { strings[name]?.first }
}
