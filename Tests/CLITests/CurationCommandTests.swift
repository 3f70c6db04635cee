import Foundation
import TestSupport
import XCTest

/// `edit`, `tag`, `untag`, `tags` and `collection` through the real binary on the SampleBooks.
final class CurationCommandTests: XCTestCase {
    struct Details: Decodable {
        var authors: [String]?
        var year: Int?
        var publisher: String?
        var language: String?
        var series: String?
        var seriesIndex: Double?
        var description: String?
        var isbn: String?
        var doi: String?
        var rating: Int?
    }

    struct Info: Decodable {
        struct Stored: Decodable { var id: Int; var title: String; var titleSource: String; var author: String; var authorSource: String }
        var book: Stored
        var details: Details
        var tags: [String]
        var collections: [String]
    }

    struct TagCount: Decodable, Equatable { var tag: String; var books: Int; var total: Int }
    struct Listed: Decodable { var id: Int; var title: String }

    private func sampleLibrary() throws -> (TestLibrary, [String: Int]) {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBooks.path).status, 0)
        let books = try library.json([Listed].self, "list", "--json")
        var ids: [String: Int] = [:]
        for book in books { ids[book.title] = book.id }
        return (library, ids)
    }

    func testEditStoresDetailsThatInfoShowsAndRefreshKeeps() throws {
        let (library, ids) = try sampleLibrary()
        let id = String(try XCTUnwrap(ids["A Field Guide to Lighthouses"]))
        let edited = try library.ibook("edit", id, "--title", "Lighthouses: A Field Guide", "--author", "Margaret Hale",
                                       "--author", "Ivo Marsh", "--year", "1998", "--publisher", "Harbour Press",
                                       "--language", "en", "--series", "Coast Books", "--series-index", "3",
                                       "--isbn", "0-306-40615-2", "--doi", "https://doi.org/10.1000/xyz123", "--rating", "4",
                                       "--description", "Towers, lenses and keepers.")
        XCTAssertEqual(edited.status, 0, edited.stderr)
        XCTAssertTrue(edited.stdout.hasPrefix("Edited #\(id) Lighthouses: A Field Guide — Margaret Hale, Ivo Marsh\n"), edited.stdout)

        var info = try library.json(Info.self, "info", "--json", id)
        XCTAssertEqual(info.book.title, "Lighthouses: A Field Guide")
        XCTAssertEqual(info.book.titleSource, "edited")
        XCTAssertEqual(info.book.author, "Margaret Hale, Ivo Marsh")
        XCTAssertEqual(info.details.authors, ["Margaret Hale", "Ivo Marsh"])
        XCTAssertEqual(info.details.year, 1998)
        XCTAssertEqual(info.details.seriesIndex, 3)
        XCTAssertEqual(info.details.isbn, "0306406152")
        XCTAssertEqual(info.details.doi, "10.1000/xyz123")
        XCTAssertEqual(info.details.rating, 4)
        let text = try library.ibook("info", id).stdout
        for line in ["Series       Coast Books #3", "Rating       ★★★★☆", "Publisher    Harbour Press", "Title        Lighthouses: A Field Guide  (edited)"] {
            XCTAssertTrue(text.contains(line), "\(line) in\n\(text)")
        }

        // refresh derives the rest again but keeps what a person set.
        XCTAssertEqual(try library.ibook("refresh", id).status, 0)
        info = try library.json(Info.self, "info", "--json", id)
        XCTAssertEqual(info.book.title, "Lighthouses: A Field Guide")
        XCTAssertEqual(info.book.author, "Margaret Hale, Ivo Marsh")
        XCTAssertEqual(info.details.year, 1998)

        // An empty value clears a field.
        XCTAssertEqual(try library.ibook("edit", id, "--publisher", "").status, 0)
        XCTAssertNil(try library.json(Info.self, "info", "--json", id).details.publisher)
    }

    func testBadEditValuesAreUsageErrorsAndChangeNothing() throws {
        let (library, ids) = try sampleLibrary()
        let id = String(try XCTUnwrap(ids["Atlas of Coastlines"]))
        for (option, value, message) in [("--isbn", "978-0-306-40615-8", "not a valid ISBN"), ("--rating", "6", "0 to 5"),
                                          ("--year", "soon", "not a year"), ("--doi", "xyz", "not a DOI")] {
            let result = try library.ibook("edit", id, "--year", "2001", option, value)
            XCTAssertEqual(result.status, 64, option)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertNil(try library.json(Info.self, "info", "--json", id).details.year, "nothing half-written")
        }
        XCTAssertEqual(try library.ibook("edit", id).status, 64, "nothing to change")
    }

    func testHierarchicalTagsWithCountsRenameAndUntag() throws {
        let (library, ids) = try sampleLibrary()
        let atlas = String(try XCTUnwrap(ids["Atlas of Coastlines"]))
        let lights = String(try XCTUnwrap(ids["A Field Guide to Lighthouses"]))
        let history = String(try XCTUnwrap(ids["A Long History of Everything"]))
        var result = try library.ibook("tag", atlas, lights, "+science/optics", "+todo", "+geography")
        XCTAssertEqual(result.status, 0, result.stderr)
        result = try library.ibook("tag", lights, "-todo", "+Science/Optics/Lenses")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "#\(lights) A Field Guide to Lighthouses: geography, science/optics, science/optics/Lenses\n")
        XCTAssertEqual(try library.ibook("tag", history, "+history").status, 0)

        XCTAssertEqual(try library.json([TagCount].self, "tags", "--json"), [
            TagCount(tag: "geography", books: 2, total: 2), TagCount(tag: "history", books: 1, total: 1),
            TagCount(tag: "science", books: 0, total: 2), TagCount(tag: "science/optics", books: 2, total: 2),
            TagCount(tag: "science/optics/Lenses", books: 1, total: 1), TagCount(tag: "todo", books: 1, total: 1),
        ])
        let tree = try library.ibook("tags")
        XCTAssertEqual(tree.stdoutLines, ["TAG         BOOKS", "geography       2", "history         1", "science         2",
                                          "  optics        2", "    Lenses      1", "todo            1"])

        result = try library.ibook("tag", "--rename", "science", "physics")
        XCTAssertEqual(result.stdout, "Renamed science to physics on 2 books\n")
        XCTAssertEqual(try library.json(Info.self, "info", "--json", lights).tags, ["geography", "physics/optics", "physics/optics/Lenses"])
        XCTAssertEqual(try library.ibook("untag", "physics/optics", atlas).status, 0)
        XCTAssertEqual(try library.json(Info.self, "info", "--json", atlas).tags, ["geography", "todo"])
        XCTAssertEqual(try library.ibook("untag", "geography").stdout, "Removed 2 tags (geography and beneath it)\n")
        let missing = try library.ibook("untag", "nowhere")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderrLines, ["Error: no book is tagged 'nowhere' (see 'ibook tags')"])
        XCTAssertEqual(try library.ibook("tag", atlas, "+a//b").status, 1)
        XCTAssertEqual(try library.ibook("tag", atlas).status, 64, "no tag given")
    }

    func testCollectionsKeepTheirOrder() throws {
        let (library, ids) = try sampleLibrary()
        let atlas = String(try XCTUnwrap(ids["Atlas of Coastlines"]))
        let lights = String(try XCTUnwrap(ids["A Field Guide to Lighthouses"]))
        let history = String(try XCTUnwrap(ids["A Long History of Everything"]))
        XCTAssertEqual(try library.ibook("collection", "create", "Reading list").stdout, "Created collection Reading list\n")
        XCTAssertEqual(try library.ibook("collection", "create", "reading LIST").status, 1, "names are unique without regard to case")
        XCTAssertEqual(try library.ibook("collection", "add", "Reading list", lights, atlas).status, 0)
        XCTAssertEqual(try library.ibook("collection", "add", "reading list", history, "--at", "1").status, 0)
        XCTAssertEqual(try library.json([Listed].self, "collection", "show", "Reading list", "--json").map(\.title),
                       ["A Long History of Everything", "A Field Guide to Lighthouses", "Atlas of Coastlines"])
        // Adding a book already there moves it.
        XCTAssertEqual(try library.ibook("collection", "add", "Reading list", history).status, 0)
        XCTAssertEqual(try library.ibook("collection", "remove", "Reading list", atlas).status, 0)
        XCTAssertEqual(try library.json([Listed].self, "collection", "show", "Reading list", "--json").map(\.title),
                       ["A Field Guide to Lighthouses", "A Long History of Everything"])
        XCTAssertEqual(try library.json(Info.self, "info", "--json", lights).collections, ["Reading list"])
        let list = try library.ibook("collection", "list")
        XCTAssertTrue(list.stdoutLines.last?.hasPrefix("Reading list      2  ") ?? false, list.stdout)

        // Removing a book from the library takes it out of its collections.
        XCTAssertEqual(try library.ibook("remove", history).status, 0)
        XCTAssertEqual(try library.json([Listed].self, "collection", "show", "Reading list", "--json").count, 1)
        XCTAssertEqual(try library.ibook("collection", "delete", "Reading list").status, 0)
        let gone = try library.ibook("collection", "show", "Reading list")
        XCTAssertEqual(gone.stderrLines, ["Error: no collection named 'Reading list' (see 'ibook collection list')"])
        XCTAssertEqual(try library.ibook("info", lights).status, 0, "the books stay")
    }
}
