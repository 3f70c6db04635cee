// make-scans INPUT.pdf OUTPUT.pdf [--dpi N] [--pages FIRST-LAST] [--rotate PAGE:DEGREES]... [--noise PERCENT] [--seed N]
//
// Writes an image-only PDF, as a scanner would: each page of INPUT rendered
// to a grey image at --dpi (default 300), turned by --rotate (90, 180 or 270
// degrees clockwise; the page turns with it, as a sheet fed sideways), with
// --noise percent of pixels flipped to black or white (seeded, so output is
// deterministic), and placed on a page of the same size in points. The tests
// and the OCR benchmark make their scans with it from pages whose text is known.

import CPangoCairo
import Foundation
import PDF
import Raster

struct Arguments {
    var input = "", output = ""
    var dpi = 300.0
    var first = 1, last = Int.max
    var rotations: [Int: Int] = [:]
    var noise = 0.0
    var seed: UInt64 = 1

    init(_ raw: [String]) throws {
        var positional: [String] = []
        var iterator = raw.makeIterator()
        while let argument = iterator.next() {
            func value() throws -> String {
                guard let value = iterator.next() else { throw Failure("\(argument) needs a value") }
                return value
            }
            switch argument {
            case "--dpi": dpi = Double(try value()) ?? 0
            case "--pages":
                let parts = try value().split(separator: "-").compactMap { Int($0) }
                guard let start = parts.first else { throw Failure("--pages takes FIRST-LAST") }
                (first, last) = (start, parts.count > 1 ? parts[1] : start)
            case "--rotate":
                let parts = try value().split(separator: ":").compactMap { Int($0) }
                guard parts.count == 2, parts[1] % 90 == 0 else { throw Failure("--rotate takes PAGE:DEGREES") }
                rotations[parts[0]] = parts[1] / 90
            case "--noise": noise = Double(try value()) ?? 0
            case "--seed": seed = UInt64(try value()) ?? 1
            default: positional.append(argument)
            }
        }
        guard positional.count == 2, dpi >= 50, dpi <= 1200 else {
            throw Failure("usage: make-scans INPUT.pdf OUTPUT.pdf [--dpi N] [--pages A-B] [--rotate PAGE:DEG]... [--noise PERCENT] [--seed N]")
        }
        (input, output) = (positional[0], positional[1])
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// xorshift64*: the same noise on every run.
struct NoiseSource {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

func addNoise(_ image: inout GreyImage, percent: Double, source: inout NoiseSource) {
    guard percent > 0 else { return }
    let flips = Int(Double(image.pixels.count) * percent / 100)
    for _ in 0..<flips {
        let random = source.next()
        image.pixels[Int(random % UInt64(image.pixels.count))] = random & (1 << 40) == 0 ? 0 : 255
    }
}

func draw(_ image: GreyImage, on context: OpaquePointer, dpi: Double) throws {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height)),
          cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
        throw Failure("cannot allocate a \(image.width)x\(image.height) image")
    }
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    for y in 0..<image.height {
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<image.width {
            let grey = UInt32(image.pixels[y * image.width + x])
            row[x] = grey << 16 | grey << 8 | grey
        }
    }
    cairo_surface_mark_dirty(surface)
    cairo_save(context)
    cairo_scale(context, 72 / dpi, 72 / dpi)
    cairo_set_source_surface(context, surface, 0, 0)
    cairo_paint(context)
    cairo_restore(context)
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let document = try PDFDocument(path: arguments.input, password: nil)
    let last = min(arguments.last, document.pageCount)
    guard arguments.first >= 1, arguments.first <= last else { throw Failure("no such pages in \(arguments.input)") }
    guard let pdf = cairo_pdf_surface_create(arguments.output, 612, 792) else { throw Failure("cannot write \(arguments.output)") }
    defer { cairo_surface_destroy(pdf) }
    guard let context = cairo_create(pdf) else { throw Failure("cannot draw") }
    defer { cairo_destroy(context) }
    var noise = NoiseSource(state: arguments.seed &* 0x9E37_79B9_7F4A_7C15 | 1)
    for number in arguments.first...last {
        guard let page = document.page(at: number - 1) else { throw Failure("page \(number) cannot be read") }
        var image = try page.renderGrey(dpi: arguments.dpi).rotated(quarterTurns: arguments.rotations[number] ?? 0)
        addNoise(&image, percent: arguments.noise, source: &noise)
        cairo_pdf_surface_set_size(pdf, Double(image.width) * 72 / arguments.dpi, Double(image.height) * 72 / arguments.dpi)
        try draw(image, on: context, dpi: arguments.dpi)
        cairo_show_page(context)
    }
    cairo_surface_finish(pdf)
    guard cairo_surface_status(pdf) == CAIRO_STATUS_SUCCESS else { throw Failure("cannot write \(arguments.output)") }
} catch {
    FileHandle.standardError.write(Data("make-scans: \(error)\n".utf8))
    exit(1)
}
