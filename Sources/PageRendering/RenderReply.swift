/// What the render worker answered: a page, or the page map a reflowable
/// book's layout was asked for.
public enum RenderReply: Sendable {
    case page(RenderedPage)
    case pageMap(PageMap)
}
