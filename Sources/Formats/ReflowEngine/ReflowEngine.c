#include "ReflowEngine.h"
#include "CSHA256.h"

#include <mupdf/fitz.h>

#include <math.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

/* What a document may allocate. MuPDF checks every allocation it makes, so a
   cap here turns a hostile file's huge image or endless layout into one error
   (REFLOW_TOO_LARGE) instead of the process being killed. Each block carries
   its size in front, so that frees give the budget back. */
typedef struct {
    size_t used;
    size_t limit;
    int exceeded;
} budget;

enum { header_size = 16 }; /* keeps MuPDF's blocks 16-byte aligned, as malloc's are */

static void *budget_malloc(void *user, size_t size) {
    budget *b = user;
    if (size > b->limit - b->used) {
        b->exceeded = 1;
        return NULL;
    }
    unsigned char *block = malloc(size + header_size);
    if (!block) return NULL;
    memcpy(block, &size, sizeof size);
    b->used += size;
    return block + header_size;
}

static void budget_free(void *user, void *pointer) {
    if (!pointer) return;
    budget *b = user;
    unsigned char *block = (unsigned char *)pointer - header_size;
    size_t size;
    memcpy(&size, block, sizeof size);
    b->used -= size;
    free(block);
}

static void *budget_realloc(void *user, void *pointer, size_t size) {
    if (!pointer) return budget_malloc(user, size);
    if (size == 0) {
        budget_free(user, pointer);
        return NULL;
    }
    budget *b = user;
    unsigned char *block = (unsigned char *)pointer - header_size;
    size_t old;
    memcpy(&old, block, sizeof old);
    if (size > old && size - old > b->limit - b->used) {
        b->exceeded = 1;
        return NULL;
    }
    unsigned char *grown = realloc(block, size + header_size);
    if (!grown) return NULL;
    memcpy(grown, &size, sizeof size);
    b->used = b->used - old + size;
    return grown + header_size;
}

struct reflow_document {
    budget budget;
    fz_alloc_context alloc;
    fz_context *ctx;
    fz_document *doc;
    /* The book's bytes when it was given in memory; else its path. */
    fz_buffer *bytes;
    char *path;
    fz_archive *archive;
    int archive_tried;
    /* Each page's structured text as fz_search_page makes it, kept from search to search of the
       current layout (see search_text). */
    fz_stext_page **search_pages;
    int search_page_count;
    size_t search_chars;
    /* MuPDF's last warning or error: never printed, only given as a reason. */
    char last_message[256];
};

static void keep_message(void *user, const char *message) {
    reflow_document *d = user;
    if (!message) return;
    strncpy(d->last_message, message, sizeof d->last_message - 1);
    d->last_message[sizeof d->last_message - 1] = '\0';
}

static int32_t fail(int32_t status, const char *reason, char *message, size_t size) {
    if (message && size > 0) {
        size_t i = 0;
        for (; reason && reason[i] && i + 1 < size; i++) {
            char c = reason[i];
            message[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        }
        message[i] = '\0';
    }
    return status;
}

/* The status and reason for what fz_catch caught. */
static int32_t caught(reflow_document *d, char *message, size_t size) {
    if (d->budget.exceeded) return fail(REFLOW_TOO_LARGE, "needs more memory than a book may use", message, size);
    const char *reason = fz_caught_message(d->ctx);
    if (!reason || !*reason) reason = d->last_message;
    return fail(REFLOW_DAMAGED, reason, message, size);
}

static void start_call(reflow_document *d) {
    d->budget.exceeded = 0;
    d->last_message[0] = '\0';
}

/* Bytes handed to Swift: plain malloc, so that reflow_free needs no context. */
typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} record_writer;

static void write_bytes(record_writer *w, const void *bytes, size_t count) {
    if (w->failed) return;
    if (w->length + count > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 4096;
        while (capacity < w->length + count) capacity *= 2;
        uint8_t *grown = realloc(w->data, capacity);
        if (!grown) {
            w->failed = 1;
            return;
        }
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->length, bytes, count);
    w->length += count;
}

static void write_u32(record_writer *w, uint32_t value) {
    uint8_t bytes[4] = {(uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24)};
    write_bytes(w, bytes, 4);
}

static void write_string(record_writer *w, const char *text) {
    size_t length = text ? strlen(text) : 0;
    write_u32(w, (uint32_t)length);
    if (length) write_bytes(w, text, length);
}

static int32_t hand_over(record_writer *w, uint8_t **out, size_t *length, char *message, size_t size) {
    if (w->failed) {
        free(w->data);
        return fail(REFLOW_TOO_LARGE, "out of memory", message, size);
    }
    *out = w->data;
    *length = w->length;
    return REFLOW_OK;
}

int32_t reflow_open(const char *path, const uint8_t *bytes, size_t length, size_t memory_limit,
                    reflow_document **document, char *message, size_t message_size) {
    *document = NULL;
    reflow_document *d = calloc(1, sizeof *d);
    if (!d) return fail(REFLOW_TOO_LARGE, "out of memory", message, message_size);
    d->budget.limit = memory_limit ? memory_limit : (size_t)1 << 30;
    d->alloc.user = &d->budget;
    d->alloc.malloc = budget_malloc;
    d->alloc.realloc = budget_realloc;
    d->alloc.free = budget_free;
    /* A store (MuPDF's cache of decoded images, fonts and laid-out chapters)
       of a quarter of the budget, so the cache never crowds out the work. */
    d->ctx = fz_new_context(&d->alloc, NULL, d->budget.limit / 4);
    if (!d->ctx) {
        free(d);
        return fail(REFLOW_TOO_LARGE, "mupdf could not start", message, message_size);
    }
    fz_context *ctx = d->ctx;
    fz_set_warning_callback(ctx, keep_message, d);
    fz_set_error_callback(ctx, keep_message, d);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        fz_register_document_handlers(ctx);
        if (path) d->path = fz_strdup(ctx, path);
        else d->bytes = fz_new_buffer_from_copied_data(ctx, bytes, length);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) {
        reflow_close(d);
        return status;
    }
    *document = d;
    return REFLOW_OK;
}

/* MuPDF 1.21's EPUB accelerator, as epub-doc.c reads it: its magic numbers and version, the layout,
   the CRC-32 of the user stylesheet, whether the book's own CSS is used, and each chapter's page count.
   Any other content makes MuPDF lay the book out as if there were none. */
enum { accel_magic = (int32_t)0xacce1e7a, accel_epub = 0x62755065, accel_version = 0x00010001 };

