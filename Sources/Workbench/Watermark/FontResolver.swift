import CPangoCairo
import Foundation

/// Checks a pango font description against the installed fonts. Pango never
/// fails on an unknown family: it silently substitutes a default, which is
/// exactly what a user who misspelled a font does not want.
enum FontResolver {
    /// Names fontconfig resolves by configuration rather than by a font file.
    private static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    static let defaultSize = 48.0

    /// The description with its size defaulted, after checking every family
    /// it names is installed.
    static func resolve(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let description = pango_font_description_from_string(trimmed) else {
            throw WatermarkError.badFont(text)
        }
        defer { pango_font_description_free(description) }
        if pango_font_description_get_size(description) <= 0 {
            pango_font_description_set_size(description, Int32(defaultSize * Double(PANGO_SCALE)))
        }
        if let family = pango_font_description_get_family(description) {
            let installed = installedFamilies()
            for name in String(cString: family).split(separator: ",") {
                let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
                guard !wanted.isEmpty else { continue }
                guard genericFamilies.contains(wanted) || installed.contains(wanted) else {
                    throw WatermarkError.unknownFont(name.trimmingCharacters(in: .whitespaces))
                }
            }
        }
        guard let normalized = pango_font_description_to_string(description) else { throw WatermarkError.badFont(text) }
        defer { g_free(normalized) }
        return String(cString: normalized)
    }

    /// Lower-cased family names fontconfig knows, through pango's font map.
    static func installedFamilies() -> Set<String> {
        guard let map = pango_cairo_font_map_get_default() else { return [] }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        var names = Set<String>()
        for index in 0..<Int(count) {
            if let family = families[index], let name = pango_font_family_get_name(family) {
                names.insert(String(cString: name).lowercased())
            }
        }
        return names
    }
}
