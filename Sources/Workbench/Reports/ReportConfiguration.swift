import Drawing
import Foundation

/// The organisation printed at the top of reports, from
/// `$XDG_CONFIG_HOME/ibook/config.toml` (`[letterhead]` name, address,
/// phone, email, logo), each key overridable on the command line.
public struct LetterheadSettings: Sendable, Equatable {
    public var name: String?
    public var address: String?
    public var phone: String?
    public var email: String?
    public var logo: String?

    public init(name: String? = nil, address: String? = nil, phone: String? = nil, email: String? = nil, logo: String? = nil) {
        self.name = name
        self.address = address
        self.phone = phone
        self.email = email
        self.logo = logo
    }

    /// The file's settings with every value given here taking precedence.
    public func overriding(_ base: LetterheadSettings) -> LetterheadSettings {
        LetterheadSettings(name: name ?? base.name, address: address ?? base.address, phone: phone ?? base.phone,
                           email: email ?? base.email, logo: logo ?? base.logo)
    }

    public var isEmpty: Bool { self == LetterheadSettings() }

    public static func configPath(environment: [String: String]) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/ibook/config.toml"
    }

    /// Reads the config file; no file means no settings, a malformed one is an error.
    public static func load(from path: String) throws -> LetterheadSettings {
        guard FileManager.default.fileExists(atPath: path) else { return LetterheadSettings() }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ReportError.badConfig(path, reason: "cannot be read as UTF-8 text")
        }
        let tables: [String: [String: String]]
        do {
            tables = try TOMLSubset.parse(text)
        } catch let error as TOMLSubset.SyntaxError {
            throw ReportError.badConfig(path, reason: error.description)
        }
        let section = tables["letterhead"] ?? [:]
        let folder = (path as NSString).deletingLastPathComponent
        return LetterheadSettings(name: section["name"], address: section["address"], phone: section["phone"],
                                  email: section["email"], logo: section["logo"].map { resolve($0, relativeTo: folder) })
    }

    /// `~/logo.png` and paths relative to the config file's folder.
    static func resolve(_ path: String, relativeTo folder: String) -> String {
        if path.hasPrefix("~/") { return NSHomeDirectory() + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return folder + "/" + path
    }

    func letterhead(defaultName: String) -> Letterhead {
        Letterhead(name: name.flatMap { $0.isEmpty ? nil : $0 } ?? defaultName, address: address, phone: phone,
                   email: email, logoPath: logo)
    }
}