static void put_i32(fz_context *ctx, fz_buffer *b, int32_t v) {
    unsigned char bytes[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    fz_append_data(ctx, b, bytes, 4);
}

static void put_f32(fz_context *ctx, fz_buffer *b, float v) {
    int32_t bits;
    memcpy(&bits, &v, 4);
    put_i32(ctx, b, bits);
}

static fz_buffer *make_accelerator(fz_context *ctx, float w, float h, float em, const int32_t *pages, int32_t count) {
    fz_buffer *b = fz_new_buffer(ctx, 64 + 4 * (size_t)count);
    fz_try(ctx) {
        const char *css = fz_user_css(ctx);
        uint32_t sum = (uint32_t)crc32(0, NULL, 0);
        if (css) sum = (uint32_t)crc32(sum, (const Bytef *)css, (uInt)strlen(css));
        put_i32(ctx, b, accel_magic);
        put_i32(ctx, b, accel_epub);
        put_i32(ctx, b, accel_version);
        put_f32(ctx, b, w);
        put_f32(ctx, b, h);
        put_f32(ctx, b, em);
        put_i32(ctx, b, (int32_t)sum);
        put_i32(ctx, b, fz_use_document_css(ctx));
        put_i32(ctx, b, count);
        for (int32_t i = 0; i < count; i++) put_i32(ctx, b, pages[i]);
    }
    fz_catch(ctx) {
        fz_drop_buffer(ctx, b);
        fz_rethrow(ctx);
    }
    return b;
}

static void open_document(reflow_document *d, const char *magic, double width, double height, double em,
                          const int32_t *pages, int32_t chapters) {
    fz_context *ctx = d->ctx;
    fz_stream *stream = NULL, *accel = NULL;
    fz_buffer *accel_bytes = NULL;
    fz_var(stream);
    fz_var(accel);
    fz_var(accel_bytes);
    fz_try(ctx) {
        stream = d->path ? fz_open_file(ctx, d->path) : fz_open_buffer(ctx, d->bytes);
        if (pages && chapters > 0) {
            accel_bytes = make_accelerator(ctx, (float)width, (float)height, (float)em, pages, chapters);
            accel = fz_open_buffer(ctx, accel_bytes);
            d->doc = fz_open_accelerated_document_with_stream(ctx, magic, stream, accel);
        } else {
            d->doc = fz_open_document_with_stream(ctx, magic, stream);
        }
        if (fz_is_document_reflowable(ctx, d->doc)) fz_layout_document(ctx, d->doc, (float)width, (float)height, (float)em);
    }
    fz_always(ctx) {
        fz_drop_stream(ctx, accel);
        fz_drop_buffer(ctx, accel_bytes);
        fz_drop_stream(ctx, stream);
    }
    fz_catch(ctx) {
        fz_rethrow(ctx);
    }
}

int32_t reflow_load(reflow_document *d, const char *magic, double width, double height, double em,
                    char *message, size_t message_size) {
    return reflow_load_with(d, magic, width, height, em, NULL, NULL, 0, message, message_size);
}

int32_t reflow_load_with(reflow_document *d, const char *magic, double width, double height, double em,
                         const char *css, const int32_t *pages, int32_t chapters, char *message, size_t message_size) {
    start_call(d);
    if (d->doc) return REFLOW_OK;
    fz_context *ctx = d->ctx;
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        /* Before the document is opened: MuPDF applies it as it parses each chapter. */
        if (css) fz_set_user_css(ctx, css);
        open_document(d, magic, width, height, em, pages, chapters);
        /* Counts for another spine would shift every page after the first difference. */
        if (pages && chapters > 0 && fz_count_chapters(ctx, d->doc) != chapters) {
            fz_drop_document(ctx, d->doc);
            d->doc = NULL;
            open_document(d, magic, width, height, em, NULL, 0);
        }
        /* Counting lays every chapter out (those the counts do not give): a book that
           cannot be laid out fails here, once. */
        if (fz_count_pages(ctx, d->doc) <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "no pages");
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
        fz_drop_document(ctx, d->doc);
        d->doc = NULL;
    }
    return status;
}

int32_t reflow_load_chapters(reflow_document *d, const char *magic, double width, double height, double em,
                             int32_t chapters, int32_t first, int32_t last, char *message, size_t message_size) {
    start_call(d);
    if (d->doc) return REFLOW_OK;
    if (chapters <= 0 || first < 0 || last < first || last >= chapters)
        return fail(REFLOW_NO_ENTRY, "no such chapters", message, message_size);
    fz_context *ctx = d->ctx;
    int32_t status = REFLOW_OK;
    int32_t *pages = NULL;
    fz_var(pages);
    fz_try(ctx) {
        /* An accelerator's -1 is a count MuPDF does not know and finds by laying the chapter out; a count
           it is given it believes, so the other chapters are never laid out (a page each, as far as
           page numbers go). Laying one of them out would find the count wrong and forget every count
           (accelerate_chapter): ReflowDocument never draws, reads or resolves a target in them. */
        pages = fz_malloc_array(ctx, chapters, int32_t);
        for (int32_t i = 0; i < chapters; i++) pages[i] = i >= first && i <= last ? -1 : 1;
        open_document(d, magic, width, height, em, pages, chapters);
        /* Chapters counted otherwise than by the package document the caller read: not a part of this book. */
        if (fz_count_chapters(ctx, d->doc) != chapters) fz_throw(ctx, FZ_ERROR_GENERIC, "the spine has another number of chapters");
        if (fz_count_pages(ctx, d->doc) <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "no pages");
    }
    fz_always(ctx) {
        fz_free(ctx, pages);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
        fz_drop_document(ctx, d->doc);
        d->doc = NULL;
    }
    return status;
}

int32_t reflow_chapter_pages(reflow_document *d, int32_t *pages, int32_t max_chapters) {
    start_call(d);
    fz_context *ctx = d->ctx;
    int32_t count = -1;
    if (!d->doc) return -1;
    fz_try(ctx) {
        int chapters = fz_count_chapters(ctx, d->doc);
        if (chapters > max_chapters) fz_throw(ctx, FZ_ERROR_GENERIC, "too many chapters");
        for (int i = 0; i < chapters; i++) pages[i] = fz_count_chapter_pages(ctx, d->doc, i);
        count = chapters;
    }
    fz_catch(ctx) {
        count = -1;
    }
    return count;
}

