/// Where a search hit the library found on a reference page is in a view
/// layout: the view page, and which occurrence on it (0-based), as the
/// worker's `find` counts them when it draws the page.
public struct HitPlace: Codable, Equatable, Hashable, Sendable {
    public var page: Int
    public var occurrence: Int

    public init(page: Int, occurrence: Int) {
        self.page = page
        self.occurrence = occurrence
    }
}
