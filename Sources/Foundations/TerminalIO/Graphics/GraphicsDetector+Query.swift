import Foundation

extension GraphicsDetector {
    /// The image id of the kitty query; kitty echoes it in the reply.
    static let kittyQueryID = 31

    /// A one-pixel kitty graphics query (`a=q` checks support without
    /// storing an image), the cell size in pixels (`CSI 16 t`) and the
    /// device attributes (DA1). Every terminal answers DA1 and answers in
    /// order, so its reply marks the end of the replies to wait for.
    static let queryBytes: [UInt8] = kittyQuery + otherQueries

    static let kittyQuery: [UInt8] = Array("\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    static let otherQueries: [UInt8] = Array("\u{1B}[16t\u{1B}[c".utf8)
    static let deviceAttributesQuery: [UInt8] = Array("\u{1B}[c".utf8)

    /// How the kitty question goes out. tmux takes a bare APC (`ESC _ … ESC \`)
    /// as a new pane title, so inside tmux the question goes wrapped for
    /// passthrough, to the terminal around tmux, or not at all when tmux
    /// would not pass it on. tmux answers the other two itself, for itself:
    /// the terminal around it is asked its device attributes through
    /// passthrough too, which is how its sixels are learnt.
    public enum KittyProbe: Sendable {
        case plain, tmuxPassthrough, skipped

        /// The probe for this environment: `passthrough` is tmux's
        /// `allow-passthrough`, nil when unknown (and so not to be relied on).
        public static func forEnvironment(_ environment: [String: String], passthrough: () -> Bool?) -> KittyProbe {
            guard TmuxPassthrough.isInsideTmux(environment) else { return .plain }
            return passthrough() == true ? .tmuxPassthrough : .skipped
        }
    }

    static func queryBytes(kitty probe: KittyProbe) -> [UInt8] {
        switch probe {
        case .plain: return queryBytes
        case .tmuxPassthrough: return TmuxPassthrough.wrap(kittyQuery) + TmuxPassthrough.wrap(deviceAttributesQuery) + otherQueries
        case .skipped: return otherQueries
        }
    }

    /// Asks the terminal on `output` and reads its answers from `input`
    /// until the DA1 reply arrives or `timeout` passes. The caller has the
    /// terminal in raw mode, or the replies would be echoed and wait for a
    /// newline; this never changes modes.
    public static func query(input: Int32, output: Int32, timeout: TimeInterval = 0.2, kitty: KittyProbe = .plain) -> QueryAnswer {
        var scanner = TerminalReplyScanner()
        guard writeAll(queryBytes(kitty: kitty), to: output) else { return scanner.answer(final: true) }
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 512)
        // Through tmux, the first DA1 is tmux's own answer and comes at once;
        // the outer terminal's kitty answer and DA1 come later, in that
        // order. They are waited for (within the timeout) so that they are
        // read here and do not reach the program as keys ("G", "i"…).
        func done(_ answer: QueryAnswer) -> Bool {
            answer.deviceAttributeReplies >= (kitty == .tmuxPassthrough ? 2 : 1)
        }
        while !done(scanner.answer(final: false)) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, (remaining * 1000).rounded(.up))))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            scanner.append(buffer[0..<count])
        }
        return scanner.answer(final: true)
    }

    /// `query` on the terminal at `fileDescriptor` (input and output), in
    /// raw mode for just that long: the terminal's settings are restored on
    /// every way out. Nil when it is not a terminal.
    public static func queryTerminal(fileDescriptor: Int32, timeout: TimeInterval = 0.2, kitty: KittyProbe = .plain) -> QueryAnswer? {
        guard isatty(fileDescriptor) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(fileDescriptor, &saved) == 0 else { return nil }
        var raw = saved
        // Only what the replies need: no line buffering and no echo, so
        // they arrive at once and do not appear on the screen.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(fileDescriptor, TCSANOW, &saved) }
        return query(input: fileDescriptor, output: fileDescriptor, timeout: timeout, kitty: kitty)
    }

    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