int32_t reflow_digest(reflow_document *d, uint8_t digest[32], char *message, size_t message_size) {
    start_call(d);
    fz_context *ctx = d->ctx;
    fz_stream *stream = NULL;
    fz_var(stream);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        /* ibook's own SHA-256 rather than MuPDF's: on the SHA extensions where the processor has
           them, as a book is hashed at every opening. */
        ibook_sha256 hash;
        ibook_sha256_start(&hash);
        stream = d->path ? fz_open_file(ctx, d->path) : fz_open_buffer(ctx, d->bytes);
        unsigned char chunk[65536];
        size_t count;
        while ((count = fz_read(ctx, stream, chunk, sizeof chunk)) > 0) ibook_sha256_add(&hash, chunk, count);
        ibook_sha256_end(&hash, digest);
    }
    fz_always(ctx) {
        fz_drop_stream(ctx, stream);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

const char *reflow_engine_version(void) { return FZ_VERSION; }

void reflow_sha256(const uint8_t *bytes, size_t length, uint8_t digest[32]) {
    ibook_sha256 hash;
    ibook_sha256_start(&hash);
    ibook_sha256_add(&hash, bytes, length);
    ibook_sha256_end(&hash, digest);
}

/* Kept search text belongs to one layout: dropped when the book is laid out again, or closed. */
static void forget_search_text(reflow_document *d) {
    for (int i = 0; i < d->search_page_count; i++) fz_drop_stext_page(d->ctx, d->search_pages[i]);
    fz_free(d->ctx, d->search_pages);
    d->search_pages = NULL;
    d->search_page_count = 0;
    d->search_chars = 0;
}

void reflow_close(reflow_document *d) {
    if (!d) return;
    fz_context *ctx = d->ctx;
    forget_search_text(d);
    fz_drop_archive(ctx, d->archive);
    fz_drop_document(ctx, d->doc);
    fz_drop_buffer(ctx, d->bytes);
    fz_free(ctx, d->path);
    fz_drop_context(ctx);
    free(d);
}

int32_t reflow_layout(reflow_document *d, double width, double height, double em, char *message, size_t message_size) {
    start_call(d);
    if (!d->doc) return fail(REFLOW_NO_PAGE, "not loaded", message, message_size);
    fz_context *ctx = d->ctx;
    int32_t status = REFLOW_OK;
    forget_search_text(d);
    fz_try(ctx) {
        if (fz_is_document_reflowable(ctx, d->doc)) fz_layout_document(ctx, d->doc, (float)width, (float)height, (float)em);
        if (fz_count_pages(ctx, d->doc) <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "no pages");
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

int32_t reflow_page_count(reflow_document *d) {
    start_call(d);
    fz_context *ctx = d->ctx;
    int32_t count = 0;
    if (!d->doc) return 0;
    fz_try(ctx) {
        count = fz_count_pages(ctx, d->doc);
    }
    fz_catch(ctx) {
        count = 0;
    }
    return count;
}

static fz_page *load_page(reflow_document *d, int32_t index) {
    fz_context *ctx = d->ctx;
    if (!d->doc) fz_throw(ctx, FZ_ERROR_GENERIC, "not loaded");
    if (index < 0 || index >= fz_count_pages(ctx, d->doc)) fz_throw(ctx, FZ_ERROR_GENERIC, "no page %d", index + 1);
    return fz_load_page(ctx, d->doc, index);
}

int32_t reflow_page_size(reflow_document *d, int32_t index, double *width, double *height, char *message,
                         size_t message_size) {
    start_call(d);
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_var(page);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect box = fz_bound_page(ctx, page);
        *width = box.x1 - box.x0;
        *height = box.y1 - box.y0;
    }
    fz_always(ctx) {
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

/* RGB pixmap rows (no alpha) copied out as opaque RGBA. */
static void copy_rgba(fz_context *ctx, fz_pixmap *pixmap, uint8_t *rgba) {
    int width = fz_pixmap_width(ctx, pixmap), height = fz_pixmap_height(ctx, pixmap);
    ptrdiff_t stride = fz_pixmap_stride(ctx, pixmap);
    int components = fz_pixmap_components(ctx, pixmap);
    const unsigned char *samples = fz_pixmap_samples(ctx, pixmap);
    for (int y = 0; y < height; y++) {
        const unsigned char *row = samples + y * stride;
        uint8_t *out = rgba + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            out[x * 4] = row[x * components];
            out[x * 4 + 1] = row[x * components + 1];
            out[x * 4 + 2] = row[x * components + 2];
            out[x * 4 + 3] = 255;
        }
    }
}

int32_t reflow_render(reflow_document *d, int32_t index, int32_t width, int32_t height, uint8_t *rgba,
                      char *message, size_t message_size) {
    start_call(d);
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
        return fail(REFLOW_TOO_LARGE, "image size out of range", message, message_size);
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(page);
    fz_var(pixmap);
    fz_var(device);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect box = fz_bound_page(ctx, page);
        float pageWidth = box.x1 - box.x0, pageHeight = box.y1 - box.y0;
        if (!(pageWidth > 0) || !(pageHeight > 0)) fz_throw(ctx, FZ_ERROR_GENERIC, "page has no size");
        pixmap = fz_new_pixmap(ctx, fz_device_rgb(ctx), width, height, NULL, 0);
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        fz_matrix transform = fz_concat(fz_translate(-box.x0, -box.y0), fz_scale(width / pageWidth, height / pageHeight));
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_page(ctx, page, device, transform, NULL);
        fz_close_device(ctx, device);
        copy_rgba(ctx, pixmap, rgba);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

int32_t reflow_page_text(reflow_document *d, int32_t index, uint8_t **text, size_t *length, char *message,
                         size_t message_size) {
    start_call(d);
    *text = NULL;
    *length = 0;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_stext_page *stext = NULL;
    fz_var(page);
    fz_var(stext);
    record_writer writer = {0};
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        page = load_page(d, index);
        stext = fz_new_stext_page_from_page(ctx, page, NULL);
        int written_block = 0;
        for (fz_stext_block *block = stext->first_block; block; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            /* A blank line between blocks (paragraphs, headings): `read` shows where one ends, and
               search never joins a word hyphenated at a paragraph's end with the next one's first. */
            if (written_block) write_bytes(&writer, "\n", 1);
            written_block = 1;
            for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
                for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) {
                    char utf8[FZ_UTFMAX];
                    int count = fz_runetochar(utf8, ch->c);
                    write_bytes(&writer, utf8, (size_t)count);
                }
                write_bytes(&writer, "\n", 1);
            }
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, stext);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) {
        free(writer.data);
        return status;
    }
    return hand_over(&writer, text, length, message, message_size);
}

/* Finding where a table of contents points (ReflowDocument.pageIndex) searches the same pages for
   one entry after another: a chapter of 160 pages searched from its start for each of its 118
   sections made the structured text of each page dozens of times. So each page's is made once per
   layout and kept, up to this many characters in all (some 50 MB; a long novel has 1.2 million). */
enum { most_search_chars = 1500000 };

/* The page's structured text as fz_search_page makes it (hyphens at line ends joined): kept, or new
   and then owned by the caller (*kept is 0). */
static fz_stext_page *search_text(reflow_document *d, int32_t index, fz_page *page, int *kept) {
    fz_context *ctx = d->ctx;
    *kept = 0;
    if (index < d->search_page_count && d->search_pages[index]) {
        *kept = 1;
        return d->search_pages[index];
    }
    fz_stext_options options = {FZ_STEXT_DEHYPHENATE};
    fz_stext_page *text = fz_new_stext_page_from_page(ctx, page, &options);
    if (d->search_chars >= most_search_chars) return text;
    fz_try(ctx) {
        int pages = fz_count_pages(ctx, d->doc);
        if (!d->search_pages && pages > 0) {
            d->search_pages = fz_calloc(ctx, (size_t)pages, sizeof *d->search_pages);
            d->search_page_count = pages;
        }
        if (index < d->search_page_count) {
            size_t chars = 0;
            for (fz_stext_block *block = text->first_block; block; block = block->next)
                if (block->type == FZ_STEXT_BLOCK_TEXT)
                    for (fz_stext_line *line = block->u.t.first_line; line; line = line->next)
                        for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) chars++;
            d->search_pages[index] = text;
            d->search_chars += chars + 1;
            *kept = 1;
        }
    }
    fz_catch(ctx) {
        /* Not kept: the text is still the caller's to use. */
    }
    return text;
}

