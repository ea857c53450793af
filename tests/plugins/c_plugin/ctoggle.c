/*
 * ctoggle.c -- a complete Pluzzle plugin in plain C (C11), against <pluzzle/abi.h> alone: proof that the ABI needs
 * no C++ and no Boost. The host's contract test runs it like any shipped plugin, with its pack in data/.
 *
 * The puzzle: one-row Lights Out. A row of 1..24 lights; pressing a light toggles it and its two neighbours;
 * switch every light off. Presses commute and pressing twice cancels, so a play state (and a solution) is the SET
 * of pressed cells. Choosing whether cell 0 is pressed forces every later press (cell i-1 must end off), so a
 * level has 0, 1 or 2 solutions and the solver is exact.
 *
 * Level text (a file holds one or more):  ctoggle 1 / lights 0110     State and solution text:  press 0 3
 */
#include <pluzzle/abi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LIGHTS 24
#define CELL 40.0f
#define MARGIN 10.0f

struct pz_level {
    uint32_t count;  /* lights in the row */
    uint32_t lights; /* bit i: light i is on */
};

struct pz_state {
    const struct pz_level *level; /* the host keeps it alive while the state lives (ABI rule 4) */
    uint32_t pressed;             /* bit i: cell i pressed an odd number of times */
    uint32_t moves;
};

/* ---------------------------------------------------------------- helpers */

static pz_code fail(pz_error *err, pz_code code, int line, int column, const char *field, const char *message) {
    if (err) {
        err->line = line;
        err->column = column;
        snprintf(err->field, sizeof err->field, "%s", field);
        snprintf(err->message, sizeof err->message, "%s", message);
    }
    return code;
}

static uint32_t full_mask(uint32_t count) { return count >= 32 ? 0xffffffffu : (1u << count) - 1u; }

static uint32_t lights_after(const struct pz_level *level, uint32_t pressed) {
    uint32_t lights = level->lights;
    for (uint32_t i = 0; i < level->count; ++i)
        if (pressed & (1u << i)) lights ^= ((1u << i) | (i ? 1u << (i - 1) : 0u) | (1u << (i + 1)));
    return lights & full_mask(level->count);
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* One word of [text, end): skips blanks, returns its start and length (0 at the end of the line). */
static const char *next_word(const char *p, const char *end, size_t *len) {
    while (p < end && is_blank(*p)) ++p;
    const char *w = p;
    while (p < end && !is_blank(*p)) ++p;
    *len = (size_t)(p - w);
    return w;
}

static int word_is(const char *w, size_t len, const char *expected) {
    return len == strlen(expected) && memcmp(w, expected, len) == 0;
}

/* ---------------------------------------------------------------- levels */

static pz_code parse(const char *text, size_t len, const char *format, const pz_level_sink *out, pz_error *err) {
    if (format && *format && strcmp(format, "canonical") != 0)
        return fail(err, PZ_ERR_ARGUMENT, 0, 0, "format", "unknown format (known: canonical)");
    /* First read everything, then hand the levels over: a file with an error yields none. */
    struct pz_level levels[64];
    size_t count = 0;
    int have_lights = 1, line_no = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        ++line_no;
        size_t n1, n2, n3;
        const char *w1 = next_word(p, eol, &n1);
        const char *w2 = next_word(w1 + n1, eol, &n2);
        next_word(w2 + n2, eol, &n3);
        const int column = (int)(w1 - p) + 1;
        if (n1 == 0 || *w1 == '#') { /* blank line or comment */
        } else if (word_is(w1, n1, "ctoggle")) {
            if (!have_lights) return fail(err, PZ_ERR_PARSE, line_no, column, "lights", "the level before has no 'lights' line");
            if (!word_is(w2, n2, "1") || n3) return fail(err, PZ_ERR_PARSE, line_no, column, "version", "expected 'ctoggle 1'");
            if (count == sizeof levels / sizeof levels[0]) return fail(err, PZ_ERR_PARSE, line_no, column, "", "more than 64 levels in one file");
            levels[count].count = 0;
            levels[count].lights = 0;
            ++count;
            have_lights = 0;
        } else if (word_is(w1, n1, "lights")) {
            if (count == 0 || have_lights)
                return fail(err, PZ_ERR_PARSE, line_no, column, "lights", "a 'lights' line belongs after one 'ctoggle 1' header");
            if (n2 == 0 || n2 > MAX_LIGHTS || n3)
                return fail(err, PZ_ERR_PARSE, line_no, column, "lights", "expected 'lights' and 1 to 24 digits 0/1");
            for (size_t i = 0; i < n2; ++i) {
                if (w2[i] != '0' && w2[i] != '1')
                    return fail(err, PZ_ERR_PARSE, line_no, (int)(w2 - p + (ptrdiff_t)i) + 1, "lights", "a light is '0' (off) or '1' (on)");
                if (w2[i] == '1') levels[count - 1].lights |= 1u << i;
            }
            levels[count - 1].count = (uint32_t)n2;
            have_lights = 1;
        } else {
            return fail(err, PZ_ERR_PARSE, line_no, column, "", "expected 'ctoggle 1' or 'lights ...'");
        }
        p = eol < end ? eol + 1 : end;
    }
    if (!have_lights) return fail(err, PZ_ERR_PARSE, line_no, 0, "lights", "the last level has no 'lights' line");
    if (count == 0) return fail(err, PZ_ERR_PARSE, 0, 0, "", "no level found (expected 'ctoggle 1')");
    for (size_t i = 0; i < count; ++i) {
        struct pz_level *level = malloc(sizeof *level);
        if (!level) return fail(err, PZ_ERR_INTERNAL, 0, 0, "", "out of memory");
        *level = levels[i];
        out->level(out->ctx, level, "");
    }
    return PZ_OK;
}

