#include "FontCache.h"

#include "PrivateMembers.h"

#include <Error.h>

#include <algorithm>
#include <type_traits>
#include <vector>

namespace page_text {

void FontCache::display(PDFDoc &pdf, Page *page, TextOutputDev &output, Drawing &drawing)
{
    XRef *xref = pdf.getXRef();
    Dict *resources = page->getResourceDict();
    // The page's resources without their fonts (which Gfx would make), and the fonts put in after:
    // GfxResources looks /Font up as a dictionary or a reference to one.
    std::optional<Object> fonts;
    Ref fontDictRef = Ref::INVALID();
    if (resources) {
        const Object &entry = resources->lookupNF("Font");
        if (entry.isRef()) {
            fontDictRef = entry.getRef();
        }
        Object fetched = entry.fetch(xref);
        if (fetched.isDict() && (entry.isRef() || entry.isDict()) && cacheable(fetched.getDict(), entry.isRef())) {
            fonts.emplace(std::move(fetched));
            drawing.fontless.emplace(resources->copy(xref));
            drawing.fontless->dictRemove("Font");
        }
    }
    // Page::createGfx's box, crop and rotation, for 72 dpi, the crop box, not printing.
    const double hDPI = 72.0, vDPI = 72.0;
    int rotate = page->getRotate();
    if (rotate >= 360) {
        rotate -= 360;
    } else if (rotate < 0) {
        rotate += 360;
    }
    PDFRectangle box;
    bool crop = true;
    page->makeBox(hDPI, vDPI, rotate, false, output.upsideDown(), -1, -1, -1, -1, &box, &crop);
    const PDFRectangle *cropBox = page->getCropBox();
    if (!crop) {
        crop = (box == *cropBox) && output.needClipToCropBox();
    }
    drawing.gfx = std::make_unique<Gfx>(&pdf, &output, page->getNum(), drawing.fontless ? drawing.fontless->getDict() : resources, hDPI, vDPI,
                                        &box, crop ? cropBox : nullptr, rotate, nullptr, nullptr, nullptr);
    if (fonts) {
        GfxFontDict *&pageFonts = fontsOf(pageResourcesOf(drawing.gfx.get()));
        delete pageFonts; // none: the resources it was made from had no fonts
        pageFonts = fontDict(xref, fontDictRef, fonts->getDict());
    }
    page->display(drawing.gfx.get());
}

/* Whether every font of the page can be known again on a later page: by its
   own reference, or by the font dictionary's and its place in it. A font
   written into a page's own dictionary is known to poppler by a hash of its
   contents; such a page makes its fonts as poppler does. */
bool FontCache::cacheable(Dict *fonts, bool fontDictIsRef)
{
    if (fontDictIsRef) {
        return true;
    }
    for (int i = 0; i < fonts->getLength(); i++) {
        if (!fonts->getValNF(i).isRef()) {
            return false;
        }
    }
    return true;
}

/* GfxFontDict's constructor, each font looked up before it is made.
   libpoppler exports nothing of GfxFontDict: its only member is its list of
   fonts, which GfxResources looks fonts up in and deletes with it. So the
   list is made here, with the fonts from the cache, and given to
   GfxResources as the GfxFontDict it is laid out as (checked below). */
GfxFontDict *FontCache::fontDict(XRef *xref, Ref fontDictRef, Dict *fonts)
{
    using FontList = std::vector<std::shared_ptr<GfxFont>>;
    static_assert(sizeof(GfxFontDict) == sizeof(FontList) && alignof(GfxFontDict) == alignof(FontList), "GfxFontDict is its list of fonts");
    static_assert(std::is_standard_layout_v<GfxFontDict>, "GfxFontDict's list of fonts is at its start");
    const int count = std::max(0, fonts->getLength());
    if (made.size() + static_cast<size_t>(count) > limit) {
        made.clear();
    }
    auto *list = new FontList(static_cast<size_t>(count));
    for (int i = 0; i < count; i++) {
        const Object &entry = fonts->getValNF(i);
        // GfxFontDict's reference for a font: its own, or its place in the font dictionary's.
        const Ref ref = entry.isRef() ? entry.getRef() : Ref { i, 100000 + fontDictRef.num };
        const char *tag = fonts->getKey(i);
        Key key { ref.num, ref.gen, tag };
        auto found = made.find(key);
        if (found == made.end()) {
            std::shared_ptr<GfxFont> font;
            Object object = entry.fetch(xref);
            if (object.isDict()) {
                font = GfxFont::makeFont(xref, tag, ref, object.getDict());
                if (font && !font->isOk()) {
                    font.reset();
                }
            } else {
                error(errSyntaxError, -1, "font resource is not a dictionary");
            }
            found = made.emplace(std::move(key), std::move(font)).first;
        }
        (*list)[static_cast<size_t>(i)] = found->second;
    }
    return reinterpret_cast<GfxFontDict *>(list);
}

} // namespace page_text
