/// What a library's storage can do beyond the catalog, reading state and
/// curation that every library keeps. A command asks for what it needs
/// (`LibraryLocation.capabilities`, known before the library is opened),
/// never which engine holds the library. A local library can do all of it;
/// a shared one (PostgreSQL) none of these yet.
public struct LibraryCapabilities: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Highlights, notes and the annotations read from PDFs, and searching them.
    public static let annotations = LibraryCapabilities(rawValue: 1 << 0)
    /// OCR text and word boxes of scanned pages.
    public static let ocr = LibraryCapabilities(rawValue: 1 << 1)
    /// A full-text index that ibook checks against the stored text and rebuilds itself.
    public static let indexMaintenance = LibraryCapabilities(rawValue: 1 << 2)
    /// Book files on this machine's own paths, which ibook may rewrite
    /// (`edit --write`), read again (`refresh`) and relink when a copy is added.
    public static let ownFiles = LibraryCapabilities(rawValue: 1 << 3)
    /// A library in a folder of this machine, which `migrate` copies to and from a server.
    public static let localFolder = LibraryCapabilities(rawValue: 1 << 5)

    /// What a library in a folder can do.
    public static let local: LibraryCapabilities = [.annotations, .ocr, .indexMaintenance, .ownFiles, .localFolder]
    /// What a library on a PostgreSQL server can do.
    public static let shared: LibraryCapabilities = []
}
