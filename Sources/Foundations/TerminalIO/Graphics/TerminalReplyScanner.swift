/// Separates a terminal's replies to the graphics queries from whatever else
/// arrived on its input meanwhile. Replies can come split over several reads,
/// so the whole input so far is scanned again after each read; it is a few
/// dozen bytes.
struct TerminalReplyScanner {
    private(set) var input: [UInt8] = []

    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        input.append(contentsOf: bytes)
    }

    /// The answers found so far. Unless `final`, a sequence cut off at the
    /// end is assumed to be still arriving; when `final`, it is handed back
    /// as other input.
    func answer(final: Bool) -> GraphicsQueryAnswer {
        var answer = GraphicsQueryAnswer()
        var index = 0
        while index < input.count {
            guard input[index] == Self.escape else {
                answer.otherInput.append(input[index])
                index += 1
                continue
            }
            switch scanSequence(at: index) {
            case .incomplete:
                if final { answer.otherInput.append(contentsOf: input[index...]) }
                return answer
            case .reply(let end, let apply):
                apply(&answer)
                index = end
            case .other(let end):
                answer.otherInput.append(contentsOf: input[index..<end])
                index = end
            }
        }
        return answer
    }

    private enum Scan {
        case incomplete
        case reply(end: Int, apply: (inout GraphicsQueryAnswer) -> Void)
        case other(end: Int)
    }

    private static let escape: UInt8 = 0x1B

    private func scanSequence(at start: Int) -> Scan {
        guard start + 1 < input.count else { return .incomplete }
        switch input[start + 1] {
        case UInt8(ascii: "_"): return scanApplicationCommand(at: start)
        case UInt8(ascii: "["): return scanControlSequence(at: start)
        default: return .other(end: start + 1)
        }
    }

    /// `ESC _ G i=31;OK ESC \`: kitty's answer to the graphics query.
    private func scanApplicationCommand(at start: Int) -> Scan {
        var index = start + 2
        while index < input.count {
            if input[index] == 0x07 { return applicationCommand(body: input[(start + 2)..<index], end: index + 1) }
            if input[index] == Self.escape {
                guard index + 1 < input.count else { return .incomplete }
                if input[index + 1] == UInt8(ascii: "\\") {
                    return applicationCommand(body: input[(start + 2)..<index], end: index + 2)
                }
            }
            index += 1
        }
        return .incomplete
    }

    private func applicationCommand(body: ArraySlice<UInt8>, end: Int) -> Scan {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("G") else { return .other(end: end) }
        let parts = text.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        let keys = parts.first.map { $0.split(separator: ",").map(String.init) } ?? []
        guard keys.contains("i=\(GraphicsDetector.kittyQueryID)") else { return .other(end: end) }
        let message = parts.count > 1 ? String(parts[1]) : ""
        return .reply(end: end) { $0.kitty = message == "OK" }
    }

    /// `CSI ? 62 ; 4 ; 22 c` (device attributes), `CSI ? 1 ; 0 ; 1024 S`
    /// (sixel colour registers) and `CSI 6 ; H ; W t` (cell size); any other control sequence is a key such as an arrow.
    private func scanControlSequence(at start: Int) -> Scan {
        var index = start + 2
        while index < input.count, (0x20...0x3F).contains(input[index]) { index += 1 }
        guard index < input.count else { return .incomplete }
        let finalByte = input[index], end = index + 1
        guard (0x40...0x7E).contains(finalByte) else { return .other(end: end) }
        let parameters = String(decoding: input[(start + 2)..<index], as: UTF8.self)
        if finalByte == UInt8(ascii: "c"), parameters.hasPrefix("?") {
            let attributes = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
            return .reply(end: end) { answer in
                answer.answeredDeviceAttributes = true
                answer.deviceAttributeReplies += 1
                // The first number is the terminal's class (62 = VT220, 64 = VT420…); the rest are features.
                // Through tmux one of two replies may list sixels: the outer terminal's.
                if attributes.dropFirst().contains(4) { answer.sixel = true }
            }
        }
        if finalByte == UInt8(ascii: "S"), parameters.hasPrefix("?1;0;") {
            // XTSMGRAPHICS: the number of sixel colour registers, read successfully (0).
            return .reply(end: end) { $0.sixel = true }
        }
        if finalByte == UInt8(ascii: "t") {
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            if numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2], width > 0, height > 0 {
                return .reply(end: end) { $0.cellSize = (width, height) }
            }
        }
        return .other(end: end)
    }
}
