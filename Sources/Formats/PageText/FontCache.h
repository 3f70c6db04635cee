#ifndef IBOOK_PAGE_TEXT_FONT_CACHE_H
#define IBOOK_PAGE_TEXT_FONT_CACHE_H
#include <Gfx.h>
#include <GfxFont.h>
#include <Object.h>
#include <PDFDoc.h>
#include <Page.h>
#include <TextOutputDev.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace page_text {

/* The fonts of a document, each made once. poppler makes every font a page
   names anew for every page it draws (GfxResources builds a GfxFontDict, and
   each GfxFont reads its font program for its encoding, its ToUnicode map,
   its widths): two fifths of the time of reading a LaTeX manual's text,
   pdftotext's as well. A GfxFont depends only on its dictionary and the
   document, so here a page's font dictionary is made of the fonts made for
   earlier pages, found by the reference of their dictionary and the name the
   page gives them (which GfxFont::matches compares), in the page's order;
   the others are made as GfxFontDict makes them. */
class FontCache
{
public:
    /* A page drawn as Page::createGfx and Page::display draw it (at 72 dpi,
       cropped, its annotations left out), with its fonts from the cache. The
       Gfx ends the output's page again when it is destroyed, as poppler-glib's
       does after taking the text: so it lives until then. */
    struct Drawing {
        std::optional<Object> fontless; // the resources the Gfx was made with
        std::unique_ptr<Gfx> gfx;
    };

    void display(PDFDoc &pdf, Page *page, TextOutputDev &output, Drawing &drawing);

private:
    using Key = std::tuple<int, int, std::string>;

    /* Fonts kept at most: a file whose every page has fonts of its own (some
       generators write one per page) would otherwise keep them all. LaTeX
       manuals use a few dozen. */
    static constexpr size_t limit = 1024;

    static bool cacheable(Dict *fonts, bool fontDictIsRef);
    GfxFontDict *fontDict(XRef *xref, Ref fontDictRef, Dict *fonts);

    std::map<Key, std::shared_ptr<GfxFont>> made;
};

} // namespace page_text

#endif
