/// What a terminal said when asked about its graphics, as far as it answered.
public struct GraphicsQueryAnswer: Equatable, Sendable {
    /// The terminal acknowledged a kitty graphics query with OK.
    public var kitty: Bool
    /// The primary device attributes (DA1) listed 4: sixel graphics.
    public var sixel: Bool
    /// Whether the DA1 reply arrived at all; every VT100-like terminal sends
    /// one, so without it the other answers are missing rather than negative.
    public var answeredDeviceAttributes: Bool
    /// How many DA1 replies came: inside tmux, tmux's own and then, through
    /// passthrough, the terminal around it.
    public var deviceAttributeReplies = 0
    /// One cell in pixels, from the reply to `CSI 16 t`.
    public var cellSize: (width: Int, height: Int)?
    /// Bytes read that belonged to none of the replies: keys the person typed
    /// meanwhile, to be handed to whoever reads keys next.
    public var otherInput: [UInt8]

    public init(kitty: Bool = false, sixel: Bool = false, answeredDeviceAttributes: Bool = false,
                cellSize: (width: Int, height: Int)? = nil, otherInput: [UInt8] = []) {
        self.kitty = kitty
        self.sixel = sixel
        self.answeredDeviceAttributes = answeredDeviceAttributes
        self.cellSize = cellSize
        self.otherInput = otherInput
    }

    public static func == (lhs: GraphicsQueryAnswer, rhs: GraphicsQueryAnswer) -> Bool {
        lhs.kitty == rhs.kitty && lhs.sixel == rhs.sixel && lhs.answeredDeviceAttributes == rhs.answeredDeviceAttributes
            && lhs.deviceAttributeReplies == rhs.deviceAttributeReplies
            && lhs.cellSize?.width == rhs.cellSize?.width && lhs.cellSize?.height == rhs.cellSize?.height
            && lhs.otherInput == rhs.otherInput
    }
}
