import Foundation

/// How the filled HTML is laid out on paper: size, margins, and the running
/// header and footer, as CSS paged-media rules injected after the template's
/// own styles (so they win).
public struct PageSetup: Equatable {
    public enum Paper: String, CaseIterable {
        case a4 = "A4", a5 = "A5", letter, legal

        public init?(name: String) {
            guard let paper = Paper.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
            self = paper
        }
    }

    public var paper: Paper = .a4
    /// A CSS length: `20mm`, `2cm`, `0.75in`, `54pt`.
    public var margin = "20mm"
    public var header: String?
    public var footer: String?
    public var pageNumbers = true

    public init() {}

    public static func validMargin(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{1,3}(\.[0-9]{1,3})?(mm|cm|in|pt|px)$"#, options: .regularExpression) != nil
    }

    public var css: String {
        var boxes: [String] = []
        let small = "font-family: 'DejaVu Sans', sans-serif; font-size: 8.5pt; color: #555;"
        if let header {
            boxes.append("@top-center { content: \(Self.cssString(header)); \(small) white-space: pre; vertical-align: bottom; padding-bottom: 4mm; }")
        }
        var footerParts: [String] = []
        if let footer { footerParts.append(Self.cssString(footer)) }
        if pageNumbers {
            if !footerParts.isEmpty { footerParts.append(#""\A""#) }
            footerParts.append(#""Page " counter(page) " of " counter(pages)"#)
        }
        if !footerParts.isEmpty {
            // One box, full width, so the rule above the footer spans the text area.
            let rule = footer == nil ? "" : "border-top: 0.6pt solid #999; padding-top: 3mm;"
            boxes.append("@bottom-center { content: \(footerParts.joined(separator: " ")); \(small) white-space: pre; text-align: center; width: 100%; vertical-align: top; \(rule) }")
        }
        return "@page { size: \(paper.rawValue); margin: \(margin);\n  " + boxes.joined(separator: "\n  ") + "\n}\n"
    }

    /// A CSS string literal; line breaks become `\A` (shown because of `white-space: pre`).
    static func cssString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\A "
            case "\r": continue
            default:
                if scalar.value < 0x20 || scalar == "<" || scalar == ">" {
                    // Control characters cannot appear in CSS strings; < and > must not
                    // close the <style> element the rules are injected in.
                    result += "\\" + String(scalar.value, radix: 16) + " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
