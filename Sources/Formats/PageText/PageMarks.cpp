#include "PageText.h"

#include "PageTextDocument.h"

#include <Object.h>
#include <Page.h>

#include <cstring>

namespace {

/* The /Subtype of the annotations ibook keeps (PageAnnotations.swift's
   kindName): poppler's Annots makes an annotation of each of these types from
   that name alone, and of any other name a link, a form field, a popup or an
   unknown one, which ibook leaves out. */
const char *const markSubtypes[] = {
    "Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight",
    "Underline", "Squiggly", "StrikeOut", "Stamp", "Caret", "Ink", "FileAttachment", "Sound",
};

bool isMark(const Object &annotation)
{
    if (!annotation.isDict()) {
        return false;
    }
    const Object subtype = annotation.dictLookup("Subtype");
    if (!subtype.isName()) {
        return false;
    }
    for (const char *name : markSubtypes) {
        if (std::strcmp(subtype.getName(), name) == 0) {
            return true;
        }
    }
    return false;
}

} // namespace

extern "C" int32_t page_text_has_marks(page_text_document *document, int32_t page_index)
{
    PDFDoc &pdf = *document->document;
    Page *page = page_index >= 0 && page_index < pdf.getNumPages() ? pdf.getPage(page_index + 1) : nullptr;
    if (!page) {
        return 1; // not known here: poppler-glib decides
    }
    const Object annotations = page->getAnnotsObject();
    if (!annotations.isArray()) {
        return 0;
    }
    for (int i = 0; i < annotations.arrayGetLength(); i++) {
        if (isMark(annotations.arrayGet(i))) {
            return 1;
        }
    }
    return 0;
}
