#ifndef IBOOK_CSQLITE_SHIM_H
#define IBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <stdint.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type ibook_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// The FTS5 auxiliary function column_mask(table, first, count[, groups]): a
// bitmask of the columns first..<first+count (count at most 64) of the
// current row that satisfy the query, bit 0 for column `first`. Without
// `groups`, a column must hold every phrase of the query. With it, the
// query is read as an OR of ANDs: `groups` is a blob with one byte per
// phrase (in query order), the number of the AND it belongs to, and a
// column counts when it holds every phrase of at least one of them; a
// phrase in group 255 is left out (to ask about some alternatives only). It
// works on contentless detail=column tables, where bm25 and xInst see
// nothing: the column lists are all such an index keeps, and all this reads.
static inline void ibook_fts5_column_mask(const Fts5ExtensionApi *api, Fts5Context *fts,
                                          sqlite3_context *context, int argc, sqlite3_value **argv) {
    if (argc != 2 && argc != 3) {
        sqlite3_result_error(context, "column_mask(table, first, count[, groups]): wrong number of arguments", -1);
        return;
    }
    int first = sqlite3_value_int(argv[0]), count = sqlite3_value_int(argv[1]);
    if (first < 0 || count < 1 || count > 64) {
        sqlite3_result_error(context, "column_mask(table, first, count[, groups]): count must be 1 to 64", -1);
        return;
    }
    int phrases = api->xPhraseCount(fts);
    const unsigned char *groups = 0;
    if (argc == 3) {
        groups = (const unsigned char *)sqlite3_value_blob(argv[2]);
        if (sqlite3_value_bytes(argv[2]) != phrases || (phrases > 0 && groups == 0)) {
            sqlite3_result_error(context, "column_mask(table, first, count, groups): one group byte per phrase", -1);
            return;
        }
    }
    uint64_t columns = count == 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
    // Each group's AND so far, all columns to start with; group 0 alone without `groups`.
    uint64_t every[256];
    int used[256] = {0};
    for (int group = 0; group < 256; group++) every[group] = columns;
    for (int phrase = 0; phrase < phrases; phrase++) {
        int group = groups ? groups[phrase] : 0;
        if (group == 255) continue;
        used[group] = 1;
        if (every[group] == 0) continue;
        uint64_t mask = 0;
        Fts5PhraseIter iterator;
        int column = -1;
        int rc = api->xPhraseFirstColumn(fts, phrase, &iterator, &column);
        if (rc != SQLITE_OK) {
            sqlite3_result_error_code(context, rc);
            return;
        }
        while (column >= 0) {
            if (column >= first && column - first < count) mask |= (uint64_t)1 << (column - first);
            api->xPhraseNextColumn(fts, &iterator, &column);
        }
        every[group] &= mask;
    }
    uint64_t any = 0;
    for (int group = 0; group < 256; group++) {
        if (used[group]) any |= every[group];
    }
    sqlite3_result_int64(context, (sqlite3_int64)any);
}

// Registers the auxiliary functions above on a connection.
static inline int ibook_register_fts5_functions(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (api == 0 || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "column_mask", 0, ibook_fts5_column_mask, 0);
}
#endif
