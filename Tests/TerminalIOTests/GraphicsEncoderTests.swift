import Foundation
import PDF
import Raster
import TerminalIO
import TestSupport
import XCTest

/// Each encoder's output read back into pixels, the way a terminal would,
/// and compared with the picture it was given.
final class GraphicsEncoderTests: XCTestCase {
    private let cellSize = (width: 9, height: 18)

    /// Page 3 of a sample book rendered to fit `columns × rows` cells.
    private func page(columns: Int, rows: Int) throws -> RasterImage {
        let page = try XCTUnwrap(try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf")).page(at: 2))
        let size = page.pixelSize(fittingWidth: columns * cellSize.width, height: rows * cellSize.height)
        return try page.render(width: size.width, height: size.height)
    }

    /// A small picture with edges in both directions and several colours.
    private func quarters(width: Int, height: Int) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let colour: RGB
                switch (x < width / 2, y < height / 2) {
                case (true, true): colour = RGB(red: 200, green: 30, blue: 30)
                case (false, true): colour = RGB(red: 20, green: 160, blue: 40)
                case (true, false): colour = RGB(red: 30, green: 40, blue: 190)
                case (false, false): colour = RGB(red: 250, green: 250, blue: 250)
                }
                image.setPixel(x: x, y: y, colour)
            }
        }
        return image
    }

    // MARK: kitty

    private struct KittyCommand {
        var keys: [String: String]
        var payload: String
    }

    /// Splits output into its `ESC _ G keys ; payload ESC \` commands.
    private func kittyCommands(_ bytes: [UInt8]) throws -> [KittyCommand] {
        let text = String(decoding: bytes, as: UTF8.self)
        var commands: [KittyCommand] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            XCTAssertTrue(rest.hasPrefix("\u{1B}_G"), "expected a kitty APC: \(rest.prefix(20).debugDescription)")
            guard let end = rest.range(of: "\u{1B}\\") else { throw XCTSkip("unterminated APC") }
            let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                keys[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
            }
            commands.append(KittyCommand(keys: keys, payload: parts.count > 1 ? String(parts[1]) : ""))
            rest = rest[end.upperBound...]
        }
        return commands
    }

    private func decodeKitty(_ bytes: [UInt8]) throws -> (keys: [String: String], image: PNGDecoder.Image) {
        let commands = try kittyCommands(bytes)
        for (index, command) in commands.enumerated() {
            XCTAssertLessThanOrEqual(command.payload.utf8.count, 4096)
            XCTAssertEqual(command.keys["m"], index == commands.count - 1 ? "0" : "1")
            if index > 0 { XCTAssertEqual(Set(command.keys.keys), ["m"], "later chunks carry only m") }
            if index < commands.count - 1 { XCTAssertEqual(command.payload.utf8.count % 4, 0) }
        }
        let base64 = commands.map(\.payload).joined()
        let png = try XCTUnwrap(Data(base64Encoded: base64))
        return (commands[0].keys, try PNGDecoder.decode([UInt8](png)))
    }

    func testKittyCarriesTheExactPixelsOfAPage() throws {
        let image = try page(columns: 60, rows: 30)
        let bytes = try KittyGraphics.transmitAndPlace(image, id: 7, columns: 60, rows: 30, cellSize: cellSize)
        XCTAssertGreaterThan(try kittyCommands(bytes).count, 1, "a page needs several chunks")
        let (keys, decoded) = try decodeKitty(bytes)
        XCTAssertEqual(keys["a"], "T")
        XCTAssertEqual(keys["f"], "100")
        XCTAssertEqual(keys["i"], "7")
        XCTAssertEqual(keys["q"], "2")
        XCTAssertEqual(keys["C"], "1")
        // The page is as tall as the box; it spans only the columns its width needs.
        let columns = (image.width + cellSize.width - 1) / cellSize.width
        XCTAssertEqual(keys["c"], String(columns))
        XCTAssertEqual(keys["r"], "30")
        // Padded to whole cells, so the terminal does not stretch it.
        XCTAssertEqual(decoded.width, columns * cellSize.width)
        XCTAssertEqual(decoded.height, 30 * cellSize.height)
        for y in 0..<image.height {
            let decodedRow = Array(decoded.pixels[(y * decoded.width * 4)..<((y * decoded.width + image.width) * 4)])
            let sourceRow = Array(image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)])
            if decodedRow != sourceRow { return XCTFail("row \(y) differs") }
            for x in image.width..<decoded.width where decoded.pixels[(y * decoded.width + x) * 4 + 3] != 0 {
                return XCTFail("padding at (\(x), \(y)) is not transparent")
            }
        }
    }

    func testKittyImageThatFillsWholeCellsIsSentAsIs() throws {
        let image = quarters(width: 4 * cellSize.width, height: 2 * cellSize.height)
        let (keys, decoded) = try decodeKitty(try KittyGraphics.transmitAndPlace(
            image, id: 1, columns: 10, rows: 10, cellSize: cellSize))
        XCTAssertEqual(keys["c"], "4")
        XCTAssertEqual(keys["r"], "2")
        XCTAssertEqual(decoded.width, image.width)
        XCTAssertEqual(decoded.pixels, image.pixels)
    }

    func testKittyDeleteAndTmuxWrapping() throws {
        XCTAssertEqual(String(decoding: KittyGraphics.delete(id: 5), as: UTF8.self), "\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\")
        XCTAssertEqual(String(decoding: KittyGraphics.deleteAll(), as: UTF8.self), "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        XCTAssertEqual(String(decoding: KittyGraphics.deleteAll(tmux: true), as: UTF8.self),
                       "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=A,q=2\u{1B}\u{1B}\\\u{1B}\\")
        // Each chunk is wrapped on its own, so tmux never holds a whole page in one sequence.
        let image = try page(columns: 40, rows: 20)
        let wrapped = try KittyGraphics.transmitAndPlace(image, id: 2, columns: 40, rows: 20, cellSize: cellSize, tmux: true)
        let plain = try KittyGraphics.transmitAndPlace(image, id: 2, columns: 40, rows: 20, cellSize: cellSize)
        let chunks = try kittyCommands(plain).count
        XCTAssertEqual(String(decoding: wrapped, as: UTF8.self).components(separatedBy: "\u{1B}Ptmux;").count - 1, chunks)
    }

    // MARK: iTerm2

    func testITermCarriesTheExactPixelsOfAPage() throws {
        let image = try page(columns: 50, rows: 25)
        let text = String(decoding: try ITermGraphics.inline(image, columns: 50, rows: 25), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}]1337;File=inline=1;size="), String(text.prefix(60)))
        XCTAssertTrue(text.hasSuffix("\u{07}"))
        let header = try XCTUnwrap(text.split(separator: ":", maxSplits: 1).first)
        XCTAssertTrue(header.hasSuffix(";width=50;height=25;preserveAspectRatio=1"), String(header))
        let base64 = String(text.dropLast().split(separator: ":", maxSplits: 1)[1])
        let png = try XCTUnwrap(Data(base64Encoded: base64))
        XCTAssertTrue(header.contains("size=\(png.count);"), "size is the PNG's byte count")
        let decoded = try PNGDecoder.decode([UInt8](png))
        XCTAssertEqual(decoded.width, image.width)
        XCTAssertEqual(decoded.height, image.height)
        XCTAssertEqual(decoded.pixels, image.pixels)
    }

    // MARK: sixel

    func testSixelDrawsThePageWithinPaletteError() throws {
        let image = try page(columns: 40, rows: 20)
        let bytes = try SixelEncoder(cellSize: cellSize).encode(image, columns: 40, rows: 20)
        let decoded = try SixelDecoder.decode(bytes)
        XCTAssertGreaterThanOrEqual(decoded.width, image.width)
        XCTAssertGreaterThanOrEqual(decoded.height, image.height)
        XCTAssertLessThanOrEqual(decoded.width, 40 * cellSize.width)
        var source: [UInt8] = [], drawn: [UInt8] = []
        var unset = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let colour = image.pixel(x: x, y: y)
                source += [colour.red, colour.green, colour.blue, 255]
                if let pixel = decoded.pixel(x: x, y: y) {
                    drawn += [pixel.red, pixel.green, pixel.blue, 255]
                } else {
                    unset += 1
                    drawn += [0, 0, 0, 255]
                }
            }
        }
        XCTAssertEqual(unset, 0, "every pixel of the page is drawn")
        let difference = PNGDecoder.meanDifference(source, drawn)
        XCTAssertLessThan(difference, 4, "mean difference per channel")
        // The padding beyond the page is left transparent, not painted.
        if decoded.width > image.width { XCTAssertNil(decoded.pixel(x: decoded.width - 1, y: 0)) }
    }

    func testSixelColoursOfASimplePicture() throws {
        let image = quarters(width: 36, height: 36)
        let decoded = try SixelDecoder.decode(try SixelEncoder(cellSize: cellSize).encode(image, columns: 4, rows: 2))
        for (x, y) in [(4, 4), (30, 4), (4, 30), (30, 30)] {
            let expected = image.pixel(x: x, y: y), actual = try XCTUnwrap(decoded.pixel(x: x, y: y))
            XCTAssertLessThan(abs(Int(expected.red) - Int(actual.red)) + abs(Int(expected.green) - Int(actual.green))
                + abs(Int(expected.blue) - Int(actual.blue)), 12, "at (\(x), \(y)): \(actual) for \(expected)")
        }
    }

    // MARK: blocks

    func testBlocksFollowThePageAtTwoByTwoPerCell() throws {
        let image = try page(columns: 40, rows: 20)
        let rows = try BlockEncoder(cellSize: cellSize).encode(image, columns: 40, rows: 20)
        let cells = try BlockDecoder.decode(rows)
        XCTAssertEqual(cells.count, 20, "the page is as tall as the box")
        let columns = cells[0].count
        XCTAssertEqual(columns, Int((Double(image.width) / Double(cellSize.width)).rounded()))
        XCTAssertTrue(cells.allSatisfy { $0.count == columns })
        for row in rows {
            XCTAssertTrue(row.hasSuffix("\u{1B}[0m"))
            XCTAssertFalse(row.contains("\n") || row.contains("H") || row.contains("\u{1B}[A"), "no cursor movement")
        }
        let expected = image.scaled(toWidth: columns * 2, height: cells.count * 2)
        let drawn = BlockDecoder.quadrantImage(cells)
        let difference = PNGDecoder.meanDifference(expected.pixels, drawn.pixels)
        let blank = RasterImage(width: expected.width, height: expected.height)
        let blankDifference = PNGDecoder.meanDifference(expected.pixels, blank.pixels)
        XCTAssertLessThan(difference, blankDifference / 2, "against \(blankDifference) for a blank picture")
        XCTAssertLessThan(difference, 8)
    }

    /// NO_COLOR and TERM=dumb: no escape at all, the ink of the page in the
    /// terminal's own foreground, the paper left blank.
    func testMonochromeBlocksAreSymbolsAlone() throws {
        let image = try page(columns: 40, rows: 20)
        let rows = try BlockEncoder(cellSize: cellSize, monochrome: true).encode(image, columns: 40, rows: 20)
        XCTAssertEqual(rows.count, 20)
        XCTAssertFalse(rows.joined().contains("\u{1B}"), rows.joined())
        let blank = rows.joined().filter { $0 == " " }.count, inked = rows.joined().filter { $0 != " " }.count
        XCTAssertGreaterThan(blank, inked, "a page of text is mostly paper")
        XCTAssertGreaterThan(inked, 40, "its lines of text show")
        // A black left half and a white right half: blocks on the left only.
        var halves = RasterImage(width: 4 * cellSize.width, height: cellSize.height, fill: RGB(red: 255, green: 255, blue: 255))
        for y in 0..<halves.height { for x in 0..<(2 * cellSize.width) { halves.setPixel(x: x, y: y, RGB(red: 0, green: 0, blue: 0)) } }
        XCTAssertEqual(try BlockEncoder(cellSize: cellSize, monochrome: true).encode(halves, columns: 4, rows: 1), ["██  "])
    }

    func testBlocksSplitCellsWithQuadrants() throws {
        let cellSize = (width: 8, height: 16)
        // One colour per cell, then a checkerboard of quadrants inside each cell.
        let solid = quarters(width: 2 * cellSize.width, height: 2 * cellSize.height)
        var checkered = RasterImage(width: 2 * cellSize.width, height: 2 * cellSize.height)
        let dark = RGB(red: 20, green: 30, blue: 90), light = RGB(red: 240, green: 230, blue: 200)
        for y in 0..<checkered.height {
            for x in 0..<checkered.width {
                let even = (x / (cellSize.width / 2) + y / (cellSize.height / 2)) % 2 == 0
                checkered.setPixel(x: x, y: y, even ? dark : light)
            }
        }
        for (name, source) in [("solid", solid), ("checkered", checkered)] {
            let rows = try BlockEncoder(cellSize: cellSize).encode(source, columns: 2, rows: 2)
            let cells = try BlockDecoder.decode(rows)
            let drawn = BlockDecoder.quadrantImage(cells)
            XCTAssertEqual(drawn.width, 4)
            XCTAssertEqual(drawn.height, 4)
            let expected = source.scaled(toWidth: drawn.width, height: drawn.height)
            XCTAssertLessThan(PNGDecoder.meanDifference(expected.pixels, drawn.pixels), 3, "\(name): \(rows.map(\.debugDescription))")
        }
    }

    func testEmptyImagesAndBoxesAreErrors() {
        XCTAssertThrowsError(try KittyGraphics.transmitAndPlace(RasterImage(width: 0, height: 0), id: 1, columns: 2, rows: 2,
                                                                cellSize: cellSize))
        XCTAssertThrowsError(try SixelEncoder(cellSize: cellSize).encode(quarters(width: 4, height: 4), columns: 0, rows: 2))
        XCTAssertThrowsError(try BlockEncoder(cellSize: cellSize).encode(quarters(width: 4, height: 4), columns: 2, rows: 0))
    }
}

