#!/bin/sh
# Checks ibook's .deb without installing it: its control fields, its files, and an
# ibook extracted from it that runs and finds its ibook-full.
# Usage: scripts/test-deb.sh [ibook_VERSION_ARCH.deb]
# Without an argument it builds one from the release build (make build first; slow),
# so it is run by hand, not by `make test`.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

if [ $# -ge 1 ]; then
    deb=$1
else
    deb=$("$top/scripts/make-deb.sh" "$top/.build/release" "$work")
fi
[ -f "$deb" ] || { echo "FAIL: no package at $deb" >&2; exit 1; }

version=$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' "$top/Sources/Interface/IBookCLI/CLI.swift")
info=$(dpkg-deb --info "$deb")
field() { printf '%s\n' "$info" | sed -n "s/^ $1: //p"; }
[ "$(field Package)" = ibook ] && ok "Package: ibook" || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] && ok "Version: $version" || fail "Version is '$(field Version)', CLI.version is '$version'"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] && ok "Architecture: $(field Architecture)" \
    || fail "Architecture is '$(field Architecture)'"
depends=$(field Depends)
[ -n "$depends" ] && ok "Depends is not empty" || fail "Depends is empty"
case "$depends" in *libpoppler*) ok "Depends names libpoppler" ;; *) fail "Depends has no libpoppler: $depends" ;; esac
case "$depends" in *libc6*) ok "Depends names libc6" ;; *) fail "Depends has no libc6: $depends" ;; esac

contents=$(dpkg-deb --contents "$deb")
for path in ./usr/bin/ibook ./usr/libexec/ibook/ibook-full ./usr/libexec/ibook/libibook-pages.so \
            ./usr/share/man/man1/ibook.1.gz ./usr/share/bash-completion/completions/ibook \
            ./usr/share/zsh/vendor-completions/_ibook ./usr/share/fish/vendor_completions.d/ibook.fish \
            ./usr/share/doc/ibook/copyright ./usr/share/doc/ibook/changelog.gz; do
    printf '%s\n' "$contents" | grep -q " $path\$" && ok "contains $path" || fail "does not contain $path"
done
printf '%s\n' "$contents" | grep -q ' root/root .* ./usr/bin/ibook$' && ok "files owned by root" || fail "files not owned by root/root"

dpkg-deb -x "$deb" "$work/tree"
tree=$work/tree
for binary in usr/bin/ibook usr/libexec/ibook/ibook-full usr/libexec/ibook/libibook-pages.so; do
    file "$tree/$binary" | grep -q 'not stripped' && fail "$binary is not stripped" || ok "$binary is stripped"
done
out=$("$tree/usr/bin/ibook" --version 2>&1) && [ "$out" = "ibook $version" ] && ok "ibook --version says '$out'" \
    || fail "ibook --version said '$out'"
# `help add` is one of the commands the lean ibook hands to ibook-full in ../libexec/ibook.
out=$("$tree/usr/bin/ibook" help add 2>&1) && printf '%s\n' "$out" | grep -qi 'usage' \
    && ok "ibook help add runs ibook-full from usr/libexec/ibook" || fail "ibook help add said: $out"
zcat "$tree/usr/share/man/man1/ibook.1.gz" | grep -q '^\.TH' && ok "man page has .TH" || fail "man page has no .TH"
grep -q 'License: GPL-3.0+' "$tree/usr/share/doc/ibook/copyright" && ok "copyright names GPL-3.0+" \
    || fail "copyright does not name GPL-3.0+"

if [ "$failures" -eq 0 ]; then echo "test-deb.sh: all checks passed ($deb)"; else echo "test-deb.sh: $failures failed" >&2; exit 1; fi
