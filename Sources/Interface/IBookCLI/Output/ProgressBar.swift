import TextCells
import FoundationEssentials
import Glibc
import LeanBasics

/// A one-line progress bar on stderr, drawn only on a terminal and at most
/// ten times a second.
package final class ProgressBar {
    private let terminal: Terminal
    private var lastDraw = Date.distantPast
    private var visible = false

    package init?(terminal: Terminal) {
        guard terminal.isTTY else { return nil }
        self.terminal = terminal
    }

    package func update(done: Int, total: Int, pages: Int, name: String) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        let barWidth = 24
        let filled = total > 0 ? barWidth * done / total : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let pageText = pages > 0 ? ", \(pages) pages" : ""
        var line = "\(bar) \(done)/\(total) files\(pageText)  \(name)"
        line = TextWidth.truncate(line, to: max(20, terminal.width - 1))
        terminal.write("\r\u{1B}[2K" + line)
        visible = true
    }

    /// OCR's own bar: it is far slower than extraction, so it counts pages and their rate.
    package func updateOCR(done: Int, total: Int, pagesPerSecond: Double, name: String) {
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        let barWidth = 24
        let filled = total > 0 ? barWidth * done / total : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let rate = done > 0 ? CFormat.string(", %.2f pages/s", pagesPerSecond) : ""
        let line = TextWidth.truncate("\(bar) OCR \(done)/\(total) pages\(rate)  \(name)", to: max(20, terminal.width - 1))
        terminal.write("\r\u{1B}[2K" + line)
        visible = true
    }

    /// While another run reads the OCR queue: how many pages it has left.
    package func updateWaiting(pagesLeft: Int) {
        let line = TextWidth.truncate("OCR: waiting for the run reading the queue, \(pagesLeft) page\(pagesLeft == 1 ? "" : "s") left",
                                      to: max(20, terminal.width - 1))
        terminal.write("\r\u{1B}[2K" + line)
        visible = true
    }

    /// Removes the bar so that a message can take its line.
    package func clear() {
        guard visible else { return }
        terminal.write("\r\u{1B}[2K")
        visible = false
    }
}
