/* MuPDF's fz_strcasecmp, as fast as its callers need it. Laying out a book whose stylesheet lists
   font families MuPDF does not have (Kusamakura's "HiraMinProN-W3", "@ＭＳ 明朝") looks each one up
   among its built-in fonts for every element, comparing names with fz_strcasecmp, whose fz_tolower
   searches Unicode's case tables for every byte: a third of adding that book. The linker's
   --wrap=fz_strcasecmp sends libmupdf.a's calls here. fz_tolower is given single bytes of a signed
   char, for which it lowers A-Z and nothing else (checked over every byte against MuPDF's own), so
   this compares exactly as fz_strcasecmp does. */
__attribute__((visibility("hidden"))) int __wrap_fz_strcasecmp(const char *a, const char *b);

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int __wrap_fz_strcasecmp(const char *a, const char *b) {
    while (lower(*a) == lower(*b)) {
        if (*a++ == 0) return 0;
        b++;
    }
    return lower(*a) - lower(*b);
}
