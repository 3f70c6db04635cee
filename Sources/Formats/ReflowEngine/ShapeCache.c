/* HarfBuzz's answers remembered. MuPDF 1.21 shapes every word of a book with HarfBuzz when it lays
   a chapter out (to measure it), and the same word again each time it draws or extracts the page
   that holds it: half of adding an EPUB was hb_shape, most of it on words already shaped ("the",
   "whale"). Its html layout calls hb_shape with a buffer holding one run of one font, direction,
   script and language, and no features; the glyphs and positions that come back depend on nothing
   else, so they are kept, keyed by all of it, and given back for the same run.

   This hb_shape is hidden: libmupdf.a's calls bind to it when libibook-reflow.so is linked, and it
   is seen by nothing outside the library (ibook-full's own HarfBuzz users call HarfBuzz's). It shapes
   with hb_shape_full, which is what HarfBuzz's hb_shape does. A font is known by a serial number
   kept in its user data, not by its address, which a later font may reuse. */
#include <hb.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

__attribute__((visibility("hidden"))) void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features,
                                                    unsigned int num_features);

typedef struct {
    uintptr_t font;
    hb_segment_properties_t props;
    hb_buffer_flags_t flags;
    hb_buffer_cluster_level_t level;
    unsigned int length;
    unsigned int glyphs;
    /* length input codepoints and clusters, then glyphs glyph ids and clusters, then the positions. */
    uint32_t *input;
    uint32_t *output;
    hb_glyph_position_t *positions;
} shaped_run;

/* The table holds hashes and pointers only, so that a probe stays within a few cache lines. */
typedef struct {
    uint64_t hash;
    shaped_run *run;
} slot_entry;

/* Enough for the distinct words of several long books; the table is emptied when it fills. */
enum { slots = 1 << 16, most_runs = slots / 2, longest_run = 256 };

static slot_entry *table;
static unsigned int stored;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static hb_user_data_key_t serial_key;
static uintptr_t last_serial;

static uintptr_t font_serial(hb_font_t *font) {
    uintptr_t serial = (uintptr_t)hb_font_get_user_data(font, &serial_key);
    if (serial) return serial;
    serial = __atomic_add_fetch(&last_serial, 1, __ATOMIC_RELAXED);
    return hb_font_set_user_data(font, &serial_key, (void *)serial, NULL, 0) ? serial : 0;
}

/* splitmix64's finalizer over each value: every bit of it reaches every bit of the hash. */
static uint64_t mix(uint64_t hash, uint64_t value) {
    uint64_t z = hash ^ value;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void empty_table(void) {
    for (unsigned int i = 0; i < slots; i++) {
        free(table[i].run);
        table[i].run = NULL;
        table[i].hash = 0;
    }
    stored = 0;
}

static int same_key(const shaped_run *run, uintptr_t font, const hb_segment_properties_t *props, hb_buffer_flags_t flags,
                    hb_buffer_cluster_level_t level, const hb_glyph_info_t *info, unsigned int length) {
    if (run->font != font || run->length != length || run->flags != flags || run->level != level) return 0;
    if (!hb_segment_properties_equal(&run->props, props)) return 0;
    for (unsigned int i = 0; i < length; i++)
        if (run->input[2 * i] != info[i].codepoint || run->input[2 * i + 1] != info[i].cluster) return 0;
    return 1;
}

/* The run given back as HarfBuzz leaves a shaped buffer: glyph ids and clusters, positions. */
static void replay(const shaped_run *run, hb_buffer_t *buffer) {
    hb_segment_properties_t props = run->props;
    hb_buffer_clear_contents(buffer);
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE);
    hb_buffer_set_segment_properties(buffer, &props);
    for (unsigned int i = 0; i < run->glyphs; i++) hb_buffer_add(buffer, run->output[2 * i], run->output[2 * i + 1]);
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_GLYPHS);
    unsigned int count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    if (positions && count == run->glyphs) memcpy(positions, run->positions, count * sizeof *positions);
}

void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int num_features) {
    unsigned int length = 0;
    const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &length);
    uintptr_t serial = num_features == 0 && length > 0 && length <= longest_run ? font_serial(font) : 0;
    if (!serial) {
        hb_shape_full(font, buffer, features, num_features, NULL);
        return;
    }
    hb_segment_properties_t props;
    hb_buffer_get_segment_properties(buffer, &props);
    hb_buffer_flags_t flags = hb_buffer_get_flags(buffer);
    hb_buffer_cluster_level_t level = hb_buffer_get_cluster_level(buffer);
    uint64_t hash = 0xcbf29ce484222325ULL;
    hash = mix(hash, serial);
    hash = mix(hash, (uint64_t)props.direction << 32 | props.script);
    hash = mix(hash, (uint64_t)(uintptr_t)props.language);
    hash = mix(hash, (uint64_t)flags << 32 | level);
    for (unsigned int i = 0; i < length; i++) hash = mix(hash, (uint64_t)info[i].codepoint << 32 | info[i].cluster);

    pthread_mutex_lock(&table_lock);
    if (!table) table = calloc(slots, sizeof *table);
    unsigned int slot = (unsigned int)(hash >> 16) & (slots - 1);
    while (table && table[slot].run
           && !(table[slot].hash == hash && same_key(table[slot].run, serial, &props, flags, level, info, length)))
        slot = (slot + 1) & (slots - 1);
    if (table && table[slot].run) {
        replay(table[slot].run, buffer);
        pthread_mutex_unlock(&table_lock);
        return;
    }
    pthread_mutex_unlock(&table_lock);

    /* The input, kept before shaping turns it into glyphs. */
    uint32_t *input = malloc(2 * length * sizeof *input);
    if (input)
        for (unsigned int i = 0; i < length; i++) {
            input[2 * i] = info[i].codepoint;
            input[2 * i + 1] = info[i].cluster;
        }
    hb_shape_full(font, buffer, features, num_features, NULL);
    if (!input) return;
    unsigned int glyphs = 0;
    const hb_glyph_info_t *out = hb_buffer_get_glyph_infos(buffer, &glyphs);
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
    shaped_run *run = positions ? malloc(sizeof *run + 2 * length * sizeof *input + 2 * glyphs * sizeof *input
                                         + glyphs * sizeof *positions) : NULL;
    if (!run) {
        free(input);
        return;
    }
    *run = (shaped_run){serial, props, flags, level, length, glyphs, NULL, NULL, NULL};
    run->input = (uint32_t *)(run + 1);
    memcpy(run->input, input, 2 * length * sizeof *input);
    free(input);
    run->output = run->input + 2 * length;
    for (unsigned int i = 0; i < glyphs; i++) {
        run->output[2 * i] = out[i].codepoint;
        run->output[2 * i + 1] = out[i].cluster;
    }
    run->positions = (hb_glyph_position_t *)(run->output + 2 * glyphs);
    memcpy(run->positions, positions, glyphs * sizeof *positions);

    pthread_mutex_lock(&table_lock);
    if (table && stored >= most_runs) empty_table();
    slot = (unsigned int)(hash >> 16) & (slots - 1);
    while (table && table[slot].run) slot = (slot + 1) & (slots - 1);
    if (table) {
        table[slot].hash = hash;
        table[slot].run = run;
        stored++;
    } else {
        free(run);
    }
    pthread_mutex_unlock(&table_lock);
}