int32_t reflow_search(reflow_document *d, int32_t index, const char *needle, double *boxes, int32_t *marks,
                      int32_t max_hits) {
    start_call(d);
    if (max_hits <= 0 || !needle || !*needle) return 0;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_quad *quads = NULL;
    int *hit_marks = NULL;
    fz_stext_page *text = NULL;
    int kept = 0;
    fz_var(page);
    fz_var(quads);
    fz_var(hit_marks);
    fz_var(text);
    fz_var(kept);
    int32_t count = 0;
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect box = fz_bound_page(ctx, page);
        quads = fz_malloc_array(ctx, max_hits, fz_quad);
        hit_marks = fz_malloc_array(ctx, max_hits, int);
        text = search_text(d, index, page, &kept);
        count = fz_search_stext_page(ctx, text, needle, hit_marks, quads, max_hits);
        /* MuPDF marks the first quad of each occurrence; the others continue it (a word or line further). */
        int32_t occurrence = -1;
        for (int32_t i = 0; i < count; i++) {
            fz_rect r = fz_rect_from_quad(quads[i]);
            boxes[i * 4] = r.x0 - box.x0;
            boxes[i * 4 + 1] = r.y0 - box.y0;
            boxes[i * 4 + 2] = r.x1 - box.x0;
            boxes[i * 4 + 3] = r.y1 - box.y0;
            if (hit_marks[i] || occurrence < 0) occurrence++;
            marks[i] = occurrence;
        }
    }
    fz_always(ctx) {
        if (!kept) fz_drop_stext_page(ctx, text);
        fz_free(ctx, quads);
        fz_free(ctx, hit_marks);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        count = -1;
    }
    return count;
}

/* A link's page in the current layout, or -1. MuPDF throws for a target it does not know. */
static int32_t page_of_uri(reflow_document *d, const char *uri) {
    fz_context *ctx = d->ctx;
    int32_t page = -1;
    if (!d->doc) return -1;
    fz_try(ctx) {
        fz_location location = fz_resolve_link(ctx, d->doc, uri, NULL, NULL);
        if (location.chapter >= 0 && location.page >= 0) page = fz_page_number_from_location(ctx, d->doc, location);
    }
    fz_catch(ctx) {
        page = -1;
    }
    return page;
}

enum { deepest_outline = 64 };

static void write_outline(reflow_document *d, record_writer *w, fz_outline *item, uint32_t depth) {
    fz_context *ctx = d->ctx;
    for (; item; item = item->next) {
        int32_t page = -1;
        /* The entry's link resolved now, in the current layout: the page MuPDF
           remembered may be from the layout the outline was first read in. */
        if (item->uri && !fz_is_external_link(ctx, item->uri)) page = page_of_uri(d, item->uri);
        if (page < 0 && item->page.chapter >= 0) {
            fz_try(ctx) {
                page = fz_page_number_from_location(ctx, d->doc, item->page);
            }
            fz_catch(ctx) {
                page = -1;
            }
        }
        write_u32(w, depth);
        write_u32(w, (uint32_t)page);
        write_string(w, item->title);
        if (depth + 1 < deepest_outline) write_outline(d, w, item->down, depth + 1);
    }
}

int32_t reflow_outline(reflow_document *d, uint8_t **records, size_t *length, char *message, size_t message_size) {
    start_call(d);
    *records = NULL;
    *length = 0;
    fz_context *ctx = d->ctx;
    fz_outline *outline = NULL;
    fz_var(outline);
    record_writer writer = {0};
    int32_t status = REFLOW_OK;
    if (!d->doc) return fail(REFLOW_NO_PAGE, "not loaded", message, message_size);
    fz_try(ctx) {
        outline = fz_load_outline(ctx, d->doc);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) return status;
    write_outline(d, &writer, outline, 0);
    fz_drop_outline(ctx, outline);
    return hand_over(&writer, records, length, message, message_size);
}

/* A place that survives a new layout. MuPDF's own bookmarks (fz_make_bookmark) are pointers into
   the laid-out HTML of one open document: another document, or the same one after its chapter
   left the store, cannot look them up. So a place is its chapter and the number of letters
   (characters other than white space, which line breaks add and drop) of that chapter before
   it: chapter << 40 | letters. A book of fixed pages (CBZ, XPS) keeps its page index. */
enum { letter_bits = 40 };

static int is_letter(int c) {
    return c > 32 && c != 0xA0 && c != 0xAD && c != 0x3000 && !(c >= 0x2000 && c <= 0x200B) && c != 0xFEFF;
}

static uint64_t page_letters(reflow_document *d, int chapter, int page_in_chapter) {
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_stext_page *stext = NULL;
    fz_var(page);
    fz_var(stext);
    uint64_t count = 0;
    fz_try(ctx) {
        page = fz_load_chapter_page(ctx, d->doc, chapter, page_in_chapter);
        stext = fz_new_stext_page_from_page(ctx, page, NULL);
        for (fz_stext_block *block = stext->first_block; block; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            for (fz_stext_line *line = block->u.t.first_line; line; line = line->next)
                for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) count += is_letter(ch->c);
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, stext);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        count = 0;
    }
    return count;
}

uint64_t reflow_position(reflow_document *d, int32_t index) {
    start_call(d);
    fz_context *ctx = d->ctx;
    uint64_t position = 0;
    if (!d->doc) return 0;
    fz_try(ctx) {
        if (!fz_is_document_reflowable(ctx, d->doc)) {
            position = (uint64_t)(index < 0 ? 0 : index);
        } else {
            fz_location location = fz_location_from_page_number(ctx, d->doc, index);
            uint64_t letters = 0;
            for (int page = 0; page < location.page; page++) letters += page_letters(d, location.chapter, page);
            if (letters >= (uint64_t)1 << letter_bits) letters = ((uint64_t)1 << letter_bits) - 1;
            position = (uint64_t)(location.chapter < 0 ? 0 : location.chapter) << letter_bits | letters;
        }
    }
    fz_catch(ctx) {
        position = 0;
    }
    return position;
}

int32_t reflow_position_page(reflow_document *d, uint64_t position) {
    start_call(d);
    fz_context *ctx = d->ctx;
    int32_t found = -1;
    if (!d->doc) return -1;
    fz_try(ctx) {
        int count = fz_count_pages(ctx, d->doc);
        if (!fz_is_document_reflowable(ctx, d->doc)) {
            found = position < (uint64_t)count ? (int32_t)position : count - 1;
        } else {
            uint64_t chapter = position >> letter_bits, letters = position & (((uint64_t)1 << letter_bits) - 1);
            if (chapter < (uint64_t)fz_count_chapters(ctx, d->doc)) {
                int pages = fz_count_chapter_pages(ctx, d->doc, (int)chapter);
                uint64_t before = 0;
                int page = 0;
                /* The page holding the letter the place starts at. */
                for (; page < pages - 1; page++) {
                    uint64_t here = page_letters(d, (int)chapter, page);
                    if (letters < before + here) break;
                    before += here;
                }
                if (pages > 0) found = fz_page_number_from_location(ctx, d->doc, fz_make_location((int)chapter, page));
            }
        }
    }
    fz_catch(ctx) {
        found = -1;
    }
    return found;
}

