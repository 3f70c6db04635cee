// libpoppler was built with TEXTOUT_WORD_LIST (its config.h, not the installed
// headers): without it TextWord's fields and accessors in TextOutputDev.h are
// not those of the library (libpoppler exports TextWordList, which only exists
// with it).
#define TEXTOUT_WORD_LIST 1

#include "PageText.h"

#include <ErrorCodes.h>
#include <Gfx.h>
#include <GlobalParams.h>
#include <Object.h>
#include <Page.h>
#include <PDFDoc.h>
#include <Stream.h>
#include <TextOutputDev.h>
#include <UnicodeMap.h>
#include <goo/GooString.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

/* The selection of a page is walked by poppler's own TextPage::visitSelection
   (exported), which calls back a TextSelectionVisitor: an abstract class that
   TextOutputDev.h only names and TextOutputDev.cc defines, unexported. This is
   its definition as poppler 22.12 has it, token for token, so that
   visitSelection calls this file's visitor through the same virtual slots.
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

TextSelectionVisitor::TextSelectionVisitor(TextPage *p) : page(p) { }

TextSelectionVisitor::~TextSelectionVisitor() = default;

namespace {

/* poppler-glib's dumper reads a few private members (which table a block is
   in, a page's direction) and calls TextPage::dumpFragment, private but
   exported: as a friend. Pointers to those members, taken in an explicit
   template instantiation, where access is not checked ([temp.explicit]). */
template <typename Tag, typename Tag::type Member>
struct Exposed {
    friend typename Tag::type member(Tag) { return Member; }
};

struct LineBlock {
    using type = TextBlock *TextLine::*;
    friend type member(LineBlock);
};
struct BlockTableId {
    using type = int TextBlock::*;
    friend type member(BlockTableId);
};
struct BlockTableEnd {
    using type = bool TextBlock::*;
    friend type member(BlockTableEnd);
};
struct PagePrimaryLR {
    using type = bool TextPage::*;
    friend type member(PagePrimaryLR);
};
struct PageDumpFragment {
    using type = int (TextPage::*)(const Unicode *, int, const UnicodeMap *, GooString *) const;
    friend type member(PageDumpFragment);
};
struct WordText {
    using type = Unicode *TextWord::*;
    friend type member(WordText);
};

template struct Exposed<LineBlock, &TextLine::blk>;
template struct Exposed<BlockTableId, &TextBlock::tableId>;
template struct Exposed<BlockTableEnd, &TextBlock::tableEnd>;
template struct Exposed<PagePrimaryLR, &TextPage::primaryLR>;
template struct Exposed<PageDumpFragment, &TextPage::dumpFragment>;
template struct Exposed<WordText, &TextWord::text>;

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

    void visitLine(TextLine *line, TextWord *, TextWord *, int, int, const PDFRectangle *) override
    {
        TextBlock *block = line->*member(LineBlock());
        const int blockTable = block->*member(BlockTableId());
        if (tableId >= 0 && blockTable < 0) {
            finishLine();
            tableId = -1;
            currentBlock = nullptr;
        }
        if (blockTable >= 0) { // a table: a row's cells make one line
            if (tableId == -1) {
                tableId = blockTable;
                currentBlock = block;
            }
            if (currentBlock == block) {
                startLine();
            } else {
                if (currentBlock->*member(BlockTableEnd())) {
                    startLine();
                }
                currentBlock = block;
            }
        } else {
            startLine();
        }
    }

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

    void finishLine()
    {
        if (open && !words.empty()) {
            if (!(page->*member(PagePrimaryLR()))) {
                std::reverse(words.begin(), words.end());
            }
            write();
        }
        words.clear();
        open = false;
    }

    /* One line of getText's (a newline before every line but the first) and of
       the layout's (an empty box at the previous line's end for that newline;
       a box from word to word for each space), and the font size of each box
       as poppler_page_get_text_attributes_for_area gives it (a space's and a
       newline's are the word's before). */
    void write()
    {
        if (lines > 0) {
            if (map) {
                text.append(eol, eolLength);
            }
            boxes.push_back({ lastX2, lastY2, lastX2, lastY2 });
            sizes.push_back(lastSize);
        }
        ++lines;
        const size_t count = words.size();
        for (size_t j = 0; j < count; j++) {
            const WordPart &part = words[j];
            const bool spaced = j + 1 < count && part.word->hasSpaceAfter();
            if (map) {
                (page->*member(PageDumpFragment()))(part.word->*member(WordText()) + part.begin, part.end - part.begin, map, &text);
                if (spaced) {
                    text.append(space, spaceLength);
                }
            }
            for (int k = part.begin; k < part.end; k++) {
                page_text_box box;
                part.word->getCharBBox(k, &box.x1, &box.y1, &box.x2, &box.y2);
                boxes.push_back(box);
            }
            const double size = part.word->getFontSize();
            sizes.insert(sizes.end(), static_cast<size_t>(part.end - part.begin), size);
            double x1, y1, x2, y2;
            part.word->getBBox(&x1, &y1, &x2, &y2);
            if (spaced) {
                double nextX1, nextY1, nextX2, nextY2;
                words[j + 1].word->getBBox(&nextX1, &nextY1, &nextX2, &nextY2);
                boxes.push_back({ x2, y1, nextX1, y2 });
                sizes.push_back(size);
            }
            lastX2 = x2;
            lastY2 = y2;
            lastSize = size;
        }
    }

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

struct page_text_document {
    /* poppler's settings (fonts, encodings) are one global object shared with
       poppler-glib, counted by its owners: whoever comes first makes it and
       chooses where poppler's messages go. */
    GlobalParamsIniter settings { [](ErrorCategory, Goffset, const char *) { } };
    std::unique_ptr<PDFDoc> document;
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
                                  int32_t *has_layout, char *message,
                                  size_t message_size)
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
        // layout order, then coalesced into flows, blocks, lines and words.
        std::unique_ptr<TextPage, TextPageRelease> textPage;
        {
            TextOutputDev output(nullptr, true, 0, false, false);
            // Destroyed after the text is taken: it ends the output's page again, as poppler-glib's does.
            std::unique_ptr<Gfx> gfx(page->createGfx(&output, 72.0, 72.0, 0, false, true, -1, -1, -1, -1, false, nullptr, nullptr));
            page->display(gfx.get());
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
