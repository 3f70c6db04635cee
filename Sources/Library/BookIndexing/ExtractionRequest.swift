import BookLibrary

/// What one extraction must do; sent to a worker process as a JSON line.
public struct ExtractionRequest: Codable, Sendable {
    public var path: String
    public var password: String?
    public var spoolPath: String
    public var thumbnailPath: String?
    public var thumbnailSize: Int
    /// Only the document record (metadata, XMP, title page): for `refresh`.
    public var metadataOnly: Bool?
    /// A long PDF is read in parts, one worker a part, so that the cores
    /// share it: the first part writes the document record, the cover and
    /// the pages up to `lastPage`; the others (`pagesOnly`) only their pages.
    /// nil: from the first page, to the last.
    public var firstPage: Int?
    public var lastPage: Int?
    public var pagesOnly: Bool?
    /// A long EPUB is read in parts too, by chapters (spine items), since MuPDF lays each chapter out
    /// on its own: the first request of a file asks for a first part followed by `chapterParts` more
    /// (nil: a reflowable book is read whole), and a later part names its chapters (0-based, both
    /// included) and the number of chapters the first part counted.
    public var chapterParts: Int?
    public var firstChapter: Int?
    public var lastChapter: Int?
    public var chapterCount: Int?
    /// What the first part found, which a later part checks its file
    /// against: a file changed between two parts must not mix two texts.
    public var expectedPageCount: Int?
    public var expectedSize: Int?
}
