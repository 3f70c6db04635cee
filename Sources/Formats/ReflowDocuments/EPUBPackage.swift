/// An EPUB's package document (the OPF that META-INF/container.xml points to): its
/// metadata, its manifest, and what the manifest says is the cover and the navigation.
struct EPUBPackage {
    struct Item {
        var id: String
        /// The archive path, resolved against the OPF's folder.
        var path: String
        var mediaType: String
        var properties: [String]
    }

    /// The OPF's archive path ("OEBPS/content.opf").
    var path: String
    var metadata: ReflowMetadata
    var manifest: [Item]
    /// The spine's items in reading order, as archive paths: MuPDF's chapters, as it counts them
    /// (an itemref whose idref names no manifest item is no chapter).
    var spine: [String] = []
    /// `<meta name="cover" content=ID>` (EPUB 2), and the guide's cover page.
    var coverID: String?
    var guideCover: String?
    /// The fonts META-INF/encryption.xml lists (it obfuscates nothing else, or the book is refused).
    var obfuscatedFonts: [ObfuscatedFonts.Font] = []
    /// META-INF/encryption.xml is there, but obfuscates only fonts.
    var obfuscatesFonts = false
    /// The dc:identifier the package's unique-identifier names: IDPF's obfuscation key is made from it.
    var uniqueIdentifier: String?
    /// Entries larger than this are not read for metadata or navigation.
    static let largestDocument = 16 << 20

    /// Reads and checks the package: container and OPF present and parsing, no DRM.
    init(engine: EngineDocument) throws(ReflowError) {
        guard let container = try engine.entry("META-INF/container.xml", maximum: Self.largestDocument) else {
            throw .damaged("has no META-INF/container.xml")
        }
        let containerTree: XMLNode
        do { containerTree = try engine.parseXML(container) } catch { throw .damaged("META-INF/container.xml does not parse") }
        guard let rootfile = containerTree.descendants("rootfile").first(where: {
            ($0.attribute("media-type") ?? "application/oebps-package+xml") == "application/oebps-package+xml"
        }), let fullPath = rootfile.attribute("full-path"), let path = ArchivePath.resolve(fullPath, from: "") else {
            throw .damaged("META-INF/container.xml names no package document")
        }
        if let fonts = try Self.refuseDRM(engine: engine) {
            obfuscatesFonts = true
            obfuscatedFonts = fonts
        }
        guard let opf = try engine.entry(path, maximum: Self.largestDocument) else {
            throw .damaged("its package document \(path.cleanedBookText(limit: 80) ?? "") is missing")
        }
        let tree: XMLNode
        do { tree = try engine.parseXML(opf) } catch {
            throw .damaged("its package document \(path.cleanedBookText(limit: 80) ?? "") does not parse")
        }
        guard let package = tree.child("package") else {
            throw .damaged("its package document \(path.cleanedBookText(limit: 80) ?? "") has no <package>")
        }
        self.path = path
        manifest = package.child("manifest")?.children("item").compactMap { item in
            guard let id = item.attribute("id"), let href = item.attribute("href"),
                  let itemPath = ArchivePath.resolve(href, from: path) else { return nil }
            return Item(id: id, path: itemPath, mediaType: item.attribute("media-type") ?? "",
                        properties: (item.attribute("properties") ?? "").split(separator: " ").map(String.init))
        } ?? []
        let metadataNode = package.child("metadata") ?? XMLNode(name: "metadata", attributes: [])
        metadata = EPUBMetadataReader.read(metadataNode)
        let uniqueID = package.attribute("unique-identifier")
        let identifiers = metadataNode.children("identifier")
        uniqueIdentifier = (identifiers.first { uniqueID != nil && $0.attribute("id") == uniqueID } ?? identifiers.first)?.text
        coverID = metadataNode.children("meta").first { $0.attribute("name") == "cover" }?.attribute("content")
        var paths: [String: String] = [:]
        for item in manifest where paths[item.id] == nil { paths[item.id] = item.path }
        spine = package.child("spine")?.children("itemref").compactMap { $0.attribute("idref").flatMap { paths[$0] } } ?? []
        guideCover = package.child("guide")?.children("reference")
            .first { $0.attribute("type")?.lowercased() == "cover" }?.attribute("href")
            .flatMap { ArchivePath.resolve($0, from: path) }
    }

    /// Font obfuscation (IDPF's and Adobe's) only hides fonts; any other encryption hides the text.
    static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    /// Throws for DRM; the fonts when an encryption.xml lists only obfuscated fonts, nil when there is none.
    private static func refuseDRM(engine: EngineDocument) throws(ReflowError) -> [ObfuscatedFonts.Font]? {
        guard let encryption = try engine.entry("META-INF/encryption.xml", maximum: largestDocument) else { return nil }
        let tree: XMLNode
        do { tree = try engine.parseXML(encryption) } catch { throw .damaged("META-INF/encryption.xml does not parse") }
        let encrypted = tree.descendants("EncryptedData").contains { data in
            let algorithm = data.child("EncryptionMethod")?.attribute("Algorithm")?.trimmingSpaces ?? ""
            return !fontObfuscation.contains(algorithm)
        }
        guard encrypted else {
            return tree.descendants("EncryptedData").compactMap { data in
                guard let algorithm = data.child("EncryptionMethod")?.attribute("Algorithm")?.trimmingSpaces,
                      let uri = data.descendants("CipherReference").first?.attribute("URI"),
                      let path = ArchivePath.resolve(uri, from: "") else { return nil }
                return ObfuscatedFonts.Font(path: path, algorithm: algorithm)
            }
        }
        let rights = (try? engine.entry("META-INF/rights.xml", maximum: largestDocument)) ?? []
        throw .encrypted(String(decoding: rights, as: UTF8.self).contains("adobe.com/adept") ? "Adobe DRM" : "DRM")
    }

    func item(id: String) -> Item? { manifest.first { $0.id == id } }

    /// The EPUB 3 navigation document.
    var navigation: Item? { manifest.first { $0.properties.contains("nav") } }

    /// The EPUB 2 table of contents (the spine's toc, which is the NCX's media type anyway).
    var ncx: Item? { manifest.first { $0.mediaType == "application/x-dtbncx+xml" } }

    /// The cover image's archive path: properties="cover-image", else the EPUB 2 meta's item (or
    /// its content taken as a path), else nil (the guide's cover page is an XHTML page to look into).
    var coverImagePath: String? {
        if let item = manifest.first(where: { $0.properties.contains("cover-image") }) { return item.path }
        if let coverID {
            if let item = item(id: coverID), BookSniffer.isImage(item.path) || item.mediaType.hasPrefix("image/") {
                return item.path
            }
            if BookSniffer.isImage(coverID) { return ArchivePath.resolve(coverID, from: path) }
        }
        return nil
    }
}
