#ifndef IBOOK_SPLASH_PAGES_H
#define IBOOK_SPLASH_PAGES_H
/* One page of a PDF rendered by poppler's Splash (through poppler's own
   PDFDoc and SplashOutputDev: no GLib, no cairo), for the thumbnails
   `ibook thumbnail` writes.

   Built as its own shared library (libibook-pages.so) and opened with dlopen
   on the first thumbnail, so that the lean ibook renders without a second
   process while its other commands never load poppler. The lean binary does
   not include this header: it looks these two functions up by name, so their
   signatures are its contract (see PageImageLibrary.swift). */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SPLASH_PAGES_OK = 0,
    /* The file cannot be opened as a PDF; the message says what poppler said. */
    SPLASH_PAGES_DAMAGED = 1,
    SPLASH_PAGES_PASSWORD_REQUIRED = 2,
    SPLASH_PAGES_WRONG_PASSWORD = 3,
    /* The page does not exist or cannot be built (a hole in a broken page tree). */
    SPLASH_PAGES_NO_PAGE = 4,
    SPLASH_PAGES_RENDER_FAILED = 5,
};

/* Renders page `page_index` (0-based) of the PDF at `path` so that its longer
   side is `longest` pixels (the page's proportions kept, each side rounded;
   a page box of zero or absurd size is taken as Letter) on white, as 8-bit
   RGB rows of `*stride` bytes in `*rgb` (free it with splash_pages_free).
   `password` may be NULL. On failure returns a status above and writes a
   lowercase reason into `message`. Safe to call from one thread at a time. */
int32_t splash_pages_render(const char *path, const char *password, int32_t page_index, int32_t longest,
                            uint8_t **rgb, int32_t *width, int32_t *height, int32_t *stride,
                            char *message, size_t message_size);

void splash_pages_free(uint8_t *rgb);

#ifdef __cplusplus
}
#endif
#endif
