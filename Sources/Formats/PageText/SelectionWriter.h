#ifndef IBOOK_PAGE_TEXT_SELECTION_WRITER_H
#define IBOOK_PAGE_TEXT_SELECTION_WRITER_H
#include "PageText.h"

#include <PDFDoc.h>
#include <TextOutputDev.h>
#include <UnicodeMap.h>
#include <goo/GooString.h>

#include <vector>

/* The selection of a page is walked by poppler's own TextPage::visitSelection
   (exported), which calls back a TextSelectionVisitor: an abstract class that
   TextOutputDev.h only names and TextOutputDev.cc defines, unexported. This is
   its definition as poppler 22.12 has it, token for token, so that
   visitSelection calls SelectionWriter through the same virtual slots.
   Its members are hidden: poppler's own copies are internal to libpoppler. */
class __attribute__((visibility("hidden"))) TextSelectionVisitor
{
public:
    explicit TextSelectionVisitor(TextPage *page);
    virtual ~TextSelectionVisitor();
    TextSelectionVisitor(const TextSelectionVisitor &) = delete;
    TextSelectionVisitor &operator=(const TextSelectionVisitor &) = delete;
    virtual void visitBlock(TextBlock *block, TextLine *begin, TextLine *end, const PDFRectangle *selection) = 0;
    virtual void visitLine(TextLine *line, TextWord *begin, TextWord *end, int edge_begin, int edge_end, const PDFRectangle *selection) = 0;
    virtual void visitWord(TextWord *word, int begin, int end, const PDFRectangle *selection) = 0;

protected:
    TextPage *page;
};

namespace page_text {

/* One word of a line as the selection has it: characters begin..<end. */
struct WordPart {
    TextWord *word;
    int begin, end;
};

/* poppler-glib's TextSelectionDumper (lines of words, the cells of a table row
   run together, a right-to-left page's words reversed) and, on each finished
   line, what its getText and poppler_page_get_text_layout_for_area make of
   that line, into the document's buffers: no object per word, no list per
   line, no string copied. */
class SelectionWriter final : public TextSelectionVisitor
{
public:
    SelectionWriter(TextPage *page, const UnicodeMap *map, GooString &text, std::vector<page_text_box> &boxes, std::vector<double> &sizes)
        : TextSelectionVisitor(page), map(map), text(text), boxes(boxes), sizes(sizes)
    {
        if (map) {
            spaceLength = map->mapUnicode(0x20, space, sizeof(space));
            eolLength = map->mapUnicode(0x0a, eol, sizeof(eol));
        }
    }

    void visitBlock(TextBlock *, TextLine *, TextLine *, const PDFRectangle *) override { }
    void visitLine(TextLine *line, TextWord *, TextWord *, int, int, const PDFRectangle *) override;
    void visitWord(TextWord *word, int begin, int end, const PDFRectangle *) override { words.push_back({ word, begin, end }); }

    void endPage() { finishLine(); }

    /* Whether any line was written: poppler-glib's layout is FALSE without one. */
    bool wroteLine() const { return lines > 0; }

private:
    void startLine()
    {
        finishLine();
        open = true;
    }

    void finishLine();
    void write();

    const UnicodeMap *map;
    GooString &text;
    std::vector<page_text_box> &boxes;
    std::vector<double> &sizes;
    char space[8], eol[16];
    int spaceLength = 0, eolLength = 0;

    std::vector<WordPart> words;
    bool open = false;
    int lines = 0;
    double lastX2 = 0, lastY2 = 0, lastSize = 0;
    int tableId = -1;
    TextBlock *currentBlock = nullptr;
};

} // namespace page_text

#endif
