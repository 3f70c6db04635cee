#ifndef IBOOK_PAGE_TEXT_H
#define IBOOK_PAGE_TEXT_H
/* A page's text and the box of each of its characters in one pass of poppler's
   TextOutputDev (poppler's own C++ API, as pdftotext uses it), for the PDF
   module's PDFPage.

   poppler-glib gives the same two through its selection API: get_text_for_area
   walks the page's selection and dumps it into a string, get_text_layout_for_area
   walks it again into a list of one object per word and a rectangle per
   character; both allocate per word and per line. Here one walk of the same
   selection (poppler's own TextPage::visitSelection) writes the text and the
   boxes into buffers the document keeps from page to page. The text and the
   boxes are poppler-glib's, byte for byte and box for box
   (ExtractionComparisonTests and OnePassCorpusTests compare the two). */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    PAGE_TEXT_OK = 0,
    /* The file cannot be opened as a PDF; the message says what poppler said. */
    PAGE_TEXT_DAMAGED = 1,
    PAGE_TEXT_PASSWORD_REQUIRED = 2,
    PAGE_TEXT_WRONG_PASSWORD = 3,
    /* The page does not exist or cannot be built (a hole in a broken page tree). */
    PAGE_TEXT_NO_PAGE = 4,
};

/* A character's box in points from the top-left of the displayed page: the
   layout of poppler-glib's PopplerRectangle. */
typedef struct {
    double x1, y1, x2, y2;
} page_text_box;

typedef struct page_text_document page_text_document;

/* Opens the PDF in `bytes` (which must outlive the document: a mapping of the
   file), or the file at `path` with `password` (which may be NULL). On failure
   returns a status above, leaves *document NULL and writes a lowercase reason
   into `message`. poppler's complaints go where poppler's error callback sends
   them (poppler-glib's, when it has opened a document first). */
int32_t page_text_open_bytes(const char *bytes, size_t length, page_text_document **document,
                             char *message, size_t message_size);
int32_t page_text_open_file(const char *path, const char *password, page_text_document **document,
                            char *message, size_t message_size);

void page_text_close(page_text_document *document);

/* The text of page `page_index` (0-based) within the selection (x1, y1)-(x2, y2),
   as poppler_page_get_text_for_area gives it (UTF-8, up to its first NUL), the
   boxes poppler_page_get_text_layout_for_area gives for the same area, and
   beside each box the font size poppler_page_get_text_attributes_for_area
   gives at that offset; *has_layout is 0 where the layout function returns
   FALSE (no line selected). The text, boxes and sizes belong to the document
   and last until it reads another page or area. */
int32_t page_text_read(page_text_document *document, int32_t page_index, double x1, double y1, double x2, double y2,
                       const char **text, size_t *text_length, const page_text_box **boxes, const double **font_sizes,
                       size_t *box_count, int32_t *has_layout, char *message, size_t message_size);

/* 0 when page `page_index` has no annotation of a kind ibook keeps (a note or
   a markup: not a link, a form field or a popup), read from the page's
   /Annots without making its annotations; 1 when it may have one. */
int32_t page_text_has_marks(page_text_document *document, int32_t page_index);

#ifdef __cplusplus
}
#endif
#endif
