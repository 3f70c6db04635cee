#include "SelectionWriter.h"

#include "PrivateMembers.h"

#include <algorithm>

TextSelectionVisitor::TextSelectionVisitor(TextPage *p) : page(p) { }

TextSelectionVisitor::~TextSelectionVisitor() = default;

namespace page_text {

/* TextSelectionDumper::visitLine: a line of a table's block goes on with the
   row's line unless it starts its block, or the block before ended a row. */
void SelectionWriter::visitLine(TextLine *line, TextWord *, TextWord *, int, int, const PDFRectangle *)
{
    TextBlock *block = blockOf(line);
    const int blockTable = tableOf(block);
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
            if (endsTableRow(currentBlock)) {
                startLine();
            }
            currentBlock = block;
        }
    } else {
        startLine();
    }
}

void SelectionWriter::finishLine()
{
    if (open && !words.empty()) {
        if (!isLeftToRight(page)) {
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
void SelectionWriter::write()
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
            appendFragment(page, charactersOf(part.word, part.begin), part.end - part.begin, map, &text);
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

} // namespace page_text
