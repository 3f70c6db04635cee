#!/usr/bin/env python3
"""Writes simple text PDFs with distinct, realistic-looking content for the benchmark.

  make-corpus.py DIR --files N --pages P [--seed S] [--prefix NAME]

Each page holds about 300 words drawn with a Zipf-like frequency from a fixed
vocabulary, so a common word is on nearly every page and a rare one on few.
A few marker words and phrases are planted at known rates so the search
benchmark has a rare word ("zymurgical", about 1 page in 500) and a two-word
phrase ("lighthouse keeper", about 1 page in 20). Pages are Flate-compressed
Helvetica text, as a word processor would write them.
"""
import argparse
import os
import random
import zlib

COMMON = ("the of and to in a is that for it as was with be by on not he this are or his from at which "
          "but have an they you were her she there been one all we their has would when if so no what "
          "out up into them some could time very then only its about other more these two may first new "
          "like our over such after most years made where much people through back also good well way").split()

SYLLABLES = ("ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge gi go ha he hi ho la le li lo lu "
             "ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu "
             "va ve vi vo wa we wi ya yo za ze zo tra tri pro pre str an en in on un ar er ir or ur").split()


def vocabulary(rng, size=12000):
    words = set()
    while len(words) < size:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        if word not in COMMON:
            words.add(word)
    return COMMON + sorted(words)


def zipf_weights(count):
    return [1.0 / (rank + 1) ** 1.05 for rank in range(count)]


def escape(text):
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def page_lines(rng, words, cumulative, page_number, book_number):
    chosen = rng.choices(words, cum_weights=cumulative, k=300)
    if rng.random() < 0.05:
        at = rng.randrange(len(chosen) - 1)
        chosen[at:at + 2] = ["lighthouse", "keeper"]
    if rng.random() < 0.002:
        chosen[rng.randrange(len(chosen))] = "zymurgical"
    # A token unique to this page keeps every page distinct.
    chosen.append(f"folio{book_number}x{page_number}")
    return wrap(chosen)


def wrap(words, width=80):
    """Words as lines of at most about `width` characters."""
    lines, line = [], []
    for word in words:
        line.append(word)
        if sum(len(w) + 1 for w in line) > width:
            lines.append(" ".join(line))
            line = []
    if line:
        lines.append(" ".join(line))
    return lines


def content_stream(lines, heading):
    parts = ["BT /F1 14 Tf 56 800 Td (" + escape(heading) + ") Tj ET", "BT /F1 10 Tf 56 770 Td 13 TL"]
    for text in lines:
        parts.append("(" + escape(text) + ") Tj T*")
    parts.append("ET")
    return "\n".join(parts).encode("latin-1")


def write_pdf(path, title, author, page_streams):
    objects = []  # index i holds object number i + 1

    def add(body):
        objects.append(body)
        return len(objects)

    catalog = add(None)
    pages = add(None)
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    info = add(("<< /Title (" + escape(title) + ") /Author (" + escape(author) + ") /Producer (ibook bench) >>").encode("latin-1"))
    kids = []
    for stream in page_streams:
        data = zlib.compress(stream, 6)
        content = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Contents %d 0 R "
                        b"/Resources << /Font << /F1 %d 0 R >> >> >>" % (pages, content, font)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages
    objects[pages - 1] = (b"<< /Type /Pages /Count %d /Kids [" % len(kids)
                          + b" ".join(b"%d 0 R" % k for k in kids) + b"] >>")
    temporary = path + ".part"
    with open(temporary, "wb") as out:
        out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, start=1):
            offsets.append(out.tell())
            out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
        xref = out.tell()
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
        for offset in offsets:
            out.write(b"%010d 00000 n \n" % offset)
        out.write(b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
                  % (len(objects) + 1, catalog, info, xref))
    os.replace(temporary, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory")
    parser.add_argument("--files", type=int, required=True)
    parser.add_argument("--pages", type=int, required=True, help="pages per file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--prefix", default="book")
    args = parser.parse_args()

    os.makedirs(args.directory, exist_ok=True)
    words = vocabulary(random.Random(7))
    weights = zipf_weights(len(words))
    cumulative, total = [], 0.0
    for weight in weights:
        total += weight
        cumulative.append(total)
    rng = random.Random(args.seed)
    for number in range(1, args.files + 1):
        book_id = args.seed * 100000 + number
        streams = [content_stream(page_lines(rng, words, cumulative, page, book_id), f"{args.prefix} {number}, page {page}")
                   for page in range(1, args.pages + 1)]
        write_pdf(os.path.join(args.directory, f"{args.prefix}-{number:04d}.pdf"),
                  f"{args.prefix.title()} {number} ({book_id})", "Bench Writer", streams)


if __name__ == "__main__":
    main()
