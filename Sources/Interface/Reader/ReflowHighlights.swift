import BookLibrary
import PageRendering

/// The highlights of a laid-out book as the render worker draws them: by their letters,
/// since a highlight's stored boxes are the reference layout's and the screen shows another.
enum ReflowHighlights {
    static func of(_ annotations: [Annotation]) -> [TextHighlight] {
        annotations.compactMap { annotation in
            guard annotation.kind.marksText, let range = annotation.chapterRange else { return nil }
            let color = annotation.color.flatMap(AnnotationColor.components) ?? (1, 1, 0)
            return TextHighlight(chapter: range.chapter, firstLetter: range.firstLetter, lastLetter: range.lastLetter,
                                 red: UInt8(color.red * 255), green: UInt8(color.green * 255), blue: UInt8(color.blue * 255))
        }
    }
}
