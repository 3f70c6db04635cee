#include "SplashPages.h"

#include <ErrorCodes.h>
#include <Error.h>
#include <GlobalParams.h>
#include <Page.h>
#include <PDFDoc.h>
#include <SplashOutputDev.h>
#include <goo/GooString.h>
#include <splash/SplashBitmap.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

/* poppler's own API (PDFDoc and SplashOutputDev, libpoppler-private-dev), not
   poppler-cpp: poppler-cpp draws a page through a copy of the document's
   cross-reference table, which reads every object the page needs a second
   time (object streams inflated again): three times pdftoppm's work for the
   same page. */

namespace {

/* What poppler last said about the file: its messages are the reason given
   for a file it cannot open, never lines on the user's terminal. */
thread_local std::string lastPopplerMessage;

void keepPopplerMessage(ErrorCategory, Goffset, const char *message) { lastPopplerMessage = message ? message : ""; }

/* poppler's settings (fonts, encodings) are one global object, made once. */
void startPoppler() {
    static std::once_flag started;
    std::call_once(started, [] {
        globalParams = std::make_unique<GlobalParams>();
        setErrorCallback(keepPopplerMessage);
    });
}

int32_t fail(int32_t status, std::string reason, char *message, size_t size) {
    std::transform(reason.begin(), reason.end(), reason.begin(), [](unsigned char c) { return std::tolower(c); });
    if (message && size > 0) {
        std::strncpy(message, reason.c_str(), size - 1);
        message[size - 1] = '\0';
    }
    return status;
}

/* A page box of zero, negative, infinite or absurd size is Letter, as the PDF
   module's saneSize has it, rather than trusted with an allocation. */
double sane(double side, double letter) { return std::isfinite(side) && side > 0 && side < 1e6 ? side : letter; }

const int maximumSide = 8192;

int fitted(double side, double scale) {
    return std::min(maximumSide, std::max(1, static_cast<int>(std::round(side * scale))));
}

}  // namespace

extern "C" int32_t splash_pages_render(const char *path, const char *password, int32_t page_index, int32_t longest,
                                       uint8_t **rgb, int32_t *width, int32_t *height, int32_t *stride,
                                       char *message, size_t message_size) {
    startPoppler();
    lastPopplerMessage.clear();
    std::optional<GooString> secret;
    if (password && *password) secret.emplace(password);
    PDFDoc document(std::make_unique<GooString>(path), secret, secret);
    if (!document.isOk()) {
        if (document.getErrorCode() == errEncrypted) {
            return secret ? fail(SPLASH_PAGES_WRONG_PASSWORD, "wrong password", message, message_size)
                          : fail(SPLASH_PAGES_PASSWORD_REQUIRED, "needs a password", message, message_size);
        }
        return fail(SPLASH_PAGES_DAMAGED, lastPopplerMessage.empty() ? "poppler cannot open it" : lastPopplerMessage,
                    message, message_size);
    }
    Page *page = page_index >= 0 && page_index < document.getNumPages() ? document.getPage(page_index + 1) : nullptr;
    if (!page) {
        return fail(SPLASH_PAGES_NO_PAGE, "page " + std::to_string(page_index + 1) + " cannot be read", message, message_size);
    }
    // The displayed page: the crop box, turned by the page's /Rotate.
    double pageWidth = sane(page->getCropWidth(), 612), pageHeight = sane(page->getCropHeight(), 792);
    if (page->getRotate() == 90 || page->getRotate() == 270) std::swap(pageWidth, pageHeight);
    const int side = std::max(1, std::min(static_cast<int>(longest), maximumSide));
    const double scale = std::min(side / pageWidth, side / pageHeight);
    const int pixelWidth = fitted(pageWidth, scale), pixelHeight = fitted(pageHeight, scale);

    SplashColor paper;
    paper[0] = paper[1] = paper[2] = 0xff;
    SplashOutputDev output(splashModeRGB8, 4, false, paper, true, splashThinLineDefault);
    output.setFontAntialias(true);
    output.setVectorAntialias(true);
    output.setFreeTypeHinting(false, false);
    output.startDoc(&document);
    document.displayPageSlice(&output, page_index + 1, 72.0 * pixelWidth / pageWidth, 72.0 * pixelHeight / pageHeight,
                              0, false, true, false, 0, 0, pixelWidth, pixelHeight);
    SplashBitmap *bitmap = output.getBitmap();
    if (!bitmap || bitmap->getWidth() != pixelWidth || bitmap->getHeight() != pixelHeight || !bitmap->getDataPtr()) {
        return fail(SPLASH_PAGES_RENDER_FAILED,
                    lastPopplerMessage.empty() ? "no image of " + std::to_string(pixelWidth) + "x" + std::to_string(pixelHeight)
                                               : lastPopplerMessage,
                    message, message_size);
    }
    const int rowBytes = bitmap->getRowSize();
    const size_t bytes = static_cast<size_t>(rowBytes) * pixelHeight;
    auto *pixels = static_cast<uint8_t *>(std::malloc(bytes));
    if (!pixels) return fail(SPLASH_PAGES_RENDER_FAILED, "out of memory", message, message_size);
    std::memcpy(pixels, bitmap->getDataPtr(), bytes);
    *rgb = pixels;
    *width = pixelWidth;
    *height = pixelHeight;
    *stride = rowBytes;
    return SPLASH_PAGES_OK;
}

extern "C" void splash_pages_free(uint8_t *rgb) { std::free(rgb); }
