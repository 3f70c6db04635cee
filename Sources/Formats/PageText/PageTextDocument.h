#ifndef IBOOK_PAGE_TEXT_DOCUMENT_H
#define IBOOK_PAGE_TEXT_DOCUMENT_H
#include "FontCache.h"
#include "PageText.h"

#include <GlobalParams.h>
#include <PDFDoc.h>
#include <goo/GooString.h>

#include <memory>
#include <vector>

/* What a page_text_document handle owns (PageText.h). */
struct page_text_document {
    /* poppler's settings (fonts, encodings) are one global object shared with
       poppler-glib, counted by its owners: whoever comes first makes it and
       chooses where poppler's messages go. */
    GlobalParamsIniter settings { [](ErrorCategory, Goffset, const char *) { } };
    std::unique_ptr<PDFDoc> document;
    // Declared after the document, so destroyed before it: fonts read the document's objects.
    page_text::FontCache fonts;
    // Kept from page to page: a page's text and boxes are written over the last one's.
    GooString text;
    std::vector<page_text_box> boxes;
    std::vector<double> sizes;
    bool hasLayout = false;
    // Which page and area they are of: the worker of add reads a page's text
    // after its annotations, which may have read it, and the title page's
    // glyphs before the pages; a second read of the same is the first's.
    int lastPage = -1;
    PDFRectangle lastSelection;
};

#endif
