import BookLibrary
import Drawing

/// Which pages of a book become thumbnails and how big, for a contact sheet
/// or a folder of page images (which use only the pages, size and password).
public struct ContactSheetOptions: Equatable, Sendable {
    /// Pages by number or label ("2-10,15", "iv-x"); nil for every page.
    public var pages: String?
    public var columns: Int
    /// The longer side of each thumbnail in pixels.
    public var thumbnailSize: Int
    /// Past this height the sheet is split into numbered files.
    public var maximumSheetHeight: Int
    public var password: String?

    public static let columnRange = 1...40
    public static let sizeRange = 16...2048
    public static let sheetHeightRange = 100...ContactSheetLayout.maximumSide

    public init(pages: String? = nil, columns: Int = 6, thumbnailSize: Int = 200, maximumSheetHeight: Int = 16_000,
                password: String? = nil) {
        self.pages = pages
        self.columns = columns
        self.thumbnailSize = thumbnailSize
        self.maximumSheetHeight = maximumSheetHeight
        self.password = password
    }

    func validated() throws -> ContactSheetOptions {
        func check(_ value: Int, _ range: ClosedRange<Int>, _ what: String) throws {
            guard range.contains(value) else {
                throw LibraryError.invalidArgument("\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
            }
        }
        try check(columns, Self.columnRange, "the number of columns")
        try check(thumbnailSize, Self.sizeRange, "the thumbnail size")
        try check(maximumSheetHeight, Self.sheetHeightRange, "the sheet height")
        return self
    }
}