static pz_code encode(const pz_level *level, const pz_text_sink *out, pz_error *err) {
    (void)err;
    char text[16 + MAX_LIGHTS + 2];
    int n = snprintf(text, sizeof text, "ctoggle 1\nlights ");
    for (uint32_t i = 0; i < level->count && i < MAX_LIGHTS; ++i) text[n++] = (level->lights >> i) & 1u ? '1' : '0';
    text[n++] = '\n';
    out->write(out->ctx, text, (size_t)n);
    return PZ_OK;
}

static void level_free(pz_level *level) { free(level); }

static pz_code validate(const pz_level *level, pz_error *err) {
    if (level->count < 1 || level->count > MAX_LIGHTS)
        return fail(err, PZ_ERR_INVALID, 0, 0, "lights", "a row has 1 to 24 lights");
    if (level->lights & ~full_mask(level->count)) return fail(err, PZ_ERR_INVALID, 0, 0, "lights", "a light past the row");
    return PZ_OK;
}

static pz_code describe(const pz_level *level, const pz_kv_sink *out, pz_error *err) {
    (void)err;
    char value[32];
    snprintf(value, sizeof value, "%u", (unsigned)level->count);
    out->put(out->ctx, "size", value);
    return PZ_OK;
}

/* ---------------------------------------------------------------- states (also the solution text) */

#define PRESSES_TEXT_MAX (8 + 3 * MAX_LIGHTS)

/* "press 0 3": the pressed cells in order. Returns the text's length. */
static size_t presses_text(uint32_t count, uint32_t pressed, char text[PRESSES_TEXT_MAX]) {
    int n = snprintf(text, PRESSES_TEXT_MAX, "press");
    for (uint32_t i = 0; i < count; ++i)
        if (pressed & (1u << i)) n += snprintf(text + n, PRESSES_TEXT_MAX - (size_t)n, " %u", (unsigned)i);
    return (size_t)n;
}

/* "press" followed by cell numbers; a cell listed twice is pressed twice, i.e. not at all. */
static pz_code read_presses(const pz_level *level, const char *text, size_t len, uint32_t *pressed, pz_error *err) {
    const char *end = text + len;
    size_t n;
    const char *w = next_word(text, end, &n);
    if (!word_is(w, n, "press")) return fail(err, PZ_ERR_PARSE, 1, 1, "press", "expected 'press' and cell numbers");
    *pressed = 0;
    for (w = next_word(w + n, end, &n); n; w = next_word(w + n, end, &n)) {
        unsigned cell = 0;
        for (size_t i = 0; i < n; ++i) {
            if (w[i] < '0' || w[i] > '9' || cell > MAX_LIGHTS)
                return fail(err, PZ_ERR_PARSE, 1, (int)(w - text) + 1, "press", "a cell is a number");
            cell = cell * 10 + (unsigned)(w[i] - '0');
        }
        if (cell >= level->count) return fail(err, PZ_ERR_PARSE, 1, (int)(w - text) + 1, "press", "a cell past the row");
        *pressed ^= 1u << cell;
    }
    return PZ_OK;
}

