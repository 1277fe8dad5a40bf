#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/jsgf.h>
#include <sphinxbase/glist.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/feat.h>
#include <sphinxbase/cmn.h>
#include <sphinxbase/hash_table.h>
#include <sphinxbase/ckd_alloc.h>

/* sphinxbase keeps each FSG state's arcs in two hash tables, null transitions first, then word
   transitions, each keyed by target state (struct trans_list_s in fsg_model.c; it is not in the
   headers). fsg_model_trans_add makes each table with 101 slots of 32 bytes whatever it holds:
   a third of a large grammar's search. This mirrors that struct; cdc_fsg_tables_known checks
   the mirror against the library before anything relies on it. */
typedef struct {
    hash_table_t *null_trans;
    hash_table_t *trans;
} cdc_fsg_state_tables;

/* Whether fsg_model's per-state tables are laid out as cdc_fsg_state_tables: builds a two-state
   model with fsg_model_trans_add and fsg_model_null_trans_add and finds the tables they made. */
static inline int cdc_fsg_tables_known(logmath_t *logmath) {
    fsg_model_t *probe = fsg_model_init("probe", logmath, 1.0, 2);
    if (probe == NULL) return 0;
    fsg_model_trans_add(probe, 0, 1, 0, fsg_model_word_add(probe, "probe"));
    fsg_model_null_trans_add(probe, 1, 0, 0);
    cdc_fsg_state_tables *tables = (cdc_fsg_state_tables *)probe->trans;
    int known = tables[0].null_trans == NULL && tables[0].trans != NULL && tables[0].trans->inuse == 1
        && tables[1].trans == NULL && tables[1].null_trans != NULL && tables[1].null_trans->inuse == 1;
    fsg_model_free(probe);
    return known;
}

/* A hash table of `size` slots (hash_table_new makes at least 101), freed by hash_table_free. */
static inline hash_table_t *cdc_hash_table(int32 size) {
    hash_table_t *table = (hash_table_t *)ckd_calloc(1, sizeof(hash_table_t));
    table->size = size;
    table->nocase = 0;
    table->table = (hash_entry_t *)ckd_calloc(size, sizeof(hash_entry_t));
    return table;
}

/* Gives `state` of `fsg`, before any arc is added to it, tables of `words` and `nulls` slots
   (0: none; the library makes its own if an arc comes after all). Only after
   cdc_fsg_tables_known said yes. */
static inline void cdc_fsg_size_tables(fsg_model_t *fsg, int32 state, int32 words, int32 nulls) {
    cdc_fsg_state_tables *tables = (cdc_fsg_state_tables *)fsg->trans;
    if (words > 0 && tables[state].trans == NULL) tables[state].trans = cdc_hash_table(words);
    if (nulls > 0 && tables[state].null_trans == NULL) tables[state].null_trans = cdc_hash_table(nulls);
}

/* PocketSphinx's model definition reader and text writer: exported by libpocketsphinx but
   declared only in its private bin_mdef.h, so declared here as the library defines them. */
typedef struct bin_mdef_s bin_mdef_t;
bin_mdef_t *bin_mdef_read(cmd_ln_t *config, const char *filename);
int bin_mdef_write_text(bin_mdef_t *m, const char *filename);
int bin_mdef_free(bin_mdef_t *m);

/* Writes the model definition at `model` (binary or text) to `text` in the text format
   (bin_mdef_read, then bin_mdef_write_text); 0 on success. */
static inline int cdc_write_model_definition_text(const char *model, const char *text) {
    bin_mdef_t *definition = bin_mdef_read(NULL, model);
    if (definition == NULL) return -1;
    int result = bin_mdef_write_text(definition, text);
    bin_mdef_free(definition);
    return result;
}
