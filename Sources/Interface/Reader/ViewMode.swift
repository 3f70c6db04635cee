/// How pages are laid out on the screen, as zathura's modes: one page at a
/// time, pages stacked in a column scrolled through continuously, or two
/// pages side by side (the first page alone, as a book's cover is).
public enum ViewMode: String, Sendable, CaseIterable {
    case single, continuous, spread

    /// The word the status line shows for it; nothing for the usual one.
    var statusWord: String? {
        switch self {
        case .single: return nil
        case .continuous: return "continuous"
        case .spread: return "two-page"
        }
    }

    /// How a book's view is kept between sessions: the mode and the fit, as
    /// one short value ("continuous width").
    public static func stored(_ mode: ViewMode, fit: ReaderState.Fit) -> String {
        "\(mode.rawValue) \(fit.rawValue)"
    }

    /// The mode and fit of a kept value; nil for anything this version did not write.
    public static func parse(_ stored: String) -> (mode: ViewMode, fit: ReaderState.Fit)? {
        let words = stored.split(separator: " ")
        guard words.count == 2, let mode = ViewMode(rawValue: String(words[0])),
              let fit = ReaderState.Fit(rawValue: String(words[1])) else { return nil }
        return (mode, fit)
    }

    /// `c` and `d`: into `mode`, or out of it to one page at a time. The
    /// place on the page stays; a spread starts at its pages' tops.
    static func toggle(_ mode: ViewMode, _ state: inout ReaderState) -> [ReaderEffect] {
        state.mode = state.mode == mode ? .single : mode
        if state.mode == .spread {
            state.scrollY = 0
            state.textLine = 0
        }
        switch state.mode {
        case .single: state.message = "One page at a time"
        case .continuous: state.message = "Continuous: the pages scroll into each other (c again: one page)"
        case .spread: state.message = "Two pages side by side (d again: one page)"
        }
        return [.viewModeChanged, .redraw]
    }
}