static pz_code new_state(const pz_level *level, uint32_t pressed, uint32_t moves, pz_state **out, pz_error *err) {
    struct pz_state *s = malloc(sizeof *s);
    if (!s) return fail(err, PZ_ERR_INTERNAL, 0, 0, "", "out of memory");
    s->level = level;
    s->pressed = pressed;
    s->moves = moves;
    *out = s;
    return PZ_OK;
}

static pz_code state_new(const pz_level *level, pz_state **out, pz_error *err) { return new_state(level, 0, 0, out, err); }

static pz_code state_decode(const pz_level *level, const char *text, size_t len, pz_state **out, pz_error *err) {
    uint32_t pressed;
    pz_code c = read_presses(level, text, len, &pressed, err);
    if (c != PZ_OK) return c;
    return new_state(level, pressed, (uint32_t)__builtin_popcount(pressed), out, err);
}

static pz_code state_encode(const pz_state *state, const pz_text_sink *out, pz_error *err) {
    (void)err;
    char text[PRESSES_TEXT_MAX];
    out->write(out->ctx, text, presses_text(state->level->count, state->pressed, text));
    return PZ_OK;
}

static void state_free(pz_state *state) { free(state); }

static pz_code state_status(const pz_state *state, pz_play_status *out, pz_error *err) {
    if (!PZ_STRUCT_HAS(out, pz_play_status, message)) return fail(err, PZ_ERR_ARGUMENT, 0, 0, "", "status struct too small");
    const int on = __builtin_popcount(lights_after(state->level, state->pressed));
    out->phase = on == 0 ? PZ_PLAY_SOLVED : PZ_PLAY_ONGOING;
    out->players = 1;
    out->to_move = 0;
    out->winner = -1;
    for (int i = 0; i < PZ_MAX_PLAYERS; ++i) out->scores[i] = 0;
    out->moves = state->moves;
    snprintf(out->message, sizeof out->message, on == 1 ? "%d light on" : "%d lights on", on);
    return PZ_OK;
}

/* A left click on a light, or Space/Enter on the cell the host names, presses it: move "p <cell>". */
static pz_code interpret(const pz_state *state, const pz_input *in, const pz_text_sink *move, pz_error *err) {
    (void)err;
    long cell = -1;
    if (in->kind == PZ_INPUT_KEY && PZ_STRUCT_HAS(in, pz_input, cell_col) && in->has_cell &&
        (in->key == ' ' || in->key == PZ_KEY_ENTER) && in->cell_row == 0)
        cell = in->cell_col;
    else if (in->kind == PZ_INPUT_PRESS && in->button == 0 && in->y >= MARGIN && in->y < MARGIN + CELL &&
             in->x >= MARGIN && in->x < MARGIN + (float)state->level->count * CELL)
        cell = (long)((in->x - MARGIN) / CELL); /* NaN fails the comparisons above */
    if (cell < 0 || cell >= (long)state->level->count) return PZ_OK; /* no move */
    char text[16];
    const int n = snprintf(text, sizeof text, "p %ld", cell);
    move->write(move->ctx, text, (size_t)n);
    return PZ_OK;
}

static pz_code execute(const pz_state *state, const char *move, size_t len, pz_state **out, pz_error *err) {
    const char *end = move + len;
    size_t n1, n2, n3;
    const char *w1 = next_word(move, end, &n1);
    const char *w2 = next_word(w1 + n1, end, &n2);
    next_word(w2 + n2, end, &n3);
    unsigned cell = 0;
    int ok = word_is(w1, n1, "p") && n2 > 0 && n2 <= 2 && n3 == 0;
    for (size_t i = 0; ok && i < n2; ++i) {
        ok = w2[i] >= '0' && w2[i] <= '9';
        cell = cell * 10 + (unsigned)(w2[i] - '0');
    }
    if (!ok || cell >= state->level->count) return fail(err, PZ_ERR_ARGUMENT, 0, 0, "move", "expected 'p <cell>' on the row");
    return new_state(state->level, state->pressed ^ (1u << cell), state->moves + 1, out, err);
}

/* ---------------------------------------------------------------- check, solve, render */

static pz_code check(const pz_level *level, const char *solution, size_t len, pz_error *err) {
    uint32_t pressed;
    pz_code c = read_presses(level, solution, len, &pressed, err);
    if (c != PZ_OK) return c;
    if (lights_after(level, pressed)) return fail(err, PZ_ERR_INVALID, 0, 0, "", "wrong solution: a light stays on");
    return PZ_OK;
}

