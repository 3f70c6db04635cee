import Foundation

/// The templates of one document: the page, with an `#ITEMS#` block, and the
/// row templates that fill that block. Relative URLs in them (the stylesheet,
/// images) resolve against `directory`.
public struct TemplateSet {
    public static let itemsPlaceholder = "ITEMS"
    public static let mainName = "invoice.html"
    public static let itemName = "item.html"
    public static let lastItemName = "last-item.html"

    public var mainPath: String
    public var main: String
    public var item: String
    /// The last row's own template, whose bottom border differs; without one the
    /// last row uses `item` and tells itself apart with `#ROW_CLASS#`.
    public var lastItem: String?
    public var directory: String

    public init(main: String, item: String, lastItem: String? = nil, mainPath: String = "invoice.html", directory: String) {
        self.main = main
        self.item = item
        self.lastItem = lastItem
        self.mainPath = mainPath
        self.directory = directory
    }

    /// Loads a template folder (invoice.html, item.html, optional last-item.html), or a
    /// single HTML file whose row templates sit beside it.
    public static func load(_ path: String) throws -> TemplateSet {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ComposeError.templateNotFound(path)
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory: String
        let mainPath: String
        if isDirectory.boolValue {
            directory = absolute
            let preferred = (absolute as NSString).appendingPathComponent(mainName)
            if fileManager.fileExists(atPath: preferred) {
                mainPath = preferred
            } else {
                let candidates = ((try? fileManager.contentsOfDirectory(atPath: absolute)) ?? [])
                    .filter { $0.lowercased().hasSuffix(".html") && $0 != itemName && $0 != lastItemName }
                    .sorted()
                    .map { (absolute as NSString).appendingPathComponent($0) }
                guard let found = candidates.first(where: { (try? read($0).contains("#ITEMS#")) == true }) ?? candidates.first else {
                    throw ComposeError.templateNotFound((path as NSString).appendingPathComponent(mainName))
                }
                mainPath = found
            }
        } else {
            mainPath = absolute
            directory = (absolute as NSString).deletingLastPathComponent
        }
        let main = try read(mainPath)
        guard TemplateFiller.placeholders(in: main).contains(itemsPlaceholder) else {
            throw ComposeError.noItemsBlock(mainPath)
        }
        let itemPath = (directory as NSString).appendingPathComponent(itemName)
        guard fileManager.fileExists(atPath: itemPath) else { throw ComposeError.itemTemplateNotFound(itemPath) }
        let lastItemPath = (directory as NSString).appendingPathComponent(lastItemName)
        let lastItem = fileManager.fileExists(atPath: lastItemPath) ? try read(lastItemPath) : nil
        return TemplateSet(main: main, item: try read(itemPath), lastItem: lastItem, mainPath: mainPath, directory: directory)
    }

    private static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ComposeError.templateUnreadable(path, "permission denied or not a file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ComposeError.templateUnreadable(path, "not UTF-8 text")
        }
        return text
    }
}
