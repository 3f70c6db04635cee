#include "PageText.h"

#include "PageTextDocument.h"
#include "SelectionWriter.h"

#include <ErrorCodes.h>
#include <GlobalParams.h>
#include <Object.h>
#include <Page.h>
#include <PDFDoc.h>
#include <Stream.h>
#include <TextOutputDev.h>
#include <goo/GooString.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using page_text::FontCache;
using page_text::SelectionWriter;

namespace {

int32_t fail(int32_t status, std::string reason, char *message, size_t size)
{
    std::transform(reason.begin(), reason.end(), reason.begin(), [](unsigned char c) { return std::tolower(c); });
    if (message && size > 0) {
        std::strncpy(message, reason.c_str(), size - 1);
        message[size - 1] = '\0';
    }
    return status;
}

/* A TextPage is reference-counted and freed by its last owner. */
struct TextPageRelease {
    void operator()(TextPage *page) const { page->decRefCnt(); }
};

} // namespace


namespace {

int32_t opened(std::unique_ptr<page_text_document> owner, bool withPassword, page_text_document **document, char *message, size_t message_size)
{
    PDFDoc &pdf = *owner->document;
    if (!pdf.isOk()) {
        if (pdf.getErrorCode() == errEncrypted) {
            return withPassword ? fail(PAGE_TEXT_WRONG_PASSWORD, "wrong password", message, message_size)
                                : fail(PAGE_TEXT_PASSWORD_REQUIRED, "needs a password", message, message_size);
        }
        return fail(PAGE_TEXT_DAMAGED, "poppler cannot open it (error " + std::to_string(pdf.getErrorCode()) + ")", message, message_size);
    }
    *document = owner.release();
    return PAGE_TEXT_OK;
}

/* What poppler-glib makes of a password (g_convert from UTF-8 to ISO-8859-1):
   its characters as Latin-1 bytes, or nothing when one is not Latin-1 or the
   UTF-8 is not valid. */
std::string latin1(const char *utf8)
{
    std::string bytes;
    for (const unsigned char *c = reinterpret_cast<const unsigned char *>(utf8); *c;) {
        if (*c < 0x80) {
            bytes += static_cast<char>(*c++);
        } else if ((*c == 0xC2 || *c == 0xC3) && (c[1] & 0xC0) == 0x80) {
            bytes += static_cast<char>(((*c & 0x03) << 6) | (c[1] & 0x3F));
            c += 2;
        } else {
            return {};
        }
    }
    return bytes;
}

} // namespace

extern "C" int32_t page_text_open_bytes(const char *bytes, size_t length, page_text_document **document, char *message, size_t message_size)
{
    *document = nullptr;
    auto owner = std::make_unique<page_text_document>();
    // The document owns the stream; the stream only reads the caller's bytes.
    owner->document = std::make_unique<PDFDoc>(new MemStream(bytes, 0, static_cast<Goffset>(length), Object(objNull)));
    return opened(std::move(owner), false, document, message, message_size);
}

extern "C" int32_t page_text_open_file(const char *path, const char *password, page_text_document **document, char *message, size_t message_size)
{
    *document = nullptr;
    auto owner = std::make_unique<page_text_document>();
    // As poppler-glib opens a file: the password in Latin-1 as owner's and
    // user's, then as given (UTF-8) if that was refused.
    std::optional<GooString> secret;
    if (password) {
        secret.emplace(latin1(password));
    }
    owner->document = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), secret, secret);
    if (password && !owner->document->isOk() && owner->document->getErrorCode() == errEncrypted) {
        owner->document = std::make_unique<PDFDoc>(std::make_unique<GooString>(path), GooString(password), GooString(password));
    }
    return opened(std::move(owner), password != nullptr, document, message, message_size);
}

extern "C" void page_text_close(page_text_document *document)
{
    delete document;
}

extern "C" int32_t page_text_read(page_text_document *document, int32_t page_index, double x1, double y1, double x2, double y2, const char **text,
                                  size_t *text_length, const page_text_box **boxes, const double **font_sizes, size_t *box_count,
                                  int32_t *has_layout, char *message, size_t message_size)
{
    PDFDoc &pdf = *document->document;
    Page *page = page_index >= 0 && page_index < pdf.getNumPages() ? pdf.getPage(page_index + 1) : nullptr;
    if (!page) {
        return fail(PAGE_TEXT_NO_PAGE, "page " + std::to_string(page_index + 1) + " cannot be read", message, message_size);
    }
    if (page_index != document->lastPage || document->lastSelection.x1 != x1 || document->lastSelection.y1 != y1
        || document->lastSelection.x2 != x2 || document->lastSelection.y2 != y2) {
        document->lastPage = -1;
        // The TextPage as poppler-glib builds it (poppler_page_get_text_page): the
        // page's contents without its annotations, at 72 dpi, cropped, in physical
        // layout order, then coalesced into flows, blocks, lines and words; but
        // with fonts made once for the document (FontCache).
        std::unique_ptr<TextPage, TextPageRelease> textPage;
        {
            TextOutputDev output(nullptr, true, 0, false, false);
            FontCache::Drawing drawing; // destroyed first, while the output it ends a page of is alive
            document->fonts.display(pdf, page, output, drawing);
            output.endPage();
            textPage.reset(output.takeText());
        }
        document->text.clear();
        document->boxes.clear();
        document->sizes.clear();
        PDFRectangle selection(x1, y1, x2, y2);
        SelectionWriter writer(textPage.get(), globalParams->getTextEncoding(), document->text, document->boxes, document->sizes);
        textPage->visitSelection(&writer, &selection, selectionStyleGlyph);
        writer.endPage();
        document->hasLayout = writer.wroteLine();
        document->lastPage = page_index;
        document->lastSelection = selection;
    }
    // poppler-glib hands the text over as a C string: it ends at a NUL, if any.
    *text = document->text.c_str();
    *text_length = std::strlen(document->text.c_str());
    *boxes = document->boxes.data();
    *box_count = document->boxes.size();
    *font_sizes = document->sizes.data();
    *has_layout = document->hasLayout ? 1 : 0;
    return PAGE_TEXT_OK;
}
