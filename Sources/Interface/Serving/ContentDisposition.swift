/// `Content-Disposition: attachment` with the file's name in both forms: a plain ASCII
/// fallback and RFC 5987's `filename*=UTF-8''…`, percent-encoded.
public enum ContentDisposition {
    public static func attachment(filename: String) -> String {
        let fallback = String(filename.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7f && scalar != "\"" && scalar != "\\" && scalar != "%"
                ? Character(scalar) : "_"
        })
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(percentEncoded(filename))"
    }

    /// RFC 5987's attr-char stay as they are; every other byte of the UTF-8 becomes %XX.
    static func percentEncoded(_ text: String) -> String {
        let kept = Set("!#$&+-.^_`|~".utf8)
        var result = ""
        for byte in text.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte)
            if isAlphanumeric || kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF")
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xf)])
            }
        }
        return result
    }
}
