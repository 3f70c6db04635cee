#ifndef IBOOK_REFLOW_ENGINE_H
#define IBOOK_REFLOW_ENGINE_H
/* EPUB, FB2, CBZ, XPS, MOBI and XHTML books through MuPDF, behind a small C API.

   Built as its own shared library (libibook-reflow.so) that exports only these
   reflow_* functions: Debian's libmupdf.a defines opj_malloc, asprintf and
   more, which must not interpose on the libraries poppler uses in ibook-full.
   ibook-full opens it with dlopen and looks each function up by name, so these
   signatures are its contract (see ReflowLibrary.swift); Swift never includes
   this header, and never sees a MuPDF type or an exception (fz_try).

   Every call that can fail returns a status and writes a lowercase reason
   into `message` (at most `message_size` bytes, NUL-terminated). A document
   is used from one thread at a time; each has its own fz_context. Buffers a
   function returns through `uint8_t **` are freed with reflow_free. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    REFLOW_OK = 0,
    /* MuPDF could not open or read the file; the message says what it said. */
    REFLOW_DAMAGED = 1,
    /* The document's memory cap was reached (a hostile or absurd file). */
    REFLOW_TOO_LARGE = 2,
    REFLOW_NO_PAGE = 3,
    REFLOW_NO_ENTRY = 4,
    /* reflow_render_pdf_page: the PDF is encrypted and no password was given, or not the right one. */
    REFLOW_PASSWORD_REQUIRED = 5,
    REFLOW_WRONG_PASSWORD = 6,
    /* reflow_render_pdf_page: the file opened and the page was found, but it could not be drawn. */
    REFLOW_RENDER_FAILED = 7,
};

typedef struct reflow_document reflow_document;

/* Takes the book at `path`, or, when `path` is NULL, the `length` bytes at
   `bytes` (copied), with `memory_limit` bytes for everything MuPDF allocates
   for it. Its archive entries can be read at once; reflow_load opens it as a
   document, so that a book can be refused (DRM, a bad package) before MuPDF lays it out. */
int32_t reflow_open(const char *path, const uint8_t *bytes, size_t length, size_t memory_limit,
                    reflow_document **document, char *message, size_t message_size);
/* Opens it with the handler `magic` names ("epub", "fb2", "cbz", "xps", "mobi",
   "xhtml"), reflowable books laid out at width × height points with an em of `em` points.
   The page functions below need a loaded document. */
int32_t reflow_load(reflow_document *document, const char *magic, double width, double height, double em,
                    char *message, size_t message_size);
void reflow_close(reflow_document *document);
/* reflow_load with `css` (NULL: none) over the book's own stylesheets, such as a printed book's
   page margins, and `pages` (NULL: none), each of `chapters` chapters' page count at this layout
   and stylesheet as reflow_chapter_pages gave it: MuPDF (an EPUB's handler, through its accelerator)
   then lays out only the chapters it draws. Counts for another number of chapters are ignored. */
int32_t reflow_load_with(reflow_document *document, const char *magic, double width, double height, double em,
                         const char *css, const int32_t *pages, int32_t chapters, char *message, size_t message_size);
/* reflow_load of an EPUB of `chapters` chapters (as its package document's spine counts them) that
   lays out only the chapters `first` to `last` (0-based, both included): the others count one page
   each and must not be drawn, read or looked into, so that a long book is read in parts, one worker
   a part. Fails when MuPDF counts another number of chapters. */
int32_t reflow_load_chapters(reflow_document *document, const char *magic, double width, double height, double em,
                             int32_t chapters, int32_t first, int32_t last, char *message, size_t message_size);
/* Each chapter's page count in the current layout into `pages`; the number of chapters, or -1
   (more than `max_chapters`, or not loaded). */
int32_t reflow_chapter_pages(reflow_document *document, int32_t *pages, int32_t max_chapters);
/* SHA-256 of the book's bytes (its file, or the bytes it was given). */
int32_t reflow_digest(reflow_document *document, uint8_t digest[32], char *message, size_t message_size);
void reflow_sha256(const uint8_t *bytes, size_t length, uint8_t digest[32]);
/* MuPDF's version: another version may lay the same chapter out on another number of pages. */
const char *reflow_engine_version(void);


int32_t reflow_layout(reflow_document *document, double width, double height, double em,
                      char *message, size_t message_size);
/* The number of pages in the current layout; 0 when it cannot be counted. */
int32_t reflow_page_count(reflow_document *document);
int32_t reflow_page_size(reflow_document *document, int32_t index, double *width, double *height,
                         char *message, size_t message_size);

/* Page `index` (0-based) drawn on white, stretched to exactly width × height
   pixels, as RGBA rows of width * 4 bytes into `rgba` (width * height * 4 bytes). */
int32_t reflow_render(reflow_document *document, int32_t index, int32_t width, int32_t height,
                      uint8_t *rgba, char *message, size_t message_size);

/* The page's text, UTF-8, one line of text per "\n"-terminated line. */
int32_t reflow_page_text(reflow_document *document, int32_t index, uint8_t **text, size_t *length,
                         char *message, size_t message_size);

/* Case-insensitive occurrences of `needle`, as boxes in page points: x0, y0, x1, y1 for
   each box, at most `max_hits`, and in `marks` the occurrence (0, 1, …) each box belongs to
   (MuPDF gives a box per word or line of a hit). Returns the number of boxes, or -1. */
int32_t reflow_search(reflow_document *document, int32_t index, const char *needle,
                      double *boxes, int32_t *marks, int32_t max_hits);

/* The outline as records: u32 depth, i32 page index (-1: none), string title,
   where a string is a u32 length and its bytes (little-endian). */
