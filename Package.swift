// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ibook",
    products: [
        .executable(name: "ibook", targets: ["ibook"]),
        .executable(name: "ibook-full", targets: ["ibook-full"]),
        // Pages rendered by poppler's Splash, opened by `ibook thumbnail` on first use (dlopen).
        .library(name: "ibook-pages", type: .dynamic, targets: ["SplashPages"]),
        // EPUB, FB2, CBZ, XPS and XHTML through MuPDF, opened by ibook-full with dlopen (ReflowDocuments).
        .library(name: "ibook-reflow", type: .dynamic, targets: ["ReflowEngine"]),
    ],
    targets: [
        // C libraries from Debian's packages, found with pkg-config.
        .systemLibrary(name: "CPoppler", path: "Sources/System/CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"])]),
        // poppler's own C++ API (PDFDoc, Splash), without GLib and cairo. Only SplashPages (C++) uses it.
        .systemLibrary(name: "CPopplerCore", path: "Sources/System/CPopplerCore", pkgConfig: "poppler",
                       providers: [.apt(["libpoppler-private-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/System/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // A library opened on first use: the mechanism of CPQ, CTesseract and CCups below.
        .target(name: "CLazyLibrary", path: "Sources/System/CLazyLibrary"),
        // libpq, for a library shared on a PostgreSQL server: its header, and its functions
        // forwarding to libpq.so.5, opened when a shared library is first used (libpq-dev).
        .target(name: "CPQ", dependencies: ["CLazyLibrary"], path: "Sources/System/CPQ"),
        .systemLibrary(name: "CZlib", path: "Sources/System/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libdeflate: zlib streams, deflated three times and inflated half again as fast as zlib does.
        .systemLibrary(name: "CDeflate", path: "Sources/System/CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // LZ4: page text in the library, read back several times faster than deflate's.
        .systemLibrary(name: "CLZ4", path: "Sources/System/CLZ4", pkgConfig: "liblz4", providers: [.apt(["liblz4-dev"])]),
        .systemLibrary(name: "CPangoCairo", path: "Sources/System/CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CQPDF", path: "Sources/System/CQPDF", pkgConfig: "libqpdf",
                       providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(name: "CChafa", path: "Sources/System/CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        // Tesseract's C API, opened when OCR first needs it (libtesseract-dev; tesseract.pc would
        // also link libarchive and libcurl).
        .target(name: "CTesseract", dependencies: ["CLazyLibrary"], path: "Sources/System/CTesseract"),
        // libcups, opened when printing first needs it (libcups2-dev, which has no cups.pc).
        .target(name: "CCups", dependencies: ["CLazyLibrary"], path: "Sources/System/CCups"),
        // Snowball's stemmers, opened when the first stemmer is made (libstemmer-dev, no .pc file either).
        .target(name: "CStemmer", path: "Sources/System/CStemmer"),
        // utf8proc's Unicode tables: NFC, NFKC, case folding and decompositions without ICU.
        // No pkgConfig: libutf8proc.pc's -DUTF8PROC_EXPORTS is a flag SwiftPM refuses (and warns about).
        .systemLibrary(name: "CUtf8proc", path: "Sources/System/CUtf8proc", providers: [.apt(["libutf8proc-dev"])]),
        // uchardet: which encoding a text file is in, when it has no BOM and is not UTF-8.
        .systemLibrary(name: "CUchardet", path: "Sources/System/CUchardet", pkgConfig: "uchardet", providers: [.apt(["libuchardet-dev"])]),
        // libmicrohttpd: the HTTP server of `ibook serve` (OPDS catalogs and downloads).
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/System/CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

        // Thin, safe Swift over the C libraries. They know nothing of books.
        // Output files that appear whole or not at all.
        .target(name: "FileOutput", dependencies: ["FileNames", "LeanBasics"], path: "Sources/Foundations/FileOutput"),
        // File names as bytes: names that are not UTF-8 carried in a String without loss, shown escaped.
        .target(name: "CProcessArguments", path: "Sources/System/CProcessArguments"),
        .target(name: "FileNames", dependencies: ["CProcessArguments"], path: "Sources/Foundations/FileNames"),
        // Pixels in memory and PNG: what the renderer hands the reader and the terminal.
        .target(name: "Raster", dependencies: ["Deflate"], path: "Sources/Foundations/Raster"),
        // Deflate through libdeflate: PNG, and page text as libraries stored it before LZ4.
        .target(name: "Deflate", dependencies: ["CDeflate"], path: "Sources/Foundations/Deflate"),
        // LZ4 blocks through liblz4: page text in the library.
        .target(name: "LZ4", dependencies: ["CLZ4"], path: "Sources/Foundations/LZ4"),
        // What a book is made of, whatever its format (BookDocument), and the formats ibook knows.
        .target(name: "Documents", dependencies: ["Raster"], path: "Sources/Formats/Documents"),
        // A page's text and its characters' boxes in one pass of poppler's TextOutputDev (C++ over
        // poppler's own API, as pdftotext reads), the same as poppler-glib's two selection walks give.
        // (libpoppler was built with TEXTOUT_WORD_LIST, in its config.h rather than its installed headers:
        // without it TextOutputDev.h's TextWord has neither the library's fields nor its boxes' accessors.)
        .target(name: "PageText", dependencies: ["CPopplerCore"], path: "Sources/Formats/PageText", cxxSettings: [.define("TEXTOUT_WORD_LIST")]),
        .target(name: "PDF", dependencies: ["Documents", "FileNames", "CPoppler", "PageText", "FileOutput", "Raster", "TextCells"], path: "Sources/Formats/PDF"),
        // Which engine opens which format: PDFs with poppler, EPUB, FB2, comics and plain text with
        // the reflow engine (libibook-reflow.so, MuPDF), each behind the Documents module's BookDocument.
        .target(name: "BookOpening", dependencies: ["Documents", "FileNames", "PDF", "ReflowDocuments", "PlainTextBooks"], path: "Sources/Formats/BookOpening"),
        // The terminal: raw mode, keys, size, signals, and the image protocols
        // (kitty, iTerm2, sixel, blocks) as encoders from pixels to bytes. No books.
        .target(name: "TerminalIO", dependencies: ["Raster", "CChafa"], path: "Sources/Foundations/TerminalIO"),
        // Every worker process (`__extract`, `__ocr`, `__render`): this binary started again in a hidden mode,
        // JSON requests a line on its stdin, framed replies on its stdout, its limits, kills and time limits.
        .target(name: "Workers", path: "Sources/Foundations/Workers"),
        // Pages rendered in a worker process (`ibook-full __render`) for the reader.
        .target(name: "PageRendering", dependencies: ["FileNames", "PDF", "Raster", "BookOpening", "ReflowDocuments", "Workers"], path: "Sources/Library/PageRendering"),
        // The full-screen reader: a pure state machine (state, keys, view) and
        // the session that runs it on a terminal with pages rendered in a worker.
        .target(name: "Reader", dependencies: ["BookLibrary", "TerminalIO", "Raster", "TextCells", "PageRendering"], path: "Sources/Interface/Reader"),
        // The library screen (`ibook shelf`): covers in a grid, the same pure state machine and
        // session as the reader's, which it opens a book in.
        .target(name: "Shelf", dependencies: ["BookLibrary", "TerminalIO", "Raster", "Reader", "Drawing", "TextCells"], path: "Sources/Interface/Shelf"),
        // Pages rendered by Splash in libibook-pages.so, built from SplashPages (C++ over poppler's
        // PDFDoc and SplashOutputDev, with a C API) as its own shared library and opened on first use, so
        // the lean ibook renders a thumbnail itself and its other commands never load poppler.
        // (--as-needed: swiftc links every product with the Swift runtime, which this C++ never calls.)
        .target(name: "SplashPages", dependencies: ["CPopplerCore"], path: "Sources/Formats/SplashPages",
                linkerSettings: [.unsafeFlags(["-nostartfiles", "-Xlinker", "--as-needed"])]),
        // MuPDF (Debian's static libmupdf.a) behind a small C API of reflow_* functions, built as its own
        // shared library with nothing of MuPDF exported: libmupdf.a defines opj_malloc, asprintf and
        // more, which linked into ibook-full would interpose on the libopenjp2 and glibc poppler uses.
        // (--exclude-libs ALL makes every archive's symbols local; mupdf.pc is stale, so the libraries are named here.)
        .target(name: "ReflowEngine", dependencies: ["CSHA256"], path: "Sources/Formats/ReflowEngine",
                // ShapeCache.c includes HarfBuzz's headers (hb_shape, which MuPDF calls).
                cSettings: [.unsafeFlags(["-I/usr/include/harfbuzz"])],
                linkerSettings: [
                    .unsafeFlags(["-nostartfiles", "-Xlinker", "--as-needed", "-Xlinker", "--exclude-libs", "-Xlinker", "ALL",
                                  // FontNameCompare.c: MuPDF's case-insensitive compare without its Unicode tables.
                                  "-Xlinker", "--wrap=fz_strcasecmp",
                                  // SearchCase.c: the search's upper case of ASCII without the tables.
                                  "-Xlinker", "--wrap=fz_toupper"]),
                    .linkedLibrary("mupdf"), .linkedLibrary("mupdf-third"), .linkedLibrary("mujs"),
                    .linkedLibrary("gumbo"), .linkedLibrary("openjp2"), .linkedLibrary("jbig2dec"),
                    .linkedLibrary("jpeg"), .linkedLibrary("harfbuzz"), .linkedLibrary("freetype"),
                    .linkedLibrary("z"), .linkedLibrary("m"),
                ]),
        // EPUB, FB2, CBZ and XHTML books read through libibook-reflow.so (dlopen, not linked): pages laid
        // out, rendered and searched, metadata and navigation read from the package's own XML.
        .target(name: "ReflowDocuments", dependencies: ["Documents", "FileNames", "Raster"], path: "Sources/Formats/ReflowDocuments"),
        // The thumbnail cache, and PDF pages drawn through libibook-reflow.so (MuPDF), or libibook-pages.so
        // (Splash) where MuPDF cannot open the file: both opened with dlopen, not linked.
        .target(name: "SplashThumbnails", dependencies: ["FileNames", "BookLibrary", "Raster", "FileOutput"], path: "Sources/Library/SplashThumbnails"),
        .target(name: "Store", dependencies: ["CSQLite", "LeanBasics"], path: "Sources/Foundations/Store"),
        // PostgreSQL through libpq, giving the rows and errors Store gives: the shared library's engine.
        .target(name: "Postgres", dependencies: ["CPQ", "CSHA256", "Store", "LeanBasics"], path: "Sources/Foundations/Postgres"),
        // Tesseract through its C API: page images in, text and word boxes out. Knows nothing of PDFs.
        .target(name: "OCR", dependencies: ["CTesseract", "Raster", "Documents"], path: "Sources/Formats/OCR"),
        .target(name: "Arguments", path: "Sources/Foundations/Arguments"),
        // What Foundation's NSString, CharacterSet, String(format:) and DateFormatter gave the
        // lean ibook's modules, so that they import FoundationEssentials and link no ICU.
        .target(name: "LeanBasics", path: "Sources/Foundations/LeanBasics"),
        // Foundation's case, width and accent folding (CoreFoundation's rules) on utf8proc.
        .target(name: "TextFolding", dependencies: ["CUtf8proc"], path: "Sources/Foundations/TextFolding"),
        // Page selections such as "2-10,15" or "iv-x", by number or page label.
        .target(name: "PageRanges", path: "Sources/Foundations/PageRanges"),
        // Plain-text books (.txt in any common encoding): their text as UTF-8, chapters, and XHTML to lay out.
        // Without Foundation (NFC is TextFolding's, on utf8proc), so the lean ibook can link it.
        .target(name: "PlainTextBooks", dependencies: ["CUchardet", "FileNames", "TextFolding"], path: "Sources/Formats/PlainTextBooks"),
        // Text measured in terminal columns (East Asian wide characters take two).
        .target(name: "TextCells", path: "Sources/Foundations/TextCells"),

        // The domain: the library catalog and its services. Never prints.
        // Text search with no SQL: words, folding, stems, languages, the query and its matches on a page.
        .target(name: "TextSearch", dependencies: ["CStemmer", "LeanBasics", "TextFolding"], path: "Sources/Library/TextSearch"),
        // SHA-256, for hashing books (BookLibrary, and the reflow engine for its layout cache): on the x86
        // SHA extensions where the processor has them, in portable C elsewhere.
        .target(name: "CSHA256", path: "Sources/System/CSHA256"),
        .target(name: "BookLibrary", dependencies: ["Documents", "FileNames", "FileOutput", "Store", "Deflate", "LZ4", "LeanBasics", "TextFolding", "TextSearch", "CSHA256"], path: "Sources/Library/BookLibrary"),
        // The SQLite store: a local library's schema and migrations, FTS5 indexes and search, and the writer of added books.
        .target(name: "SQLiteStore", dependencies: ["BookLibrary", "Store", "FileNames", "LeanBasics", "TextSearch"], path: "Sources/Library/SQLiteStore"),
        // The PostgreSQL store: a shared library's schema, roles, search and writers, behind BookLibrary's LibraryStore.
        .target(name: "PostgresStore", dependencies: ["BookLibrary", "Postgres", "Store", "FileNames", "LeanBasics", "TextSearch"], path: "Sources/Library/PostgresStore"),
        // A book's PDF opened again, and its pages' cached PNG thumbnails drawn
        // with the PDF module (for add and the reports, which link it anyway).
        .target(name: "PageThumbnails", dependencies: ["FileNames", "BookLibrary", "PDF", "SplashThumbnails", "BookOpening", "FileOutput", "Raster"], path: "Sources/Library/PageThumbnails"),
        // Reading PDFs into the library: extraction workers, the importer, contact sheets, layout text.
        .target(name: "BookIndexing", dependencies: ["FileNames", "BookLibrary", "PageThumbnails", "PDF", "BookOpening", "PlainTextBooks", "ReflowDocuments", "PageRanges", "Drawing", "Raster", "FileOutput", "OCR", "QPDF", "Workers"], path: "Sources/Library/BookIndexing"),

        // qpdf's C API owned and wrapped once: a document to read and change, a job run as its command line.
        .target(name: "QPDF", dependencies: ["CQPDF", "FileNames"], path: "Sources/Foundations/QPDF"),

        // A copy of a scanned book's PDF with the words OCR stored laid under its pages, invisible, by qpdf.
        .target(name: "SearchablePDF", dependencies: ["BookIndexing", "BookLibrary", "Documents", "PDF", "QPDF", "FileOutput"], path: "Sources/Workbench/SearchablePDF"),

        // Fills HTML templates with data and prints them to PDF with WeasyPrint. Never prints.
        .target(name: "Compose", dependencies: ["PDF", "FileOutput", "LeanBasics"], path: "Sources/Workbench/Compose"),

        // Drawing primitives for PDF reports and contact sheets (cairo + pango). Knows nothing of books.
        .target(name: "Drawing", dependencies: ["CPangoCairo", "Raster"], path: "Sources/Foundations/Drawing"),
        // The library's reports: assembled from BookLibrary, drawn with Drawing, or written as CSV/JSON.
        .target(name: "Reports", dependencies: ["BookLibrary", "BookIndexing", "PageThumbnails", "Drawing", "FileOutput", "FileNames", "PDF"], path: "Sources/Workbench/Reports"),

        // Text watermarks: a cairo/pango stamp laid over or under pages by qpdf. Never prints.
        .target(name: "Watermark", dependencies: ["FileNames", "PDF", "PageRanges", "CPangoCairo", "QPDF", "FileOutput"], path: "Sources/Workbench/Watermark"),

        // Title, authors, subject and keywords written into a PDF (Info and XMP) with qpdf: `edit --write`.
        .target(name: "MetadataWriting", dependencies: ["BookLibrary", "CQPDF", "QPDF", "FileOutput", "ReflowDocuments", "Deflate", "LeanBasics"], path: "Sources/Workbench/MetadataWriting"),
        // Highlights and notes written into a copy of a book's PDF by qpdf, with appearance streams.
        .target(name: "Annotating", dependencies: ["BookLibrary", "BookIndexing", "CQPDF", "QPDF", "FileOutput"], path: "Sources/Workbench/Annotating"),

        // CUPS through libcups: destinations, options, jobs. Knows nothing of books or PDFs.
        .target(name: "Printing", dependencies: ["FileNames", "CCups"], path: "Sources/Foundations/Printing"),
        // Printing a PDF: pages by number or label, decrypted or watermarked temporary copies, then Printing.
        .target(name: "BookPrinting", dependencies: ["FileNames", "FileOutput", "Printing", "Watermark", "PDF", "PageRanges",
                                                    "BookOpening", "Documents", "ReflowDocuments"], path: "Sources/Workbench/BookPrinting"),

        // The command line: parsing, printers and the commands that only read
        // the library. Never links poppler, so those commands start fast.
        .target(name: "IBookCLI", dependencies: ["FileNames", "BookLibrary", "SQLiteStore", "PostgresStore", "Arguments", "TextCells", "FileOutput", "SplashThumbnails", "LeanBasics"], path: "Sources/Interface/IBookCLI"),
        // `ibook`: runs the library commands and `thumbnail` itself and hands
        // every other command (and every --help) to ibook-full.
        // It links SQLite, LZ4, libdeflate, utf8proc and libstdc++ from the static archives of
        // Debian's packages, which `make deps` links into .build/static-libs: a start that maps
        // and binds five shared libraries fewer (1.9 ms instead of 3.6) is a twelfth of a common word's search.
        .executableTarget(name: "ibook", dependencies: ["FileNames", "IBookCLI", "BookLibrary", "Arguments"], path: "Sources/Interface/ibook",
                          linkerSettings: [.unsafeFlags(["-L\(Context.packageDirectory)/.build/static-libs"])]),
        // The password prompt every command that opens a PDF shares, and the words for a locked PDF.
        .target(name: "RenderCommands", dependencies: ["IBookCLI", "Arguments", "BookLibrary", "PageThumbnails", "FileOutput", "PDF", "FileNames"], path: "Sources/Interface/RenderCommands"),
        // `ibook serve`: the library over HTTP (libmicrohttpd) as OPDS catalogs and downloads. Never prints.
        .target(name: "Serving", dependencies: ["CMicroHTTPD", "BookLibrary", "PageThumbnails", "FileNames", "LeanBasics"], path: "Sources/Interface/Serving"),
        // `ibook-full`: every command, the PDF workbench and the extraction workers.
        .executableTarget(name: "ibook-full", dependencies: ["FileNames", "BookOpening", 
            "IBookCLI", "BookLibrary", "BookIndexing", "Arguments", "PDF", "FileOutput", "Compose", "Reports",
            "Watermark", "Raster", "TerminalIO", "PageRanges", "PageRendering", "Reader", "Printing", "BookPrinting", "ReflowDocuments",
            "MetadataWriting", "OCR", "SearchablePDF", "PageThumbnails", "RenderCommands", "Annotating", "Shelf", "Serving",
        ], path: "Sources/Interface/ibook-full"),

        // Generates the books in SampleBooks/ (make samplebooks): PDFs drawn with cairo, an EPUB and a
        // plain-text book whose pages it reads back through BookOpening, as ibook lays them out.
        .executableTarget(name: "make-samplebooks", dependencies: ["CPangoCairo", "BookOpening", "Documents", "Deflate"], path: "Sources/Tools/make-samplebooks"),
        // Image-only PDFs (grey page images, turned, noisy) made from real pages, for the OCR tests and benchmark.
        .executableTarget(name: "make-scans", dependencies: ["PDF", "Raster", "CPangoCairo"], path: "Sources/Tools/make-scans"),

        // Fixtures shared by the test targets: sample books, bad files, the built binary.
        .target(name: "TestSupport", dependencies: ["CZlib"], path: "Tests/TestSupport"),

        .testTarget(name: "ReflowDocumentsTests", dependencies: ["ReflowDocuments", "Documents", "FileNames", "Raster", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PDF", "TestSupport"]),
        .testTarget(name: "TerminalIOTests", dependencies: ["TerminalIO", "Raster", "PDF", "TestSupport"]),
        .testTarget(name: "ReaderTests", dependencies: ["Reader", "TerminalIO", "BookLibrary", "PDF", "PageRendering", "ReflowDocuments", "TestSupport"]),
        .testTarget(name: "ShelfTests", dependencies: ["Shelf", "TerminalIO"]),
        .testTarget(name: "ArgumentsTests", dependencies: ["Arguments"]),
        .testTarget(name: "PageRangesTests", dependencies: ["PageRanges"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Raster", "TestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Store"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers"]),
        .testTarget(name: "LeanBasicsTests", dependencies: ["LeanBasics", "FileNames", "TextFolding"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "Store", "TestSupport"]),
        .testTarget(name: "FileOutputTests", dependencies: ["FileOutput"]),
        .testTarget(name: "PDFTests", dependencies: ["PDF", "Drawing", "TestSupport"]),
        .testTarget(name: "BookLibraryTests", dependencies: ["BookLibrary", "SQLiteStore", "PostgresStore", "TextSearch", "FileNames", "BookIndexing", "BookOpening", "ReflowDocuments", "PDF", "Store", "TestSupport", "Deflate", "LZ4"]),
        .testTarget(name: "CLITests", dependencies: [
            "ibook", "ibook-full", "Drawing", "TestSupport", "Printing", "IBookCLI", "RenderCommands",
            "BookLibrary", "PostgresStore", "PDF", "PageThumbnails", "Watermark", "Compose", "Annotating", "BookPrinting", "ReflowDocuments",
        ]),
        .testTarget(name: "ComposeTests", dependencies: ["Compose", "ibook", "ibook-full", "TestSupport"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Drawing", "CPangoCairo", "ibook", "ibook-full", "TestSupport"]),
        .testTarget(name: "PrintingTests", dependencies: ["Printing"]),
        .testTarget(name: "BookPrintingTests", dependencies: ["BookPrinting", "Watermark", "TestSupport"]),
        .testTarget(name: "AnnotationTests", dependencies: [
            "ibook", "ibook-full", "PDF", "CPoppler", "CPangoCairo", "BookLibrary", "BookIndexing", "TestSupport",
        ]),
        .testTarget(name: "OCRTests", dependencies: ["OCR", "Raster", "PDF", "BookLibrary", "SQLiteStore", "TestSupport",
                                                    "ibook", "ibook-full", "make-scans"]),
        .testTarget(name: "PlainTextBooksTests", dependencies: ["PlainTextBooks", "TestSupport"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving"]),
        .testTarget(name: "WatermarkTests", dependencies: ["Watermark", "PDF", "CPangoCairo", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
