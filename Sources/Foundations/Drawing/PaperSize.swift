/// The sheets reports are printed on, sizes in PDF points (1/72 inch).
public enum PaperSize: String, CaseIterable, Sendable {
    case a4, a5, letter, legal

    /// Width and height in portrait.
    public var portrait: (width: Double, height: Double) {
        switch self {
        case .a4: return (595.276, 841.890)
        case .a5: return (419.528, 595.276)
        case .letter: return (612, 792)
        case .legal: return (612, 1008)
        }
    }

    public func size(_ orientation: Orientation) -> (width: Double, height: Double) {
        let (width, height) = portrait
        return orientation == .portrait ? (width, height) : (height, width)
    }
}

public enum Orientation: String, Sendable {
    case portrait, landscape
}
