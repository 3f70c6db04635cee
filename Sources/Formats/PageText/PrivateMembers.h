#ifndef IBOOK_PAGE_TEXT_PRIVATE_MEMBERS_H
#define IBOOK_PAGE_TEXT_PRIVATE_MEMBERS_H
/* The private members of poppler's classes that PageText reads or sets, as
   poppler-glib's TextSelectionDumper and GfxResources, their friends and
   owners, do. PrivateMembers.cpp reaches them through pointers to members
   taken in explicit template instantiations, where access is not checked
   ([temp.explicit]); nothing else in PageText names them. */
#include <Gfx.h>
#include <GfxFont.h>
#include <TextOutputDev.h>
#include <goo/GooString.h>

namespace page_text {

/* The block a line is in, which table a block belongs to (-1: none) and
   whether it ends a table's row: TextSelectionDumper's rows. */
TextBlock *blockOf(const TextLine *line);
int tableOf(const TextBlock *block);
bool endsTableRow(const TextBlock *block);

/* Whether the page reads left to right (a right-to-left line has its words
   reversed). */
bool isLeftToRight(const TextPage *page);

/* A word's characters from `begin`, `length` of them. */
const Unicode *charactersOf(const TextWord *word, int begin);

/* TextPage::dumpFragment: characters into `text`, right-to-left runs reordered. */
void appendFragment(const TextPage *page, const Unicode *characters, int length, const UnicodeMap *map, GooString *text);

/* The page's own resources (the bottom of the Gfx's stack while a page's
   contents are drawn) and the place of their fonts in them. */
GfxResources *pageResourcesOf(Gfx *gfx);
GfxFontDict *&fontsOf(GfxResources *resources);

} // namespace page_text

#endif
