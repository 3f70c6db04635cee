#!/usr/bin/env python3
"""Writes N one-page PDFs, each with its own title and author in the Info
dictionary and on its page, for the shelf's section of bench/run.sh.

  make-shelf-books.py FOLDER N
"""
import os
import sys


def book(number):
    title, author = f"Book number {number}", f"Author {number % 37}"
    content = (f"BT /F1 28 Tf 72 600 Td ({title}) Tj ET "
               f"BT /F1 12 Tf 72 560 Td (by {author}) Tj ET").encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R "
               b"/Resources << /Font << /F1 5 0 R >> >> >>",
               None, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               f"<< /Title ({title}) /Author ({author}) >>".encode()]
    out, offsets = b"%PDF-1.4\n", []
    for index, body in enumerate(objects, 1):
        offsets.append(len(out))
        if body is None:
            out += b"%d 0 obj\n<< /Length %d >>\nstream\n" % (index, len(content)) + content + b"\nendstream\nendobj\n"
        else:
            out += b"%d 0 obj\n" % index + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def main():
    folder, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(folder, exist_ok=True)
    for number in range(1, count + 1):
        with open(os.path.join(folder, f"book-{number:05d}.pdf"), "wb") as file:
            file.write(book(number))


if __name__ == "__main__":
    main()