/// Reads sixel data the way a terminal draws it: `ESC P … q`, raster
/// attributes `"1;1;W;H`, colour registers `#n;2;r;g;b` in percent, `#n` to
/// select one, `!count` to repeat, `$` back to the band's start, `-` to the
/// next band of six pixel rows, `ESC \` to end.
enum SixelDecoder {
    struct Image {
        var width: Int
        var height: Int
        var pixels: [RGB?]

        func pixel(x: Int, y: Int) -> RGB? {
            guard x >= 0, y >= 0, x < width, y < height else { return nil }
            return pixels[y * width + x]
        }
    }

    enum Failure: Error { case noSixel, undefinedColour(Int) }

    static func decode(_ bytes: [UInt8]) throws -> Image {
        guard let start = bytes.firstIndex(of: 0x1B), start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "P"),
              let q = bytes[start...].firstIndex(of: UInt8(ascii: "q")) else { throw Failure.noSixel }
        var index = q + 1
        func number() -> Int {
            var value = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
                values.append(number())
            }
            return values
        }
        var declared = (width: 0, height: 0)
        var palette: [Int: RGB] = [:]
        var current = 0
        var x = 0, band = 0
        var set: [Int: [Int: RGB]] = [:]  // y → x → colour
        var extent = (width: 0, height: 0)
        func paint(_ sixel: UInt8, count: Int) throws {
            guard let colour = palette[current] else { throw Failure.undefinedColour(current) }
            let bits = Int(sixel) - 63
            for bit in 0..<6 where bits & (1 << bit) != 0 {
                let y = band * 6 + bit
                for offset in 0..<count { set[y, default: [:]][x + offset] = colour }
                extent.height = max(extent.height, y + 1)
            }
            x += count
            extent.width = max(extent.width, x)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                index = bytes.count
            case UInt8(ascii: "\""):
                index += 1
                let values = numbers()
                if values.count >= 4 { declared = (values[2], values[3]) }
            case UInt8(ascii: "#"):
                index += 1
                let values = numbers()
                current = values[0]
                if values.count >= 5, values[1] == 2 {
                    func channel(_ percent: Int) -> UInt8 { UInt8((Double(percent) * 255 / 100).rounded()) }
                    palette[current] = RGB(red: channel(values[2]), green: channel(values[3]), blue: channel(values[4]))
                }
            case UInt8(ascii: "!"):
                index += 1
                let count = number()
                try paint(bytes[index], count: count)
                index += 1
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                x = 0
                band += 1
                index += 1
            case 63...126:
                try paint(byte, count: 1)
                index += 1
            default:
                index += 1
            }
        }
        let width = max(declared.width, extent.width), height = max(declared.height, extent.height)
        var pixels = [RGB?](repeating: nil, count: width * height)
        for (y, row) in set where y < height {
            for (x, colour) in row where x < width { pixels[y * width + x] = colour }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}