/* reflow_position for every page at once, into starts (room for count): each page's letters are
   counted once, where asking page by page counts a chapter's earlier pages again for each page,
   which at a large type in a small window (a long chapter of hundreds of pages) takes minutes.
   Returns how many were written; 0 on failure. */
int32_t reflow_page_starts(reflow_document *d, uint64_t *starts, int32_t count) {
    start_call(d);
    fz_context *ctx = d->ctx;
    int32_t written = 0;
    if (!d->doc || !starts || count <= 0) return 0;
    fz_var(written);
    fz_try(ctx) {
        if (!fz_is_document_reflowable(ctx, d->doc)) {
            int pages = fz_count_pages(ctx, d->doc);
            for (; written < count && written < pages; written++) starts[written] = (uint64_t)written;
        } else {
            const uint64_t most = ((uint64_t)1 << letter_bits) - 1;
            int chapters = fz_count_chapters(ctx, d->doc);
            for (int chapter = 0; chapter < chapters && written < count; chapter++) {
                int pages = fz_count_chapter_pages(ctx, d->doc, chapter);
                uint64_t letters = 0;
                for (int page = 0; page < pages && written < count; page++) {
                    starts[written++] = (uint64_t)chapter << letter_bits | (letters < most ? letters : most);
                    if (page + 1 < pages) letters += page_letters(d, chapter, page);
                }
            }
        }
    }
    fz_catch(ctx) {
        written = 0;
    }
    return written;
}

/* Letters are counted over the structured text exactly as page_letters counts them, so that a
   place kept as a position (a highlight's first and last letter) finds the same characters in any
   layout. One box per line of the page: the union of the letters' boxes there, the spaces between included. */
int32_t reflow_letter_boxes(reflow_document *d, int32_t index, uint64_t first, uint64_t last, double *boxes,
                            int32_t max_boxes) {
    start_call(d);
    if (max_boxes <= 0 || !boxes || first > last) return 0;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_stext_page *stext = NULL;
    fz_var(page);
    fz_var(stext);
    int32_t count = 0;
    fz_var(count);
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect bounds = fz_bound_page(ctx, page);
        stext = fz_new_stext_page_from_page(ctx, page, NULL);
        uint64_t letter = 0;
        for (fz_stext_block *block = stext->first_block; block && letter <= last; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            for (fz_stext_line *line = block->u.t.first_line; line && letter <= last; line = line->next) {
                fz_rect line_box = fz_empty_rect;
                for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) {
                    if (!is_letter(ch->c)) continue;
                    if (letter >= first && letter <= last) line_box = fz_union_rect(line_box, fz_rect_from_quad(ch->quad));
                    letter++;
                }
                if (fz_is_empty_rect(line_box)) continue;
                /* MuPDF makes a line of each word a styled first line or a drop cap holds: one
                   box for what sits on one line of the page. */
                if (count > 0) {
                    double *previous = boxes + (count - 1) * 4;
                    double middle = (line_box.y0 + line_box.y1) / 2 - bounds.y0;
                    if (middle > previous[1] && middle < previous[3] && line_box.x0 - bounds.x0 >= previous[0]) {
                        if (line_box.x1 - bounds.x0 > previous[2]) previous[2] = line_box.x1 - bounds.x0;
                        if (line_box.y0 - bounds.y0 < previous[1]) previous[1] = line_box.y0 - bounds.y0;
                        if (line_box.y1 - bounds.y0 > previous[3]) previous[3] = line_box.y1 - bounds.y0;
                        continue;
                    }
                }
                if (count >= max_boxes) continue;
                boxes[count * 4] = line_box.x0 - bounds.x0;
                boxes[count * 4 + 1] = line_box.y0 - bounds.y0;
                boxes[count * 4 + 2] = line_box.x1 - bounds.x0;
                boxes[count * 4 + 3] = line_box.y1 - bounds.y0;
                count++;
            }
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, stext);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        count = -1;
    }
    return count;
}

static void write_f64(record_writer *w, double value) { write_bytes(w, &value, sizeof value); }

/* A character's style as one byte: the font's bold, italic and monospaced flags. */
static uint8_t char_style(fz_context *ctx, fz_stext_char *ch) {
    if (!ch->font) return 0;
    return (uint8_t)((fz_font_is_bold(ctx, ch->font) ? 1 : 0) | (fz_font_is_italic(ctx, ch->font) ? 2 : 0)
                     | (fz_font_is_monospaced(ctx, ch->font) ? 4 : 0));
}

int32_t reflow_page_runs(reflow_document *d, int32_t index, uint8_t **records, size_t *length, char *message,
                         size_t message_size) {
    start_call(d);
    *records = NULL;
    *length = 0;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_stext_page *stext = NULL;
    fz_var(page);
    fz_var(stext);
    record_writer writer = {0};
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect bounds = fz_bound_page(ctx, page);
        stext = fz_new_stext_page_from_page(ctx, page, NULL);
        for (fz_stext_block *block = stext->first_block; block; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            uint8_t kind = 1;
            write_bytes(&writer, &kind, 1);
            write_f64(&writer, block->bbox.x0 - bounds.x0);
            write_f64(&writer, block->bbox.x1 - bounds.x0);
            for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
                kind = 2;
                write_bytes(&writer, &kind, 1);
                write_f64(&writer, line->bbox.x0 - bounds.x0);
                write_f64(&writer, line->bbox.x1 - bounds.x0);
                write_f64(&writer, line->bbox.y0 - bounds.y0);
                fz_stext_char *ch = line->first_char;
                while (ch) {
                    uint8_t style = char_style(ctx, ch);
                    float size = ch->size, baseline = ch->origin.y;
                    fz_buffer *run = NULL;
                    fz_var(run);
                    fz_try(ctx) {
                        run = fz_new_buffer(ctx, 64);
                        while (ch && char_style(ctx, ch) == style && ch->size == size && ch->origin.y == baseline) {
                            fz_append_rune(ctx, run, ch->c);
                            ch = ch->next;
                        }
                        fz_terminate_buffer(ctx, run);
                        kind = 3;
                        write_bytes(&writer, &kind, 1);
                        write_bytes(&writer, &style, 1);
                        write_f64(&writer, size);
                        write_f64(&writer, baseline - bounds.y0);
                        write_string(&writer, fz_string_from_buffer(ctx, run));
                    }
                    fz_always(ctx) {
                        fz_drop_buffer(ctx, run);
                    }
                    fz_catch(ctx) {
                        fz_rethrow(ctx);
                    }
                }
            }
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, stext);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) {
        free(writer.data);
        return status;
    }
    return hand_over(&writer, records, length, message, message_size);
}

