#include "PrivateMembers.h"

namespace page_text {

namespace {

/* `member(Tag())` is the pointer to member that names Tag's. */
template <typename Tag, typename Tag::type Member>
struct Exposed {
    friend typename Tag::type member(Tag) { return Member; }
};

struct LineBlock {
    using type = TextBlock *TextLine::*;
    friend type member(LineBlock);
};
struct BlockTableId {
    using type = int TextBlock::*;
    friend type member(BlockTableId);
};
struct BlockTableEnd {
    using type = bool TextBlock::*;
    friend type member(BlockTableEnd);
};
struct PagePrimaryLR {
    using type = bool TextPage::*;
    friend type member(PagePrimaryLR);
};
struct PageDumpFragment {
    using type = int (TextPage::*)(const Unicode *, int, const UnicodeMap *, GooString *) const;
    friend type member(PageDumpFragment);
};
struct WordText {
    using type = Unicode *TextWord::*;
    friend type member(WordText);
};
struct GfxResourceStack {
    using type = GfxResources *Gfx::*;
    friend type member(GfxResourceStack);
};
struct ResourceFonts {
    using type = GfxFontDict *GfxResources::*;
    friend type member(ResourceFonts);
};

template struct Exposed<LineBlock, &TextLine::blk>;
template struct Exposed<BlockTableId, &TextBlock::tableId>;
template struct Exposed<BlockTableEnd, &TextBlock::tableEnd>;
template struct Exposed<PagePrimaryLR, &TextPage::primaryLR>;
template struct Exposed<PageDumpFragment, &TextPage::dumpFragment>;
template struct Exposed<WordText, &TextWord::text>;
template struct Exposed<GfxResourceStack, &Gfx::res>;
template struct Exposed<ResourceFonts, &GfxResources::fonts>;

} // namespace

TextBlock *blockOf(const TextLine *line)
{
    return line->*member(LineBlock());
}

int tableOf(const TextBlock *block)
{
    return block->*member(BlockTableId());
}

bool endsTableRow(const TextBlock *block)
{
    return block->*member(BlockTableEnd());
}

bool isLeftToRight(const TextPage *page)
{
    return page->*member(PagePrimaryLR());
}

const Unicode *charactersOf(const TextWord *word, int begin)
{
    return word->*member(WordText()) + begin;
}

void appendFragment(const TextPage *page, const Unicode *characters, int length, const UnicodeMap *map, GooString *text)
{
    (page->*member(PageDumpFragment()))(characters, length, map, text);
}

GfxResources *pageResourcesOf(Gfx *gfx)
{
    return gfx->*member(GfxResourceStack());
}

GfxFontDict *&fontsOf(GfxResources *resources)
{
    return resources->*member(ResourceFonts());
}

} // namespace page_text
