import Foundation
import ReflowDocuments

/// The page a book that is not a PDF is laid out on for printing: the paper (--media, else A4 or
/// Letter as the locale's paper is), margins of 15 mm as a printed book has, and 11 pt text. Those
/// pages, not the library's 450×600 pt reference pages (a screen's, for reading), are what --pages
/// counts: they are the pages that come out of the printer.
public struct PrintedPage: Equatable, Sendable {
    /// The paper's name as CUPS is given it ("A4", "Letter", "iso_a5_148x210mm").
    public var media: String
    /// In points, portrait.
    public var width: Double
    public var height: Double

    public static let margin = 15 * millimetre
    public static let fontSize = 11.0
    static let millimetre = 72 / 25.4

    /// Named papers, portrait, in points.
    static let papers: [String: (Double, Double)] = [
        "a3": (297 * millimetre, 420 * millimetre), "a4": (210 * millimetre, 297 * millimetre),
        "a5": (148 * millimetre, 210 * millimetre), "a6": (105 * millimetre, 148 * millimetre),
        "b5": (176 * millimetre, 250 * millimetre), "letter": (612, 792), "legal": (612, 1008),
        "executive": (522, 756), "tabloid": (792, 1224),
    ]

    /// `media` as --media names it, or the locale's paper when nil.
    public init(media: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let name = media ?? Self.localePaper(environment)
        guard let size = Self.size(of: name) else { throw BookPrintingError.unknownPaper(name) }
        self.media = name
        (width, height) = (min(size.0, size.1), max(size.0, size.1))
    }

    /// The layout MuPDF is given: the whole sheet, the margins being the stylesheet's.
    public var layout: ReflowLayout { ReflowLayout(width: width, height: height, fontSize: Self.fontSize) }

    /// Laid over the book's own styles: a printed book's margins whatever margins it gives a screen.
    public var stylesheet: String { String(format: "@page{margin:%.2fpt}", Self.margin) }

    /// A name of `papers`, or a PWG self-describing name (iso_a5_148x210mm, na_letter_8.5x11in).
    static func size(of name: String) -> (Double, Double)? {
        let lower = name.lowercased()
        if let size = papers[lower] { return size }
        guard let last = lower.split(separator: "_").last, last.hasSuffix("mm") || last.hasSuffix("in") else { return nil }
        let unit = last.hasSuffix("mm") ? millimetre : 72
        let sides = last.dropLast(2).split(separator: "x").compactMap { Double($0) }
        guard sides.count == 2, sides.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        let size = (sides[0] * unit, sides[1] * unit)
        // From a business card to a poster: beyond that the name is a mistake.
        guard min(size.0, size.1) >= 72, max(size.0, size.1) <= 14_400 else { return nil }
        return size
    }

    /// Letter where the locale's paper is (the United States, Canada and the other countries of
    /// LC_PAPER's letter), A4 elsewhere and when nothing says.
    static func localePaper(_ environment: [String: String]) -> String {
        let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let region = locale.split(separator: ".").first.flatMap { $0.split(separator: "_").dropFirst().first }.map(String.init) ?? ""
        let letter: Set<String> = ["US", "CA", "MX", "PH", "CL", "CO", "VE", "CR", "GT", "PA", "PR", "SV", "NI", "DO"]
        return letter.contains(region.uppercased()) ? "Letter" : "A4"
    }
}
