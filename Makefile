# ibook: every target that needs system packages runs `deps` first, so each
# works on a fresh Debian 12 machine as the only command.

PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_BIN = .build/release/ibook
# The Swift runtime and Foundation linked in: a third less start-up time for
# every command and every extraction worker. Metadata of generic types (a
# Dictionary's storage, say) made by calling its accessor with the witness
# tables at hand, not by demangling its name, which has the runtime look each
# conformance up by scanning all of the binary's: a twentieth of a search.
RELEASE_FLAGS = -c release -Xswiftc -static-stdlib -Xswiftc -use-ld=lld \
                -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# (lld, the toolchain's linker: GNU ld warns at every link that the static
# Foundation mentions mktemp, a warning that says nothing about this code.)

# GLib's pkg-config files ask for -pthread, which SwiftPM refuses with a
# warning at every build; with glibc 2.34+ it means nothing, so the builds
# read copies of those files without it.
PKG_CONFIG_SHIM = .build/pkgconfig
# The lean ibook links these static archives from Debian's -dev packages (its
# target in Package.swift names the folder). The copies of their pkg-config files
# leave out -L of the system's library folder, which would come first on the
# linker's path and give it the shared libraries.
STATIC_LIBS = .build/static-libs
STATIC_ARCHIVES = libsqlite3.a liblz4.a libdeflate.a libutf8proc.a libstdc++.a
STATIC_LIB_MODULES = sqlite3 liblz4 libdeflate
export PKG_CONFIG_PATH := $(CURDIR)/$(PKG_CONFIG_SHIM)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

# Debian packages, and how to tell each is present without asking apt.
# xterm, xvfb and x11-apps (xwd) are for XtermTests: the page in a real
# sixel terminal on a private X server, screenshotted. ghostscript (gs) is for
# AnnotationTests: it draws annotations only as their appearance streams say.
# postgresql (its initdb and pg_ctl) is the server the shared-library tests start for
# themselves; libpq-dev (pg_config, libpq.pc) is what ibook talks to it through; pgbouncer is the
# pooler SharedPoolerTests put in front of it, as a department would.
# mupdf-tools' mutool is the bench's yardstick for EPUB text (`mutool convert -F text`).
# libmupdf-dev (static libmupdf.a) and the libraries it needs are what libibook-reflow.so links.
# libmicrohttpd-dev is the HTTP server of `ibook serve`; chromium (headless, driven by
# Tests/Browser/web_reader.py) is WebReaderBrowserTests' browser, openssl makes the TLS test's
# certificate and curl fetches over it. Installing chromium took 20.5 s here
# (downloaded and unpacked with the 21 packages it brought: 350 MB installed, chromium-common included).
# jing (Java) checks the feeds against Tests/Schemas' RELAX NG grammars (OPDSSchemaTests).
DEBIAN_PACKAGES = pkg-config libpoppler-glib-dev libsqlite3-dev libpango1.0-dev libcairo2-dev \
                  libqpdf-dev zlib1g-dev libchafa-dev poppler-utils qpdf fonts-noto-cjk fonts-dejavu-core weasyprint tmux \
                  man-db xterm xvfb x11-apps libcups2-dev cups-daemon cups-client cups-filters \
                  libstemmer-dev sqlite3 libtesseract-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-chi-sim tesseract-ocr-jpn tesseract-ocr-deu ghostscript \
                  postgresql libpq-dev pgbouncer libpoppler-private-dev libutf8proc-dev libdeflate-dev liblz4-dev mupdf-tools \
                  libmupdf-dev libmujs-dev libgumbo-dev libopenjp2-7-dev libjbig2dec0-dev libjpeg-dev libharfbuzz-dev libfreetype-dev \
                  libuchardet-dev libmicrohttpd-dev chromium openssl curl jing \
                  $(MANUAL_PACKAGES)
# Debian's own manuals, real PDFs of every kind (LaTeX, groff, SiSU, texinfo, beamer), whose titles
# and authors ManualTitlesTests checks against what their title pages say; one file of each package.
MANUAL_PACKAGES = r-doc-pdf ada-reference-manual-2012 groff developers-reference debian-policy live-manual-pdf \
                  packaging-tutorial zsh-doc
MANUAL_FILES = /usr/share/R/doc/manual/R-FAQ.pdf /usr/share/doc/ada-reference-manual-2012/arm2012.pdf.gz \
               /usr/share/doc/groff-base/pdf/automake.pdf.gz /usr/share/developers-reference/developers-reference.pdf \
               /usr/share/doc/debian-policy/policy.pdf.gz /usr/share/doc/live-manual/pdf/live-manual.landscape.en.a4.pdf \
               /usr/share/doc/packaging-tutorial/packaging-tutorial.pdf /usr/share/doc/zsh-common/zsh.pdf
PKG_CONFIG_MODULES = poppler-glib poppler sqlite3 pangocairo libqpdf zlib chafa tesseract libpq libutf8proc libdeflate liblz4 \
                     libopenjp2 harfbuzz freetype2 uchardet libmicrohttpd
# libcups2-dev has no cups.pc in Debian 12, so cups-config stands for it; cupsd, lpadmin and
# cups-filters' pdftopdf run the tests' private print queue. sqlite3 lets tests damage a library as a
# crash or another program could. PostgreSQL's initdb and pg_ctl are looked for in whichever
# /usr/lib/postgresql/VERSION/bin Debian installed (15 in Debian 12), as the tests look for them.
COMMANDS = pkg-config pdftotext pdfinfo qpdf fc-list weasyprint tmux man xterm Xvfb xwd tesseract sqlite3 \
           cups-config /usr/sbin/cupsd /usr/sbin/lpadmin /usr/sbin/cupsdisable /usr/lib/cups/filter/pdftopdf gs \
           pg_config psql pgbouncer mutool chromium openssl curl jing