static pz_code solve(const pz_level *level, const pz_solve_request *request, pz_solve_result *result,
                     const pz_solution_sink *solutions, pz_error *err) {
    (void)err;
    const uint32_t wanted = request && request->max_solutions ? request->max_solutions : 2;
    uint32_t found = 0;
    for (uint32_t first = 0; first < 2 && found < wanted; ++first) {
        if (request && request->should_stop && request->should_stop(request->ctx)) {
            result->status = PZ_SOLVE_CANCELLED;
            return PZ_OK;
        }
        /* Press cell 0 or not; then cell i+1 is pressed exactly when light i is still on. */
        uint32_t pressed = first;
        for (uint32_t i = 0; i + 1 < level->count; ++i)
            if (lights_after(level, pressed) & (1u << i)) pressed |= 1u << (i + 1);
        result->nodes += level->count;
        if (lights_after(level, pressed)) continue;
        ++found;
        char text[PRESSES_TEXT_MAX];
        solutions->solution(solutions->ctx, text, presses_text(level->count, pressed, text));
    }
    result->status = found == 0 ? PZ_SOLVE_UNSOLVABLE : found == 1 && wanted >= 2 ? PZ_SOLVE_UNIQUE
                     : found == 1                                                 ? PZ_SOLVE_SOLVED
                                                                                  : PZ_SOLVE_MULTIPLE;
    return PZ_OK;
}

static pz_code render(const pz_level *level, const pz_state *state, const pz_canvas *canvas, pz_error *err) {
    (void)err;
    const pz_rgba frame = {24, 24, 24, 255}, on = {255, 214, 0, 255}, off = {64, 64, 64, 255}, mark = {220, 40, 40, 255},
                  none = {0, 0, 0, 0}, white = {255, 255, 255, 255};
    const uint32_t lights = state ? lights_after(level, state->pressed) : level->lights;
    canvas->begin(canvas->ctx, level->count * CELL + 2 * MARGIN, CELL + 2 * MARGIN, white);
    canvas->group_begin(canvas->ctx, "lights");
    for (uint32_t i = 0; i < level->count; ++i) {
        const float x = MARGIN + (float)i * CELL;
        const pz_point box[4] = {{x, MARGIN}, {x + CELL, MARGIN}, {x + CELL, MARGIN + CELL}, {x, MARGIN + CELL}};
        canvas->polygon(canvas->ctx, box, 4, (lights >> i) & 1u ? on : off, frame, 2);
    }
    canvas->group_end(canvas->ctx);
    if (state) {
        canvas->group_begin(canvas->ctx, "presses");
        for (uint32_t i = 0; i < level->count; ++i)
            if (state->pressed & (1u << i))
                canvas->circle(canvas->ctx, MARGIN + ((float)i + 0.5f) * CELL, MARGIN + CELL / 2, CELL * 0.3f, none, mark, 3);
        canvas->group_end(canvas->ctx);
    }
    return PZ_OK;
}

/* ---------------------------------------------------------------- the table and the entry point */

static const pz_format formats[] = {{"canonical", "ctoggle", "'ctoggle 1', then 'lights' and 1 to 24 digits 0/1"}};

PZ_EXPORT const pz_plugin *pluzzle_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_major, (void)host_abi_minor;
    static const pz_plugin table = {
        .abi_major = PZ_ABI_MAJOR,
        .abi_minor = PZ_ABI_MINOR,
        .struct_size = sizeof(pz_plugin),
        .id = "ctoggle",
        .name = "Toggle row (C plugin)",
        .version = "1.0.0",
        .description = "One row of lights; a press toggles a light and its two neighbours. Switch them all off.",
        .capabilities = PZ_CAP_SOLVE | PZ_CAP_COUNT_SOLUTIONS | PZ_CAP_PLAY,
        .formats = formats,
        .format_count = 1,
        .parse = parse,
        .encode = encode,
        .level_free = level_free,
        .validate = validate,
        .describe = describe,
        .check = check,
        .solve = solve,
        .render = render,
        .state_new = state_new,
        .state_decode = state_decode,
        .state_encode = state_encode,
        .state_free = state_free,
        .state_status = state_status,
        .interpret = interpret,
        .execute = execute,
    };
    return &table;
}