int32_t reflow_outline(reflow_document *document, uint8_t **records, size_t *length,
                       char *message, size_t message_size);

/* A place for the start of page `index` that survives a new layout (and another process):
   its chapter and how many letters of the chapter come before it. And the page (0-based, -1: none)
   that holds a place in the current layout. */
uint64_t reflow_position(reflow_document *document, int32_t index);
int32_t reflow_position_page(reflow_document *document, uint64_t position);
/* reflow_position of every page, in one pass, into starts (room for count); returns how many. */
int32_t reflow_page_starts(reflow_document *document, uint64_t *starts, int32_t count);

/* The boxes, in page points (x0, y0, x1, y1, one per line), of the letters `first` to `last` of page
   `index` (0-based, counted from the page's first letter as positions count them: white space not
   counted), at most `max_boxes`. Returns how many, or -1. */
int32_t reflow_letter_boxes(reflow_document *document, int32_t index, uint64_t first, uint64_t last, double *boxes,
                            int32_t max_boxes);

/* The page's text with its structure, for reading it in a terminal, as records: u8 1, a text
   block: f64 its left and right edges; u8 2, a line of it: f64 left and right edges, f64 top; u8 3, a run of characters
   of one style on that line: u8 style (1 bold, 2 italic, 4 monospaced), f64 type size, f64 baseline,
   string the text. Edges in points from the page's top-left. Strings as in reflow_outline. */
int32_t reflow_page_runs(reflow_document *document, int32_t index, uint8_t **records, size_t *length,
                         char *message, size_t message_size);

/* The page (0-based) a link target such as "EPUB/text/ch1.xhtml#p3" lands on; -1 when none. */
int32_t reflow_resolve_link(reflow_document *document, const char *uri);

/* The entry `name` of the book's zip archive, read whole if it is
   no longer than `max_length`. REFLOW_NO_ENTRY when it is absent or the book
   was not an archive. */
int32_t reflow_archive_entry(reflow_document *document, const char *name, size_t max_length,
                             uint8_t **bytes, size_t *length, char *message, size_t message_size);

/* The longest key reflow_deobfuscate takes: a SHA-1 (IDPF's obfuscation; Adobe's takes 16 bytes). */
enum { reflow_key_size = 20 };

/* Fonts an EPUB obfuscates, made whole: the book becomes a copy of its zip archive in memory (entries
   stored) in which the first spans[i] bytes of the entry names[i] are XORed with its key (key_lengths[i]
   bytes at keys + i * reflow_key_size, repeated), and the entries named in `dropped` (the
   encryption.xml MuPDF 1.21 refuses a book for) are left out. A stylesheet's @import of a stylesheet in
   its folder is replaced by that stylesheet (MuPDF 1.21 ignores @import, where such books declare their
   @font-face rules). Before reflow_load; the digest is the copy's. */
int32_t reflow_deobfuscate(reflow_document *document, const char *const *names, const uint8_t *keys,
                           const int32_t *key_lengths, const int32_t *spans, int32_t count, const char *const *dropped,
                           int32_t dropped_count, char *message, size_t message_size);

/* `length` bytes of XML parsed by MuPDF's parser (which expands no DTD
   entities), or when `html5` is not 0 by its HTML5 parser (gumbo, which never
   fails), into records: u8 kind, then 1 (open) name, u32 count, count ×
   (name, value); 2 (close); 3 (text) string. Strings as in reflow_outline. */
int32_t reflow_parse_xml(reflow_document *document, const uint8_t *xml, size_t length, int32_t html5,
                         uint8_t **records, size_t *length_out, char *message, size_t message_size);

/* An encoded image (PNG, JPEG, GIF, …) decoded and scaled so that its longer side is at
   most `max_side` pixels, drawn on white into RGBA rows of width * 4 bytes. */
int32_t reflow_decode_image(reflow_document *document, const uint8_t *encoded, size_t length, int32_t max_side,
                            uint8_t **rgba, int32_t *width, int32_t *height, char *message, size_t message_size);

/* The links on page `index` as records: f64 x0, y0, x1, y1 (fractions of the page from its top-left),
   i32 target page (-1: an external link), f64 the target's top as a fraction of its page (-1: unknown),
   string the external URI (empty for an internal link), string the text under the link. Internal links that resolve nowhere are left out. */
int32_t reflow_links(reflow_document *document, int32_t index, uint8_t **records, size_t *length,
                     char *message, size_t message_size);

/* Every page of the current layout, each the size it is laid out at, written as a PDF at `path`. */
int32_t reflow_write_pdf(reflow_document *document, const char *path, char *message, size_t message_size);

/* Page `page_index` (0-based) of the PDF at `path`, on its own: opened with `password` (NULL: none),
   drawn on white so that its longer side is `longest` pixels (1 to 8192; the crop box turned by /Rotate,
   its proportions kept, each side rounded; a box of zero or absurd size taken as Letter), as RGBA rows of
   width * 4 bytes in `*rgba` (free it with reflow_free), with `memory_limit` bytes for all MuPDF
   allocates (0: 1 GiB). REFLOW_DAMAGED when MuPDF cannot open the file as a PDF, REFLOW_NO_PAGE when
   it opens but has no such page, REFLOW_TOO_LARGE past the limit. For `ibook thumbnail`'s covers: one
   call, no document kept. */
int32_t reflow_render_pdf_page(const char *path, const char *password, int32_t page_index, int32_t longest,
                               size_t memory_limit, uint8_t **rgba, int32_t *width, int32_t *height, char *message,
                               size_t message_size);

void reflow_free(uint8_t *bytes);

#ifdef __cplusplus
}
#endif
#endif