/* MuPDF 1.21 takes only "scheme://" for an external link, so an HTML book's mailto: address comes
   back as a path beside its chapter ("OEBPS/mailto:a@b.org"): the address, or NULL. */
static const char *mail_address(const char *uri) {
    const char *found = strstr(uri, "mailto:");
    if (!found || (found != uri && found[-1] != '/')) return NULL;
    return found;
}

int32_t reflow_links(reflow_document *d, int32_t index, uint8_t **records, size_t *length, char *message,
                     size_t message_size) {
    start_call(d);
    *records = NULL;
    *length = 0;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL, *target = NULL;
    fz_link *links = NULL;
    fz_stext_page *stext = NULL;
    char *under = NULL;
    fz_var(page);
    fz_var(target);
    fz_var(links);
    fz_var(stext);
    fz_var(under);
    record_writer writer = {0};
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        page = load_page(d, index);
        fz_rect box = fz_bound_page(ctx, page);
        double w = box.x1 - box.x0, h = box.y1 - box.y0;
        if (w <= 0 || h <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "page has no size");
        links = fz_load_links(ctx, page);
        for (fz_link *link = links; link; link = link->next) {
            if (!link->uri || fz_is_empty_rect(link->rect)) continue;
            int32_t to = -1;
            double top = -1;
            const char *uri = "";
            if (fz_is_external_link(ctx, link->uri)) {
                uri = link->uri;
            } else if (mail_address(link->uri)) {
                uri = mail_address(link->uri);
            } else {
                float x = 0, y = 0;
                fz_location location = fz_make_location(-1, -1);
                fz_try(ctx) {
                    location = fz_resolve_link(ctx, d->doc, link->uri, &x, &y);
                    if (location.chapter >= 0 && location.page >= 0) {
                        to = fz_page_number_from_location(ctx, d->doc, location);
                        /* MuPDF gives the target's y in its page's points; the fraction holds at any size. */
                        target = fz_load_chapter_page(ctx, d->doc, location.chapter, location.page);
                        fz_rect target_box = fz_bound_page(ctx, target);
                        double target_h = target_box.y1 - target_box.y0;
                        if (target_h > 0 && y > 0 && y <= target_h) top = (y - target_box.y0) / target_h;
                    }
                }
                fz_always(ctx) {
                    fz_drop_page(ctx, target);
                    target = NULL;
                }
                fz_catch(ctx) {
                    to = -1;
                }
                if (to < 0) continue;
            }
            write_f64(&writer, (link->rect.x0 - box.x0) / w);
            write_f64(&writer, (link->rect.y0 - box.y0) / h);
            write_f64(&writer, (link->rect.x1 - box.x0) / w);
            write_f64(&writer, (link->rect.y1 - box.y0) / h);
            write_u32(&writer, (uint32_t)to);
            write_f64(&writer, top);
            write_string(&writer, uri);
            /* The words under the link, for a reader to find it by in the page's text. */
            if (!stext) stext = fz_new_stext_page_from_page(ctx, page, NULL);
            under = fz_copy_rectangle(ctx, stext, link->rect, 0);
            for (char *c = under; c && *c; c++) if (*c == '\n') *c = ' ';
            write_string(&writer, under);
            fz_free(ctx, under);
            under = NULL;
        }
    }
    fz_always(ctx) {
        fz_free(ctx, under);
        fz_drop_stext_page(ctx, stext);
        fz_drop_link(ctx, links);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) {
        free(writer.data);
        return status;
    }
    return hand_over(&writer, records, length, message, message_size);
}

