import CPangoCairo

public enum TextAlignment: Sendable {
    case leading, center, trailing

    var pango: PangoAlignment {
        switch self {
        case .leading: return PANGO_ALIGN_LEFT
        case .center: return PANGO_ALIGN_CENTER
        case .trailing: return PANGO_ALIGN_RIGHT
        }
    }
}
