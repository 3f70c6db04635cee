#include "SplashPages.h"

#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace {

/* What poppler last said about the file: its messages are the reason given
   for a file it cannot open, never lines on the user's terminal. */
thread_local std::string lastPopplerMessage;

/* poppler-cpp hands over "syntax error (1234): what"; the reason is "what". */
void keepPopplerMessage(const std::string &message, void *) {
    const size_t colon = message.find(": ");
    const bool categorised = colon != std::string::npos && message.substr(0, colon).find("error") != std::string::npos;
    lastPopplerMessage = categorised ? message.substr(colon + 2) : message;
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
    poppler::set_debug_error_function(keepPopplerMessage, nullptr);
    lastPopplerMessage.clear();
    const std::string secret = password ? password : "";
    std::unique_ptr<poppler::document> document(poppler::document::load_from_file(path, secret, secret));
    if (!document) {
        return fail(SPLASH_PAGES_DAMAGED, lastPopplerMessage.empty() ? "poppler cannot open it" : lastPopplerMessage,
                    message, message_size);
    }
    if (document->is_locked()) {
        return secret.empty() ? fail(SPLASH_PAGES_PASSWORD_REQUIRED, "needs a password", message, message_size)
                              : fail(SPLASH_PAGES_WRONG_PASSWORD, "wrong password", message, message_size);
    }
    if (page_index < 0 || page_index >= document->pages()) {
        return fail(SPLASH_PAGES_NO_PAGE, "page " + std::to_string(page_index + 1) + " cannot be read", message, message_size);
    }
    std::unique_ptr<poppler::page> page(document->create_page(page_index));
    if (!page) {
        return fail(SPLASH_PAGES_NO_PAGE, "page " + std::to_string(page_index + 1) + " cannot be read", message, message_size);
    }

    // The displayed page: the crop box, turned by the page's /Rotate.
    const poppler::rectf box = page->page_rect(poppler::crop_box);
    double pageWidth = sane(box.width(), 612), pageHeight = sane(box.height(), 792);
    const poppler::page::orientation_enum turn = page->orientation();
    if (turn == poppler::page::landscape || turn == poppler::page::seascape) std::swap(pageWidth, pageHeight);
    const int side = std::max(1, std::min(static_cast<int>(longest), maximumSide));
    const double scale = std::min(side / pageWidth, side / pageHeight);
    const int pixelWidth = fitted(pageWidth, scale), pixelHeight = fitted(pageHeight, scale);

    poppler::page_renderer renderer;
    renderer.set_render_hints(poppler::page_renderer::antialiasing | poppler::page_renderer::text_antialiasing);
    renderer.set_image_format(poppler::image::format_rgb24);
    const poppler::image image = renderer.render_page(page.get(), 72.0 * pixelWidth / pageWidth, 72.0 * pixelHeight / pageHeight,
                                                      0, 0, pixelWidth, pixelHeight);
    if (!image.is_valid() || image.width() != pixelWidth || image.height() != pixelHeight) {
        return fail(SPLASH_PAGES_RENDER_FAILED,
                    lastPopplerMessage.empty() ? "no image of " + std::to_string(pixelWidth) + "x" + std::to_string(pixelHeight)
                                               : lastPopplerMessage,
                    message, message_size);
    }
    const size_t bytes = static_cast<size_t>(image.bytes_per_row()) * pixelHeight;
    auto *pixels = static_cast<uint8_t *>(std::malloc(bytes));
    if (!pixels) return fail(SPLASH_PAGES_RENDER_FAILED, "out of memory", message, message_size);
    std::memcpy(pixels, image.const_data(), bytes);
    *rgb = pixels;
    *width = pixelWidth;
    *height = pixelHeight;
    *stride = image.bytes_per_row();
    return SPLASH_PAGES_OK;
}

extern "C" void splash_pages_free(uint8_t *rgb) { std::free(rgb); }