int32_t reflow_write_pdf(reflow_document *d, const char *path, char *message, size_t message_size) {
    start_call(d);
    if (!d->doc) return fail(REFLOW_NO_PAGE, "not loaded", message, message_size);
    fz_context *ctx = d->ctx;
    fz_document_writer *writer = NULL;
    fz_page *page = NULL;
    fz_var(writer);
    fz_var(page);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        writer = fz_new_document_writer(ctx, path, "pdf", "");
        int count = fz_count_pages(ctx, d->doc);
        for (int i = 0; i < count; i++) {
            page = fz_load_page(ctx, d->doc, i);
            fz_rect box = fz_bound_page(ctx, page);
            fz_device *device = fz_begin_page(ctx, writer, box);
            fz_run_page(ctx, page, device, fz_identity, NULL);
            fz_end_page(ctx, writer);
            fz_drop_page(ctx, page);
            page = NULL;
        }
        fz_close_document_writer(ctx, writer);
    }
    fz_always(ctx) {
        fz_drop_page(ctx, page);
        fz_drop_document_writer(ctx, writer);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

int32_t reflow_resolve_link(reflow_document *d, const char *uri) {
    start_call(d);
    return uri ? page_of_uri(d, uri) : -1;
}

static void open_archive(reflow_document *d) {
    if (d->archive_tried) return;
    d->archive_tried = 1;
    fz_context *ctx = d->ctx;
    fz_stream *stream = NULL;
    fz_var(stream);
    fz_try(ctx) {
        /* A stream of its own: the document reads the same file through another. */
        stream = d->path ? fz_open_file(ctx, d->path) : fz_open_buffer(ctx, d->bytes);
        if (fz_is_zip_archive(ctx, stream)) d->archive = fz_open_zip_archive_with_stream(ctx, stream);
    }
    fz_always(ctx) {
        fz_drop_stream(ctx, stream);
    }
    fz_catch(ctx) {
        d->archive = NULL;
    }
}

int32_t reflow_archive_entry(reflow_document *d, const char *name, size_t max_length, uint8_t **bytes,
                             size_t *length, char *message, size_t message_size) {
    start_call(d);
    *bytes = NULL;
    *length = 0;
    open_archive(d);
    if (!d->archive) return fail(REFLOW_NO_ENTRY, "not an archive", message, message_size);
    fz_context *ctx = d->ctx;
    fz_buffer *buffer = NULL;
    fz_var(buffer);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        if (!fz_has_archive_entry(ctx, d->archive, name)) {
            status = fail(REFLOW_NO_ENTRY, "no such entry", message, message_size);
        } else {
            buffer = fz_read_archive_entry(ctx, d->archive, name);
            unsigned char *data = NULL;
            size_t count = fz_buffer_storage(ctx, buffer, &data);
            if (count > max_length) {
                status = fail(REFLOW_TOO_LARGE, "entry too large", message, message_size);
            } else {
                *bytes = malloc(count ? count : 1);
                if (!*bytes) {
                    status = fail(REFLOW_TOO_LARGE, "out of memory", message, message_size);
                } else {
                    if (count) memcpy(*bytes, data, count);
                    *length = count;
                }
            }
        }
    }
    fz_always(ctx) {
        fz_drop_buffer(ctx, buffer);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

/* Whether the entry is one of `names` (count of them). */
static int32_t entry_index(const char *name, const char *const *names, int32_t count) {
    for (int32_t i = 0; i < count; i++)
        if (names[i] && strcmp(names[i], name) == 0) return i;
    return -1;
}

/* A stylesheet's `@import "fonts.css";` statements replaced by the stylesheets they name, when those
   sit in the same folder of the archive: MuPDF 1.21 ignores @import, so a book that declares its
   @font-face rules in an imported stylesheet (The Waste Land's fonts.css) would never use its fonts.
   Returns a new buffer, or NULL when there is nothing to replace. */
static fz_buffer *inline_imports(fz_context *ctx, fz_archive *archive, const char *name, fz_buffer *css) {
    unsigned char *data = NULL;
    size_t length = fz_buffer_storage(ctx, css, &data);
    const char *slash = strrchr(name, '/');
    size_t folder = slash ? (size_t)(slash - name) + 1 : 0;
    fz_buffer *out = NULL, *imported = NULL;
    char path[1024];
    size_t copied = 0;
    fz_var(out);
    fz_var(imported);
    fz_try(ctx) {
        for (size_t at = 0; at + 7 < length; at++) {
            if (data[at] != '@' || memcmp(data + at, "@import", 7) != 0) continue;
            size_t p = at + 7, end;
            while (p < length && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r')) p++;
            if (p + 4 <= length && memcmp(data + p, "url(", 4) == 0) p += 4;
            while (p < length && (data[p] == '"' || data[p] == '\'' || data[p] == ' ')) p++;
            size_t start = p;
            while (p < length && data[p] != '"' && data[p] != '\'' && data[p] != ')' && data[p] != ';' && data[p] != ' ') p++;
            size_t target = p - start;
            for (end = p; end < length && data[end] != ';' && data[end] != '\n'; end++) {}
            if (end >= length || data[end] != ';' || target == 0 || folder + target >= sizeof path) continue;
            if (memchr(data + start, '/', target) || memchr(data + start, ':', target)) continue;
            memcpy(path, name, folder);
            memcpy(path + folder, data + start, target);
            path[folder + target] = '\0';
            if (strcmp(path, name) == 0 || !fz_has_archive_entry(ctx, archive, path)) continue;
            imported = fz_read_archive_entry(ctx, archive, path);
            if (!out) out = fz_new_buffer(ctx, length + fz_buffer_storage(ctx, imported, NULL));
            fz_append_data(ctx, out, data + copied, at - copied);
            fz_append_buffer(ctx, out, imported);
            fz_append_byte(ctx, out, '\n');
            fz_drop_buffer(ctx, imported);
            imported = NULL;
            copied = end + 1;
            at = end;
        }
        if (out) fz_append_data(ctx, out, data + copied, length - copied);
    }
    fz_always(ctx) {
        fz_drop_buffer(ctx, imported);
    }
    fz_catch(ctx) {
        fz_drop_buffer(ctx, out);
        fz_rethrow(ctx);
    }
    return out;
}

static int is_stylesheet(const char *name) {
    size_t length = strlen(name);
    return length > 4 && fz_strcasecmp(name + length - 4, ".css") == 0;
}

int32_t reflow_deobfuscate(reflow_document *d, const char *const *names, const uint8_t *keys, const int32_t *key_lengths,
                           const int32_t *spans, int32_t count, const char *const *dropped, int32_t dropped_count,
                           char *message, size_t message_size) {
    start_call(d);
    if (d->doc) return fail(REFLOW_DAMAGED, "already loaded", message, message_size);
    open_archive(d);
    if (!d->archive) return fail(REFLOW_NO_ENTRY, "not an archive", message, message_size);
    fz_context *ctx = d->ctx;
    fz_buffer *copy = NULL, *entry = NULL;
    fz_zip_writer *zip = NULL;
    fz_var(copy);
    fz_var(entry);
    fz_var(zip);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        copy = fz_new_buffer(ctx, 1 << 20);
        zip = fz_new_zip_writer_with_output(ctx, fz_new_output_with_buffer(ctx, copy));
        int entries = fz_count_archive_entries(ctx, d->archive);
        for (int i = 0; i < entries; i++) {
            const char *name = fz_list_archive_entry(ctx, d->archive, i);
            if (!name || entry_index(name, dropped, dropped_count) >= 0) continue;
            entry = fz_read_archive_entry(ctx, d->archive, name);
            int32_t font = entry_index(name, names, count);
            if (font >= 0 && key_lengths[font] > 0) {
                unsigned char *data = NULL;
                size_t length = fz_buffer_storage(ctx, entry, &data);
                const uint8_t *key = keys + (size_t)font * reflow_key_size;
                size_t span = spans[font] <= 0 ? 0 : (size_t)spans[font] < length ? (size_t)spans[font] : length;
                for (size_t at = 0; at < span; at++) data[at] ^= key[at % (size_t)key_lengths[font]];
            }
            if (is_stylesheet(name)) {
                fz_buffer *whole = inline_imports(ctx, d->archive, name, entry);
                if (whole) {
                    fz_drop_buffer(ctx, entry);
                    entry = whole;
                }
            }
            /* Stored, not deflated again: the copy lives only while the book is open. */
            fz_write_zip_entry(ctx, zip, name, entry, 0);
            fz_drop_buffer(ctx, entry);
            entry = NULL;
        }
        fz_close_zip_writer(ctx, zip);
    }
    fz_always(ctx) {
        fz_drop_buffer(ctx, entry);
        fz_drop_zip_writer(ctx, zip);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
        fz_drop_buffer(ctx, copy);
        copy = NULL;
    }
    if (status != REFLOW_OK) return status;
    /* From now on the book is the copy: MuPDF opens it, and its entries are read from it. */
    fz_drop_archive(ctx, d->archive);
    d->archive = NULL;
    d->archive_tried = 0;
    fz_drop_buffer(ctx, d->bytes);
    fz_free(ctx, d->path);
    d->path = NULL;
    d->bytes = copy;
    return REFLOW_OK;
}

/* The tree walked without recursion (a hostile file may nest deeply), from
   `first` and its siblings down, as open/close/text records. */
static void write_xml(fz_context *ctx, record_writer *w, fz_xml *first) {
    fz_xml *top = fz_xml_up(first);
    fz_xml *node = first;
    while (node) {
        const char *tag = fz_xml_tag(node);
        if (tag) {
            uint8_t kind = 1;
            write_bytes(w, &kind, 1);
            write_string(w, tag);
            uint32_t count = 0;
            const char *name = NULL;
            while (fz_dom_get_attribute(ctx, node, (int)count, &name) && name) count++;
            write_u32(w, count);
            for (uint32_t i = 0; i < count; i++) {
                const char *value = fz_dom_get_attribute(ctx, node, (int)i, &name);
                write_string(w, name);
                write_string(w, value);
            }
            fz_xml *child = fz_xml_down(node);
            if (child) {
                node = child;
                continue;
            }
            kind = 2;
            write_bytes(w, &kind, 1);
        } else {
            uint8_t kind = 3;
            write_bytes(w, &kind, 1);
            write_string(w, fz_xml_text(node));
        }
        while (node) {
            fz_xml *next = fz_xml_next(node);
            if (next) {
                node = next;
                break;
            }
            node = fz_xml_up(node);
            if (!node || node == top) {
                node = NULL;
                break;
            }
            uint8_t kind = 2;
            write_bytes(w, &kind, 1);
        }
    }
}

int32_t reflow_parse_xml(reflow_document *d, const uint8_t *xml, size_t length, int32_t html5, uint8_t **records,
                         size_t *length_out, char *message, size_t message_size) {
    start_call(d);
    *records = NULL;
    *length_out = 0;
    fz_context *ctx = d->ctx;
    fz_buffer *buffer = NULL;
    fz_xml *tree = NULL;
    fz_var(buffer);
    fz_var(tree);
    record_writer writer = {0};
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        buffer = fz_new_buffer_from_copied_data(ctx, xml, length);
        tree = html5 ? fz_parse_xml_from_html5(ctx, buffer) : fz_parse_xml(ctx, buffer, 1);
        fz_xml *root = fz_xml_root(tree);
        if (!root) fz_throw(ctx, FZ_ERROR_GENERIC, "no root element");
        write_xml(ctx, &writer, root);
    }
    fz_always(ctx) {
        fz_drop_xml(ctx, tree);
        fz_drop_buffer(ctx, buffer);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    if (status != REFLOW_OK) {
        free(writer.data);
        return status;
    }
    return hand_over(&writer, records, length_out, message, message_size);
}

int32_t reflow_decode_image(reflow_document *d, const uint8_t *encoded, size_t length, int32_t max_side,
                            uint8_t **rgba, int32_t *width, int32_t *height, char *message, size_t message_size) {
    start_call(d);
    *rgba = NULL;
    *width = 0;
    *height = 0;
    if (max_side <= 0 || max_side > 16384) return fail(REFLOW_TOO_LARGE, "image size out of range", message, message_size);
    fz_context *ctx = d->ctx;
    fz_buffer *buffer = NULL;
    fz_image *image = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(buffer);
    fz_var(image);
    fz_var(pixmap);
    fz_var(device);
    int32_t status = REFLOW_OK;
    fz_try(ctx) {
        buffer = fz_new_buffer_from_copied_data(ctx, encoded, length);
        image = fz_new_image_from_buffer(ctx, buffer);
        if (image->w <= 0 || image->h <= 0) fz_throw(ctx, FZ_ERROR_GENERIC, "image has no size");
        double longer = image->w > image->h ? image->w : image->h;
        double scale = longer > max_side ? max_side / longer : 1;
        int outWidth = (int)fmax(1, round(image->w * scale)), outHeight = (int)fmax(1, round(image->h * scale));
        pixmap = fz_new_pixmap(ctx, fz_device_rgb(ctx), outWidth, outHeight, NULL, 0);
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        /* Drawn rather than decoded whole: MuPDF decodes a JPEG at a fraction of its size when it can. */
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_fill_image(ctx, device, image, fz_scale((float)outWidth, (float)outHeight), 1, fz_default_color_params);
        fz_close_device(ctx, device);
        *rgba = malloc((size_t)outWidth * outHeight * 4);
        if (!*rgba) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        copy_rgba(ctx, pixmap, *rgba);
        *width = outWidth;
        *height = outHeight;
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_image(ctx, image);
        fz_drop_buffer(ctx, buffer);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
    }
    return status;
}

/* A page box of zero, negative, infinite or absurd size is Letter, as SplashPages and the PDF
   module have it, rather than trusted with an allocation. */
static float sane_side(float side, float letter) { return isfinite(side) && side > 0 && side < 1e6f ? side : letter; }

enum { pdf_page_max_side = 8192 };

static int fitted_side(float side, float scale) {
    long pixels = lroundf(side * scale);
    return (int)(pixels < 1 ? 1 : pixels > pdf_page_max_side ? pdf_page_max_side : pixels);
}

int32_t reflow_render_pdf_page(const char *path, const char *password, int32_t page_index, int32_t longest,
                               size_t memory_limit, uint8_t **rgba, int32_t *width, int32_t *height, char *message,
                               size_t message_size) {
    *rgba = NULL;
    *width = 0;
    *height = 0;
    if (longest <= 0 || longest > pdf_page_max_side) return fail(REFLOW_TOO_LARGE, "image size out of range", message, message_size);
    reflow_document *d = NULL;
    int32_t status = reflow_open(path, NULL, 0, memory_limit, &d, message, message_size);
    if (status != REFLOW_OK) return status;
    fz_context *ctx = d->ctx;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(page);
    fz_var(pixmap);
    fz_var(device);
    /* Which step failed decides the status: a file MuPDF cannot open is the caller's to try elsewhere. */
    int32_t failing = REFLOW_DAMAGED;
    fz_var(failing);
    fz_try(ctx) {
        open_document(d, "pdf", 0, 0, 0, NULL, 0);
        if (fz_needs_password(ctx, d->doc)) {
            if (!password || !*password) {
                failing = REFLOW_PASSWORD_REQUIRED;
                fz_throw(ctx, FZ_ERROR_GENERIC, "needs a password");
            }
            if (!fz_authenticate_password(ctx, d->doc, password)) {
                failing = REFLOW_WRONG_PASSWORD;
                fz_throw(ctx, FZ_ERROR_GENERIC, "wrong password");
            }
        }
        failing = REFLOW_NO_PAGE;
        page = load_page(d, page_index);
        failing = REFLOW_RENDER_FAILED;
        /* The displayed page: the crop box, turned by the page's /Rotate. */
        fz_rect box = fz_bound_page(ctx, page);
        float pageWidth = sane_side(box.x1 - box.x0, 612), pageHeight = sane_side(box.y1 - box.y0, 792);
        float scale = fminf(longest / pageWidth, longest / pageHeight);
        int pixelWidth = fitted_side(pageWidth, scale), pixelHeight = fitted_side(pageHeight, scale);
        pixmap = fz_new_pixmap(ctx, fz_device_rgb(ctx), pixelWidth, pixelHeight, NULL, 0);
        /* On white, so that a transparent page (or its transparent parts) is paper-coloured. */
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        fz_matrix transform = fz_concat(fz_translate(-box.x0, -box.y0),
                                        fz_scale(pixelWidth / pageWidth, pixelHeight / pageHeight));
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_page(ctx, page, device, transform, NULL);
        fz_close_device(ctx, device);
        *rgba = malloc((size_t)pixelWidth * pixelHeight * 4);
        if (!*rgba) fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        copy_rgba(ctx, pixmap, *rgba);
        *width = pixelWidth;
        *height = pixelHeight;
        status = REFLOW_OK;
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught(d, message, message_size);
        if (status == REFLOW_DAMAGED) status = failing;
    }
    reflow_close(d);
    return status;
}

void reflow_free(uint8_t *bytes) { free(bytes); }
