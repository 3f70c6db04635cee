/// What the render worker answered: a page, or what was asked about a reflowable
/// book's layout: its page map, the places of search hits.
public enum RenderReply: Sendable {
    case page(RenderedPage)
    case pageMap(PageMap)
    case hitPlaces([HitPlace])
}