.PHONY: all deps build test demo samplebooks docs bench install uninstall clean deb

all: build

deps:
	@missing=""; \
	for command in $(COMMANDS); do command -v $$command >/dev/null 2>&1 || missing="$$missing $$command"; done; \
	for module in $(PKG_CONFIG_MODULES); do pkg-config --exists $$module 2>/dev/null || missing="$$missing $$module"; done; \
	server=""; for bin in /usr/lib/postgresql/*/bin; do [ -x $$bin/initdb ] && [ -x $$bin/pg_ctl ] && server=$$bin; done; \
	[ -n "$$server" ] || missing="$$missing postgresql-server(initdb,pg_ctl)"; \
	fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing="$$missing fonts-noto-cjk"; \
	test -f /usr/include/libstemmer.h || missing="$$missing libstemmer-dev"; \
	test -f /usr/include/poppler/SplashOutputDev.h || missing="$$missing libpoppler-private-dev"; \
	for header in mupdf/fitz.h mujs.h gumbo.h jbig2.h jpeglib.h; do test -f /usr/include/$$header || missing="$$missing $$header"; done; \
	for file in $(MANUAL_FILES); do [ -f $$file ] || missing="$$missing $$file"; done; \
	for lang in eng osd chi_sim jpn deu; do [ -f /usr/share/tesseract-ocr/5/tessdata/$$lang.traineddata ] || missing="$$missing tesseract-$$lang"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages (missing:$$missing)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEBIAN_PACKAGES); \
	fi
	@mkdir -p $(PKG_CONFIG_SHIM); \
	for pc in $$(pkg-config --variable pc_path pkg-config | tr ':' ' '); do \
		for file in $$pc/*.pc; do \
			[ -f "$$file" ] && grep -q '^\(Cflags\|Libs\):.*-pthread' "$$file" && sed 's/ *-pthread//g' "$$file" > $(PKG_CONFIG_SHIM)/$${file##*/}; \
		done; \
	done; true
	@mkdir -p $(STATIC_LIBS); \
	for module in $(STATIC_LIB_MODULES); do \
		file=$$(pkg-config --path $$module); \
		sed 's|^Libs: *-L$${libdir} |Libs: |' "$$file" > $(PKG_CONFIG_SHIM)/$${file##*/}; \
	done; \
	for archive in $(STATIC_ARCHIVES); do \
		ln -sfn "$$(gcc -print-file-name=$$archive)" $(STATIC_LIBS)/$$archive; \
	done

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product ibook
	$(SWIFT) build $(RELEASE_FLAGS) --product ibook-full
	$(SWIFT) build $(RELEASE_FLAGS) --product ibook-pages
	$(SWIFT) build $(RELEASE_FLAGS) --product ibook-reflow

test: deps
	$(SWIFT) build --build-tests
	scripts/run-tests.sh $(SWIFT) test --skip-build --disable-swift-testing

demo: build
	scripts/demo.sh $(RELEASE_BIN)

# The generator lays the EPUB and the text book out with libibook-reflow.so, found beside it.
samplebooks: deps
	$(SWIFT) build -c release --product ibook-reflow
	$(SWIFT) build -c release --product make-samplebooks
	.build/release/make-samplebooks SampleBooks

# docs/commands.md from the command definitions, as the man page is; CommandReferenceTests
# fails when the committed file differs from what the binary prints. A debug build is enough.
docs: deps
	$(SWIFT) build --product ibook-full
	$$($(SWIFT) build --show-bin-path)/ibook-full manpage --markdown > docs/commands.md.tmp
	mv docs/commands.md.tmp docs/commands.md

# Measures ibook against pdftotext, pdfgrep, recoll and pdftoppm; writes bench/results.md.
# QUICK=1 for the short run. The script installs its own tools (hyperfine, pdfgrep, recollcmd, time).
bench: deps
	bench/run.sh $(if $(filter 1 yes true,$(QUICK)),--quick)

# Stripped: the symbols are for debugging builds, not for users (a third of the size).
install: build
	install -D -s -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/ibook
	install -D -s -m 755 $(RELEASE_BIN)-full $(DESTDIR)$(PREFIX)/libexec/ibook/ibook-full
	install -D -s -m 755 .build/release/libibook-pages.so $(DESTDIR)$(PREFIX)/libexec/ibook/libibook-pages.so
	install -D -s -m 755 .build/release/libibook-reflow.so $(DESTDIR)$(PREFIX)/libexec/ibook/libibook-reflow.so
	mkdir -p $(DESTDIR)$(PREFIX)/share/man/man1
	$(RELEASE_BIN)-full manpage > $(DESTDIR)$(PREFIX)/share/man/man1/ibook.1

# ibook_VERSION_amd64.deb from the release build (scripts/make-deb.sh), checked by lintian.
# scripts/test-deb.sh checks the package it makes without installing it.
deb: build
	@command -v lintian >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends lintian; }
	deb=$$(scripts/make-deb.sh .build/release .) && lintian --fail-on error "$$deb"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/ibook $(DESTDIR)$(PREFIX)/libexec/ibook/ibook-full $(DESTDIR)$(PREFIX)/libexec/ibook/libibook-pages.so \
		$(DESTDIR)$(PREFIX)/libexec/ibook/libibook-reflow.so \
		$(DESTDIR)$(PREFIX)/share/man/man1/ibook.1
	-rmdir $(DESTDIR)$(PREFIX)/libexec/ibook 2>/dev/null

clean:
	rm -rf .build demo-library ibook_*.deb
