/// Values written into the links and ids of a feed: percent-encoded as a query's value (an
/// Atom id is an IRI, which holds no space).
enum URLQuery {
    static func encoded(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            let unreserved = (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xf)])
            }
        }
        return result
    }
}
