import Glibc

/// Turns the bytes a terminal sends into keys: UTF-8 text, control
/// characters, and the CSI/SS3 sequences of arrows, paging and function keys
/// (xterm, VT220 and rxvt/linux-console variants), and SGR mouse reports.
public struct KeyDecoder {
    private var pending: [UInt8] = []

    public init() {}

    /// Decodes what arrived. An escape at the very end of a read is taken as
    /// the Escape key: terminals send a sequence in one write, so a lone
    /// ESC at the end of the input is a person pressing Escape.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                if index + 1 >= pending.count {
                    keys.append(.escape)
                    index += 1
                    continue
                }
                let (key, length) = Self.escapeSequence(pending, from: index)
                // A sequence cut by the end of the read: the rest comes with the next one.
                if length == 0 { break }
                if let key { keys.append(key) }
                index += length
                continue
            }
            if byte < 0x80 {
                keys.append(Self.ascii(byte))
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if index + length > pending.count { break }  // the rest of the character comes with the next read
            let scalarBytes = pending[index..<(index + length)]
            if let string = String(bytes: scalarBytes, encoding: .utf8), let character = string.first {
                keys.append(.character(character))
            }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    private static func ascii(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x00: return .control(" ")
        case 0x1C...0x1F: return .control(Character(Unicode.Scalar(byte + 0x40)))
        default: return .character(Character(Unicode.Scalar(byte)))
        }
    }

    /// Past this many bytes with no final byte, a CSI sequence is dropped rather than waited for.
    static let longestSequence = 64

    /// The key an escape sequence stands for and how many bytes it takes
    /// (0: the sequence is not complete yet).
    private static func escapeSequence(_ bytes: [UInt8], from start: Int) -> (Key?, Int) {
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O"), start + 2 < bytes.count {
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
                                      0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4)]
            return (keys[bytes[start + 2]], 3)
        }
        guard introducer == UInt8(ascii: "[") else {
            // ESC then a key in one read: Escape pressed just before the key (or
            // Alt+key, which the reader does not bind). Both keys count.
            return (.escape, 1)
        }
        var end = start + 2
        // Parameters and intermediates, then one final byte in 0x40...0x7E.
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
            // Wait for the rest, unless it is longer than any sequence a terminal sends (garbage).
            return bytes.count - start > Self.longestSequence ? (nil, bytes.count - start) : (nil, 0)
        }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        if parameters.hasPrefix("<") {
            // An SGR mouse report; a malformed one is dropped.
            return (MouseEvent(sgrParameters: String(parameters.dropFirst()), final: bytes[end]).map(Key.mouse), length)
        }
        let first = Int(parameters.split(separator: ";").first ?? "") ?? 0
        // Shift-space from the kitty keyboard protocol (CSI code;modifiers u)
        // and from xterm's modifyOtherKeys (CSI 27;modifiers;code ~).
        if (bytes[end] == UInt8(ascii: "u") && parameters == "32;2") || (bytes[end] == UInt8(ascii: "~") && parameters == "27;2;32") {
            return (.shiftSpace, length)
        }
        switch bytes[end] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "P"), UInt8(ascii: "Q"), UInt8(ascii: "R"), UInt8(ascii: "S"):
            // F1–F4 carry at most a modifier (`1;5P`); `12;40R` is a cursor report.
            guard first <= 1 else { return (nil, length) }
            return (.function(Int(bytes[end]) - Int(UInt8(ascii: "P")) + 1), length)
        case UInt8(ascii: "~"):
            let keys: [Int: Key] = [1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
                                    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4),
                                    15: .function(5), 17: .function(6), 18: .function(7), 19: .function(8),
                                    20: .function(9), 21: .function(10), 23: .function(11), 24: .function(12)]
            return (keys[first], length)
        case UInt8(ascii: "["):
            // Linux console function keys: ESC [ [ A … E.
            guard end + 1 < bytes.count else { return (nil, length) }
            let value = Int(bytes[end + 1]) - Int(UInt8(ascii: "A")) + 1
            return ((1...5).contains(value) ? .function(value) : nil, length + 1)
        default:
            return (nil, length)  // an answer to a query or a sequence the reader does not use
        }
    }
}

extension KeyDecoder {
    /// Reads what the terminal has sent and decodes it: nil when the
    /// terminal went away (end of file), empty when the read was interrupted.
    public mutating func read(from descriptor: Int32) -> [Key]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        if count == 0 { return nil }
        guard count > 0 else { return [] }
        return decode(Array(buffer[..<count]))
    }
}
