/// A link on a laid-out page: where it is, as fractions of the page, and where it leads.
public struct ReflowLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A 1-based page of the current layout, and the target's top as a fraction of that page when MuPDF knows it.
        case page(Int, top: Double?)
        /// An http, https or mailto address; other schemes (file:, javascript:) are never offered.
        case uri(String)
    }

    public var area: ReflowRectangle
    public var target: Target
    /// The words under the link.
    public var text: String

    public init(area: ReflowRectangle, target: Target, text: String = "") {
        self.area = area
        self.target = target
        self.text = text
    }

    /// Whether a reader may hand `uri` to a browser or mail program: a book must not make it open
    /// local files or run anything.
    static func isFollowable(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = uri[..<colon].lowercased()
        let rest = uri[uri.index(after: colon)...]
        guard !rest.isEmpty, !uri.contains(where: { $0.isNewline || $0 == "\u{0}" }) else { return false }
        return scheme == "http" || scheme == "https" || scheme == "mailto"
    }
}
