/// A percentage on one terminal line ("Watermarking… 42%"), drawn only on a
/// terminal and redrawn only when the number changes.
package final class PercentLine {
    private let terminal: Terminal
    private let title: String
    private var last = -1

    package init?(terminal: Terminal, title: String) {
        guard terminal.isTTY else { return nil }
        self.terminal = terminal
        self.title = title
    }

    package func show(_ percent: Int) {
        guard percent != last else { return }
        last = percent
        terminal.write("\r\u{1B}[2K\(title)… \(percent)%")
    }

    package func show(done: Int, of total: Int) {
        show(total > 0 ? 100 * done / total : 100)
    }

    /// Removes the line so that a message or the results can take its place.
    package func clear() {
        if last >= 0 { terminal.write("\r\u{1B}[2K") }
        last = -1
    }
}
