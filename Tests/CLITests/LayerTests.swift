import Foundation
import TestSupport
import XCTest

/// Sources/ has a folder a layer (docs/architecture.md), and a module may
/// depend only on modules of its own layer or a lower one: read from
/// Package.swift's targets, their `path:` and their `dependencies:`.
final class LayerTests: XCTestCase {
    private static let order = ["System", "Foundations", "Formats", "Library", "Workbench", "Interface", "Tools"]

    private struct Target {
        var name: String
        var layer: String
        var dependencies: [String]
        var folder: URL { Fixtures.repositoryRoot.appendingPathComponent("Sources/\(layer)/\(name)") }
    }

    private func targets() throws -> [Target] {
        let manifest = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"\.(?:target|systemLibrary|executableTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?[^\n]*?path: "Sources/([^/"]+)/([^"]+)""#)
        let quoted = try NSRegularExpression(pattern: #""([^"]+)""#)
        let text = manifest as NSString
        return declaration.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String? {
                match.range(at: index).location == NSNotFound ? nil : text.substring(with: match.range(at: index))
            }
            let list = group(2) ?? ""
            let dependencies = quoted.matches(in: list, range: NSRange(location: 0, length: (list as NSString).length))
                .map { (list as NSString).substring(with: $0.range(at: 1)) }
            XCTAssertEqual(group(4), group(1), "a module's folder is named after it")
            return Target(name: group(1) ?? "", layer: group(3) ?? "", dependencies: dependencies)
        }
    }

    func testEveryModuleIsInALayerAndDependsOnlyOnItsOwnOrLowerOnes() throws {
        let targets = try targets()
        let folders = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot.appendingPathComponent("Sources").path)
        XCTAssertEqual(Set(folders), Set(Self.order), "Sources/ holds the layers and nothing else")
        var modules = 0
        for layer in Self.order {
            modules += try FileManager.default.contentsOfDirectory(
                atPath: Fixtures.repositoryRoot.appendingPathComponent("Sources/\(layer)").path).count
        }
        XCTAssertEqual(targets.count, modules, "every folder under a layer is a target with its path in Package.swift")
        XCTAssertGreaterThan(targets.count, 60)

        let layerOf = Dictionary(targets.map { ($0.name, $0.layer) }, uniquingKeysWith: { first, _ in first })
        var upward: [String] = []
        for target in targets {
            let rank = try XCTUnwrap(Self.order.firstIndex(of: target.layer), target.name)
            for dependency in target.dependencies {
                guard let layer = layerOf[dependency], let other = Self.order.firstIndex(of: layer) else { continue }
                if other > rank { upward.append("\(target.name) (\(target.layer)) -> \(dependency) (\(layer))") }
            }
        }
        XCTAssertEqual(upward, [], "a module depends on a higher layer's")
    }

    /// The catalog knows the stores only through `LibraryStore`: BookLibrary reaches neither store's
    /// module nor libpq's wrapper, by any path (docs/architecture.md, "Where a library is kept").
    func testBookLibraryReachesNoStoreNorLibpq() throws {
        let byName = Dictionary(try targets().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached = Set<String>(), pending = ["BookLibrary"]
        while let name = pending.popLast() {
            guard let target = byName[name], reached.insert(name).inserted else { continue }
            pending += target.dependencies
        }
        XCTAssertTrue(reached.contains("Store"), "\(reached.sorted())")
        XCTAssertEqual(reached.intersection(["SQLiteStore", "PostgresStore", "Postgres", "CPQ"]), [])
    }

    /// The lean `ibook` links neither Foundation nor ICU (29 MB instead of 78, and a faster start): its
    /// modules import FoundationEssentials. A debug build links Foundation whatever they import, so
    /// this is where one `import Foundation` (OCRQueueRows.swift had one, for `Date()`) is caught.
    func testTheLeanIbooksModulesNeverImportFoundation() throws {
        let byName = Dictionary(try targets().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var lean = Set<String>(), pending = ["ibook"]
        while let name = pending.popLast() {
            guard let target = byName[name], lean.insert(name).inserted else { continue }
            pending += target.dependencies
        }
        XCTAssertTrue(lean.isSuperset(of: ["IBookCLI", "BookLibrary", "SQLiteStore", "PostgresStore", "SplashThumbnails", "Store"]), "\(lean.sorted())")
        var importing: [String] = []
        for name in lean.sorted() {
            let folder = try XCTUnwrap(byName[name]).folder
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces)
                    .range(of: #"^(@_exported |@testable )?import Foundation$"#, options: .regularExpression) != nil {
                    importing.append("\(name)/\(file)")
                }
            }
        }
        XCTAssertEqual(importing, [], "the lean ibook's modules import FoundationEssentials, not Foundation")
    }
}
