/* MuPDF 1.21's text search (fz_search_stext_page, which ReflowDocument uses to find where a table of
   contents points) compares every character of a page at every place a match could start with
   fz_toupper, which searches Unicode's case tables even for ASCII: a quarter of the search's time.
   Children's Literature looks for four entries' words on all of its 159 pages (they begin with a page
   number the pages do not show), and fz_toupper was 7% of adding it. The linker's --wrap=fz_toupper
   sends libmupdf.a's calls (stext-search.o's are the only ones) here; ASCII is answered at once, the
   same as MuPDF answers it (checked over -1 to 127 against libmupdf.a's own), the rest by MuPDF. */
__attribute__((visibility("hidden"))) int __wrap_fz_toupper(int c);
int __real_fz_toupper(int c);

int __wrap_fz_toupper(int c) {
    if (c >= -1 && c < 128) return c >= 'a' && c <= 'z' ? c - 32 : c;
    return __real_fz_toupper(c);
}
