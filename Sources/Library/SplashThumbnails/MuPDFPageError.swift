/// Why MuPDF (libibook-reflow.so) drew no picture of a PDF's page. Each case but `tooLarge`
/// sends the page to Splash, which words a locked or damaged file as every PDF command does.
public enum MuPDFPageError: Error, Equatable, Sendable {
    /// libibook-reflow.so is missing, cannot be loaded, or has no reflow_render_pdf_page (an older build).
    case engineMissing(String)
    /// MuPDF cannot open the file as a PDF; what it said.
    case cannotOpen(String)
    case passwordRequired
    case wrongPassword
    /// The file opened, but its page tree has no such page.
    case noPage(String)
    /// The page was found but not drawn.
    case renderFailed(String)
    /// Drawing it needed more memory than a page may take: a hostile or absurd file.
    case tooLarge(String)

    /// Whether Splash should try the page instead: everything but a file that asked for too much memory,
    /// which Splash, having no cap, would be killed by rather than refuse.
    public var isWorthAnotherEngine: Bool {
        if case .tooLarge = self { return false }
        return true
    }
}