/// Reads block-character rows back: the 24-bit colours each cell sets and
/// which of its quadrants the character fills with the foreground colour.
enum BlockDecoder {
    struct Cell {
        var foreground: RGB
        var background: RGB
        /// Upper left, upper right, lower left, lower right.
        var quadrants: [Bool]
    }

    enum Failure: Error { case unknownSymbol(Character), badColour(String) }

    static let quadrants: [Character: [Bool]] = [
        " ": [false, false, false, false], "█": [true, true, true, true],
        "▀": [true, true, false, false], "▄": [false, false, true, true],
        "▌": [true, false, true, false], "▐": [false, true, false, true],
        "▘": [true, false, false, false], "▝": [false, true, false, false],
        "▖": [false, false, true, false], "▗": [false, false, false, true],
        "▚": [true, false, false, true], "▞": [false, true, true, false],
        "▛": [true, true, true, false], "▜": [true, true, false, true],
        "▙": [true, false, true, true], "▟": [false, true, true, true],
    ]

    static func decode(_ rows: [String]) throws -> [[Cell]] {
        try rows.map { row in
            var cells: [Cell] = []
            var foreground = RGB.white, background = RGB.black
            var characters = Substring(row)
            while let first = characters.first {
                if first == "\u{1B}" {
                    guard let end = characters.firstIndex(of: "m") else { throw Failure.badColour(String(characters)) }
                    let codes = characters[characters.index(characters.startIndex, offsetBy: 2)..<end]
                        .split(separator: ";").compactMap { Int($0) }
                    var index = 0
                    while index < codes.count {
                        switch codes[index] {
                        case 38, 48:
                            guard index + 4 < codes.count, codes[index + 1] == 2 else { throw Failure.badColour(String(row)) }
                            let colour = RGB(red: UInt8(codes[index + 2]), green: UInt8(codes[index + 3]), blue: UInt8(codes[index + 4]))
                            if codes[index] == 38 { foreground = colour } else { background = colour }
                            index += 5
                        default:
                            index += 1
                        }
                    }
                    characters = characters[characters.index(after: end)...]
                    continue
                }
                guard let filled = quadrants[first] else { throw Failure.unknownSymbol(first) }
                cells.append(Cell(foreground: foreground, background: background, quadrants: filled))
                characters = characters.dropFirst()
            }
            return cells
        }
    }

    /// Two by two pixels per cell, each the colour its quadrant shows.
    static func quadrantImage(_ cells: [[Cell]]) -> RasterImage {
        let columns = cells.first?.count ?? 0
        var image = RasterImage(width: columns * 2, height: cells.count * 2)
        for (row, line) in cells.enumerated() {
            for (column, cell) in line.enumerated() {
                for quadrant in 0..<4 {
                    image.setPixel(x: column * 2 + quadrant % 2, y: row * 2 + quadrant / 2,
                                   cell.quadrants[quadrant] ? cell.foreground : cell.background)
                }
            }
        }
        return image
    }
}
