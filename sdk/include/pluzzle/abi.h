/*
 * pluzzle/abi.h -- the binary boundary between the Pluzzle host and a puzzle plugin.
 *
 * This is plain C on purpose: a plugin built by any compiler, against any standard library, loads into any
 * host. Plugin authors normally never touch this file; they write C++ against <pluzzle/plugin.hpp>, which
 * fills this table for them. Host code reads it through the host library.
 *
 * CONTRACT
 *  1. Entry point. A plugin exports one plain C function, `pluzzle_plugin_entry` (PZ_ENTRY_SYMBOL), declared
 *     below: define it with that exact signature (C: `const pz_plugin *pluzzle_plugin_entry(uint32_t major,
 *     uint32_t minor) { ... }`; C++ plugins get it from PLUZZLE_EXPORT_PLUGIN). The host calls it once with its own
 *     ABI version; it returns a pointer to a pz_plugin table with static storage duration (NULL only if the plugin
 *     cannot initialise). The entry name never changes between ABI majors, so a plugin for another major is
 *     reported as such rather than as "symbol missing". Plugins built against SDK 1.0-1.2 exported a Boost.DLL
 *     alias `pluzzle_plugin` (PZ_LEGACY_ALIAS_SYMBOL) instead; hosts look for the function first and fall back to
 *     that alias, so those plugins keep loading.
 *  2. Versioning. abi_major must equal the host's PZ_ABI_MAJOR. Within a major the table is APPEND-ONLY:
 *     fields are only ever added at the end, and abi_minor counts those additions. struct_size is
 *     sizeof(pz_plugin) as the plugin saw it; the host treats every field past struct_size as absent, so an
 *     older minor keeps loading. Every other struct that carries struct_size follows the same rule.
 *  3. Nothing C++ crosses. No exception, STL type or RTTI passes this boundary in either direction. Every
 *     operation returns a pz_code; on failure it fills the caller's pz_error. Output of variable size goes
 *     through caller-provided sinks (pz_text_sink, pz_level_sink, ...), so no memory is freed across the
 *     boundary except through the plugin's own *_free functions.
 *  4. Handles. pz_level and pz_state are opaque and owned by the plugin's allocator. Both are IMMUTABLE once
 *     returned: edits and moves return new handles (undo is keeping the old ones). A state refers to the
 *     level it was made from; the caller keeps that level alive while any of its states lives.
 *  5. Validation. A level that passed validate() must never crash, hang or corrupt memory in any other
 *     operation (solve may still end with PZ_SOLVE_LIMIT). Levels from parse(), generate() and
 *     edit_execute() must be validated by the host before other use.
 *  6. Threads. Every operation may be called concurrently from several threads on different handles, and on
 *     the same handle for read-only operations (all operations are read-only on their inputs).
 *  7. Cancellation. Long operations (solve, generate, ai_move) poll pz_solve_request.should_stop often
 *     (every few milliseconds) and return promptly once it answers non-zero.
 *  8. Lifetime. The host never unloads a plugin: objects made by plugin code (vtables, strings, handles) stay
 *     valid for the life of the process.
 *
 *  9. Strings. Every `const char *` in a table or struct is a NUL-terminated UTF-8 string and never NULL (use ""
 *     for none); the host rejects a plugin whose descriptors break this. Texts passed as (pointer, length) are
 *     UTF-8 without NUL bytes (the host checks files before it hands them over).
 * 10. Output. A plugin never writes to stdout or stderr (the host's --json lines go there): report through the
 *     sinks, pz_error and the progress callback.
 * 11. Enumerations are passed as int32_t fields (a C enum's size is the compiler's choice); the pz_* enums name
 *     their values.
 * 12. Player profiles (1.2). An AI listed in ai_profiles keeps one value per player (e.g. an adaptive AI's
 *     skill) that the host stores, per player, plugin id and AI id, in its database; the plugin never stores it.
 *     A value is a text of 1..PZ_PROFILE_VALUE_MAX bytes without control characters; the host checks every value
 *     it reads from a plugin, a user or its database. When the host knows the player, it asks such an AI for
 *     moves as "<ai id>:<value>" (the stored value, else default_value), so the AI must accept that form, and
 *     its plain id too (no player known). When a game between a person and the AI ends (state_status says
 *     PZ_PLAY_GAME_OVER), the host calls ai_profile_update once with the final state, the plain AI id, the AI's
 *     seat and the player's value, and stores the text it returns. A value the AI cannot read is
 *     PZ_ERR_ARGUMENT (field "profile") in ai_move and ai_profile_update alike; an unfinished game is
 *     PZ_ERR_INVALID.
 * 13. Cubes (1.8). A plugin that declares PZ_CAP_SPLIT splits a level into parts ("cubes") that together cover all of
 *     it, so that many solvers can work on one level at once (cube-and-conquer). split() sends each cube as a text
 *     that solve_cube() reads back with the same level (the level is not repeated in it; the host stores cubes, so
 *     a cube text must stay readable by later builds of the same plugin version). It says through *combine how the
 *     cubes' answers make the level's (pz_combine); a cube is solved like the whole level, within its part only.
 *     split() may decide the level itself (say its root logic solves it): it then sends no cube and fills the
 *     result and solutions as solve() would. Otherwise it sets PZ_SOLVE_LIMIT with the root's bounds. Splitting the
 *     same level twice need not give the same cubes, but every split must cover the level.
 * 14. Solution pages (1.9). A solution is drawn for a reader who solves the level on paper (a booklet's solution page,
 *     `pluzzle render --solution`). Where the finished board is the answer (a filled grid, the turned tiles) render()
 *     of the solved state says it all. Where it is not (a flood game ends in one colour, a game's last position hides
 *     the order of its moves), render_solution() draws how to get there: e.g. the start board with each move numbered
 *     where it is made. The host draws a solution with render_solution() when the table has it, else with render().
 *     It draws what a person can follow, not a state to play on: no input maps to it.
 *
 * CHANGELOG (append here when the table grows)
 *  1.0  core: metadata, parse/encode/validate/describe, check, solve, render, generate, play, edit.
 *  1.1  two-player games: ais/ai_count and ai_move; solver_options (appended; 1.0 plugins load without them).
 *  1.2  per-player AI profiles: ai_profiles/ai_profile_count and ai_profile_update (rule 12; appended, so 1.0 and
 *       1.1 plugins load without them and their AIs keep no profile); blank_level with PZ_CAP_BLANK (an empty
 *       level from the generator parameters, for editors).
 *  1.3  the entry point is the plain C function pluzzle_plugin_entry (rule 1): no Boost in the SDK, and a plugin can
 *       be written in C alone. The table is unchanged (PZ_PLUGIN_SIZE_1_3 == PZ_PLUGIN_SIZE_1_2).
 *  1.4  import_image with PZ_CAP_IMPORT_IMAGE: a level read from a picture of a board (a screenshot);
 *       render_move with PZ_CAP_ANIMATE: the picture part of the way through a move, for editors' animations.
 *  1.5  the entry point's error channel: a plugin may also export pluzzle_plugin_entry_error (PZ_ENTRY_ERROR_SYMBOL),
 *       which the host calls when pluzzle_plugin_entry returned NULL, to show the user the plugin's own reason
 *       (C++ plugins: the message of the exception their info() threw). The table is unchanged. The host also
 *       checks at load that every INT/REAL parameter's default lies within its declared [min, max].
 *  1.6  cell_outline (optional): where cell (row, col) is drawn, so a host can show a keyboard cursor on the board
 *       and move it with the arrow keys; key events then name the cursor's cell (pz_input.has_cell).
 *  1.7  difficulty with a solve: pz_solve_result grows difficulty (the common 0..10 scale, PZ_DIFFICULTY_*) and
 *       difficulty_label, written only when the host's struct_size covers them (older hosts pass a shorter struct);
 *       validate_places (optional): a failed validation with the cells or points it is about, for an editor to
 *       mark them on the board.
 *  1.8  cube-and-conquer (rule 13): split and solve_cube with PZ_CAP_SPLIT; pz_solve_request grows known_best (the
 *       cost an optimiser's cube must beat: the best any cube found so far, or a lower aim while the host deepens
 *       across the cubes), read only when the host's struct_size covers it.
 *  1.9  render_solution (optional, rule 14): a solution drawn so that a reader can follow it (the moves on the level),
 *       for the plugins whose finished board is not the answer; without it the host draws render(level, solution).
 */
#ifndef PLUZZLE_ABI_H
#define PLUZZLE_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PZ_ABI_MAJOR 1u
#define PZ_ABI_MINOR 9u
#define PZ_ENTRY_SYMBOL "pluzzle_plugin_entry"
#define PZ_ENTRY_ERROR_SYMBOL "pluzzle_plugin_entry_error" /* 1.5, optional: why the entry returned NULL */
#define PZ_LEGACY_ALIAS_SYMBOL "pluzzle_plugin" /* ABI 1.0-1.2: a Boost.DLL alias holding the entry's address */

/* Plugins build with hidden symbols by default (one plugin's internals must never shadow another's); the entry
 * point alone is exported. */
#if defined(_WIN32)
#define PZ_EXPORT __declspec(dllexport)
#else
#define PZ_EXPORT __attribute__((visibility("default")))
#endif

/* ---------------------------------------------------------------- results and errors */

/* Result of every operation. */
typedef enum pz_code {
    PZ_OK = 0,
    PZ_ERR_PARSE = 1,       /* text could not be read; line/column/field say where */
    PZ_ERR_INVALID = 2,     /* well-formed but breaks a rule (validate, check, execute) */
    PZ_ERR_UNSUPPORTED = 3, /* the plugin does not offer this operation (see capabilities) */
    PZ_ERR_ARGUMENT = 4,    /* a parameter, tool, move or AI name is unknown or out of range */
    PZ_ERR_INTERNAL = 5,    /* the plugin failed (e.g. an exception caught at the boundary) */
    PZ_ERR_STOPPED = 6      /* generate/ai_move stopped by should_stop or a limit before finishing */
} pz_code;

/* Filled by the plugin when an operation fails. Fixed-size so it needs no allocation across the boundary;
 * longer messages are truncated. */
typedef struct pz_error {
    int32_t line;      /* 1-based line in the parsed text, 0 if not applicable */
    int32_t column;    /* 1-based column, 0 if not applicable */
    char field[64];    /* NUL-terminated name of the offending field/parameter, may be empty */
    char message[448]; /* NUL-terminated human-readable explanation */
} pz_error;

/* ---------------------------------------------------------------- sinks (caller-owned outputs) */

typedef struct pz_text_sink {
    void *ctx;
    void (*write)(void *ctx, const char *text, size_t len); /* may be called several times: append */
} pz_text_sink;

/* Key/value pairs, e.g. level metadata (title, author, size) or solver statistics. */
typedef struct pz_kv_sink {
    void *ctx;
    void (*put)(void *ctx, const char *key, const char *value); /* NUL-terminated */
} pz_kv_sink;

typedef struct pz_level pz_level; /* opaque, plugin-owned, immutable */
typedef struct pz_state pz_state; /* opaque, plugin-owned, immutable; refers to its level */

/* parse() hands each level of a (possibly multi-puzzle) file to the sink, in file order. Ownership of
 * `level` passes to the host, which frees it with level_free. `name` may be NULL or empty. */
typedef struct pz_level_sink {
    void *ctx;
    void (*level)(void *ctx, pz_level *level, const char *name);
} pz_level_sink;

/* ---------------------------------------------------------------- metadata */

enum pz_capability {
    PZ_CAP_SOLVE = 1u << 0,          /* solve() */
    PZ_CAP_COUNT_SOLUTIONS = 1u << 1,/* solve() proves unique/multiple/unsolvable */
    PZ_CAP_OPTIMAL = 1u << 2,        /* solve() minimises a cost (moves) and reports bounds */
    PZ_CAP_GENERATE = 1u << 3,       /* generate() */
    PZ_CAP_PLAY = 1u << 4,           /* state_new / interpret / execute / state_status */
    PZ_CAP_EDIT = 1u << 5,           /* edit_interpret / edit_execute with the listed tools */
    PZ_CAP_GAME = 1u << 6,           /* several players; ai_move (ABI 1.1) */
    PZ_CAP_BLANK = 1u << 7,          /* blank_level() (ABI 1.2) */
    PZ_CAP_IMPORT_IMAGE = 1u << 8,   /* import_image() (ABI 1.4) */
    PZ_CAP_ANIMATE = 1u << 9,        /* render_move() (ABI 1.4) */
    PZ_CAP_SPLIT = 1u << 10          /* split() and solve_cube() (ABI 1.8, rule 13) */
};

/* A file format the plugin reads. The canonical one is listed first and is what encode() writes. */
typedef struct pz_format {
    const char *name;        /* e.g. "canonical", "non" */
    const char *extensions;  /* space-separated, without dots, e.g. "non txt"; may be "" */
    const char *description;
} pz_format;

typedef enum pz_param_type { PZ_PARAM_INT = 0, PZ_PARAM_REAL = 1, PZ_PARAM_BOOL = 2, PZ_PARAM_CHOICE = 3,
                             PZ_PARAM_TEXT = 4 } pz_param_type;

/* A parameter the generator (and the editor's "new level" dialog) accepts. */
typedef struct pz_param_desc {
    const char *name;          /* key, e.g. "width" */
    int32_t type;              /* pz_param_type */
    const char *default_value; /* as text */
    double min, max;           /* for INT/REAL; ignored otherwise */
    const char *choices;       /* for CHOICE: '|'-separated values */
    const char *help;
} pz_param_desc;

typedef struct pz_param_value {
    const char *name;  /* NUL-terminated */
    const char *value; /* NUL-terminated, as text */
} pz_param_value;

/* An editing tool the editor offers for this type (paint, toggle, place vertex, set clue...). */
typedef struct pz_tool_desc {
    const char *id;    /* passed back to edit_interpret */
    const char *name;  /* shown in the palette */
    const char *shortcut; /* suggested key, e.g. "p", may be "" */
    const char *help;
} pz_tool_desc;

/* An AI opponent of a game (ABI 1.1). */
typedef struct pz_ai_desc {
    const char *id;   /* passed to ai_move, e.g. "easy" */
    const char *name;
    const char *help;
} pz_ai_desc;

/* A value an AI keeps per player (ABI 1.2, rule 12), e.g. the adaptive AI's skill. pz_ai_desc cannot grow (it is
 * an array without struct_size), so profiles are a second array naming their AI; this layout is fixed too. */
typedef struct pz_ai_profile {
    const char *ai;            /* id of one of `ais`; at most one profile per AI */
    const char *name;          /* what the value is, e.g. "skill" */
    const char *default_value; /* a new player's value, e.g. "50" */
    const char *help;
} pz_ai_profile;

/* Longest profile value text in bytes (rule 12). */
#define PZ_PROFILE_VALUE_MAX 64

/* ---------------------------------------------------------------- solving */

typedef enum pz_solve_status {
    PZ_SOLVE_SOLVED = 0,     /* a solution found; uniqueness not examined */
    PZ_SOLVE_UNIQUE = 1,     /* exactly one solution, proved */
    PZ_SOLVE_MULTIPLE = 2,   /* at least two solutions (the first two are reported) */
    PZ_SOLVE_UNSOLVABLE = 3, /* proved to have no solution */
    PZ_SOLVE_LIMIT = 4,      /* a time or node limit was reached first */
    PZ_SOLVE_CANCELLED = 5   /* should_stop answered non-zero */
} pz_solve_status;

typedef struct pz_progress {
    uint64_t nodes;
    double fraction;     /* 0..1 estimate of work done, or -1 if unknown */
    const char *message; /* NUL-terminated, may be NULL */
} pz_progress;

typedef struct pz_solve_request {
    uint32_t struct_size;    /* sizeof(pz_solve_request) as the host saw it */
    double time_limit_s;     /* <= 0: none */
    uint64_t node_limit;     /* 0: none */
    uint32_t max_solutions;  /* stop after this many; 0 means 2 (enough to decide uniqueness) */
    void *ctx;
    int (*should_stop)(void *ctx);                         /* may be NULL; polled */
    void (*progress)(void *ctx, const pz_progress *progress); /* may be NULL; call at most ~10 times/s */
    const pz_param_value *params; /* solver options, may be NULL */
    uint32_t param_count;
    /* --- 1.8 (read only when struct_size covers it) --- */
    /* solve_cube() of a PZ_COMBINE_BEST split: the cost to beat -- the best solution any cube has found so far
     * (INFINITY: none yet), or a lower aim when the host deepens across the cubes (asks each cube for a solution
     * cheaper than its proven bound + 1, then + 2, ...). Only cheaper solutions matter to this cube; it may stop once
     * it proves its part holds none (then its lower_bound is at least this, and its status PZ_SOLVE_UNSOLVABLE; the
     * host keeps that bound and asks again with a higher aim). May be NULL; polled like should_stop, and it may fall
     * while the cube runs. */
    double (*known_best)(void *ctx);
} pz_solve_request;

typedef struct pz_solve_result {
    uint32_t struct_size;        /* set by the host */
    int32_t status;              /* pz_solve_status, set by the plugin */
    uint64_t nodes;              /* search nodes (plugin-defined unit), for the bench signature */
    double lower_bound;          /* optimisers: proven bounds on the cost; NaN if not applicable */
    double upper_bound;
    pz_kv_sink stats;            /* extra statistics, free-form (e.g. "probes" -> "1234"), set by the host */
    /* --- 1.7 (the plugin writes these only when struct_size covers them) --- */
    double difficulty;         /* the common scale below, 0..10; NaN (the host's initial value): no estimate */
    char difficulty_label[32]; /* NUL-terminated UTF-8, the plugin's word for it (e.g. "line logic"); may be "" */
} pz_solve_result;

/* The common difficulty scale (1.7): how hard the level was for this plugin's solver, which stands in for a person
 * solving it by reasoning. Each plugin maps what its solver had to do onto it; values order levels within a plugin
 * and roughly across plugins. A solve that stopped early (limit, cancel) may still estimate (a lower bound). */
#define PZ_DIFFICULTY_MIN 0.0
#define PZ_DIFFICULTY_EASY 2.0   /* [0, 2): trivial -- every step forced and local */
#define PZ_DIFFICULTY_MEDIUM 4.0 /* [2, 4): easy -- forced steps only, but many, or across the whole board */
#define PZ_DIFFICULTY_HARD 6.0   /* [4, 6): medium -- needs look-ahead: try a choice, see it fail */
#define PZ_DIFFICULTY_EXPERT 8.0 /* [6, 8): hard -- needs search with backtracking */
#define PZ_DIFFICULTY_MAX 10.0   /* [8, 10]: expert -- deep or wide search */
#define PZ_DIFFICULTY_LABEL_MAX 32
/* Each solution found is handed over whole, in the order found (so "multiple" can show the first two). */
typedef struct pz_solution_sink {
    void *ctx;
    void (*solution)(void *ctx, const char *text, size_t len); /* one call per solution */
} pz_solution_sink;

/* How the answers of a level's cubes make the level's (1.8, rule 13). */
typedef enum pz_combine {
    PZ_COMBINE_FIRST = 0, /* a solution in any cube answers the level (the others are stopped); the level has none
                             when every cube is UNSOLVABLE */
    PZ_COMBINE_COUNT = 1, /* the cubes share no solution: counts add up (UNSOLVABLE 0, UNIQUE 1, MULTIPLE 2 or more),
                             and the others are stopped once the sum reaches max_solutions */
    PZ_COMBINE_BEST = 2   /* an optimiser: the level's upper bound is the least of the cubes', its proven lower bound
                             the least of the cubes' (an unfinished cube counts with the lower bound it proved) */
} pz_combine;

/* split() hands each cube to the sink, in the order the host should solve them (most promising first). */
typedef struct pz_cube_sink {
    void *ctx;
    void (*cube)(void *ctx, const char *text, size_t len);
} pz_cube_sink;

/* A place a failed validation is about (1.7): a cell as cell_outline numbers them, or a point in drawing units (boards
 * without cells, e.g. a polygon's vertex). */
typedef enum pz_place_kind { PZ_PLACE_CELL = 0, PZ_PLACE_POINT = 1 } pz_place_kind;
typedef struct pz_place_sink {
    void *ctx;
    void (*place)(void *ctx, int32_t kind, int32_t row, int32_t col, float x, float y); /* kind: pz_place_kind */
} pz_place_sink;

/* ---------------------------------------------------------------- drawing */

typedef struct pz_rgba { uint8_t r, g, b, a; } pz_rgba;
typedef struct pz_point { float x, y; } pz_point;

typedef enum pz_text_anchor { PZ_ANCHOR_START = 0, PZ_ANCHOR_MIDDLE = 1, PZ_ANCHOR_END = 2 } pz_text_anchor;

/* The host's drawing surface. Coordinates are floats in the plugin's own units; the plugin first calls
 * begin() with the extent of its drawing, and the host scales it to fit. y points down. A colour with
 * a == 0 means "none" (no fill / no outline). */
typedef struct pz_canvas {
    uint32_t struct_size;
    void *ctx;
    void (*begin)(void *ctx, float width, float height, pz_rgba background);
    void (*group_begin)(void *ctx, const char *name); /* nestable; names help tests and SVG readers */
    void (*group_end)(void *ctx);
    void (*polygon)(void *ctx, const pz_point *points, uint32_t count, pz_rgba fill, pz_rgba stroke,
                    float stroke_width);
    void (*polyline)(void *ctx, const pz_point *points, uint32_t count, pz_rgba stroke, float width);
    void (*circle)(void *ctx, float cx, float cy, float radius, pz_rgba fill, pz_rgba stroke,
                   float stroke_width);
    /* y is the vertical middle of the text; anchor (pz_text_anchor) places x at its start, middle or end. */
    void (*text)(void *ctx, float x, float y, float size, pz_rgba color, int32_t anchor, const char *utf8);
} pz_canvas;

/* ---------------------------------------------------------------- play and edit input */

typedef enum pz_input_kind {
    PZ_INPUT_PRESS = 0,   /* pointer button pressed at (x, y) */
    PZ_INPUT_DRAG = 1,    /* pointer moved with a button held */
    PZ_INPUT_RELEASE = 2, /* pointer button released */
    PZ_INPUT_KEY = 3      /* key pressed; `key` holds it */
} pz_input_kind;

typedef struct pz_input {
    uint32_t struct_size;
    int32_t kind;    /* pz_input_kind */
    float x, y;      /* pointer position in drawing units (as given to pz_canvas.begin) */
    int32_t button;  /* 0 left, 1 right, 2 middle */
    int32_t key;     /* Unicode code point, or one of PZ_KEY_* */
    uint32_t modifiers; /* PZ_MOD_* */
    float start_x, start_y; /* for DRAG/RELEASE: where the press happened */
    /* The cell the event is about, when the host knows it (keyboard cursor, scripted input); otherwise has_cell
     * is 0 and the plugin maps (x, y) to its own cells. */
    int32_t has_cell;
    int32_t cell_row, cell_col;
} pz_input;

enum { PZ_KEY_UP = 0x110000, PZ_KEY_DOWN, PZ_KEY_LEFT, PZ_KEY_RIGHT, PZ_KEY_ENTER, PZ_KEY_ESCAPE,
       PZ_KEY_BACKSPACE, PZ_KEY_DELETE };
enum { PZ_MOD_SHIFT = 1u, PZ_MOD_CTRL = 2u, PZ_MOD_ALT = 4u };

typedef enum pz_play_phase {
    PZ_PLAY_ONGOING = 0,
    PZ_PLAY_SOLVED = 1,   /* a puzzle completed correctly */
    PZ_PLAY_GAME_OVER = 2 /* a game finished; see scores and winner */
} pz_play_phase;

#define PZ_MAX_PLAYERS 4
typedef struct pz_play_status {
    uint32_t struct_size;
    int32_t phase;              /* pz_play_phase */
    uint32_t players;           /* 1 for puzzles */
    uint32_t to_move;           /* 0-based player index */
    int32_t winner;             /* -1 none/draw/ongoing */
    double scores[PZ_MAX_PLAYERS];
    uint32_t moves;             /* moves played so far */
    char message[256];          /* NUL-terminated, e.g. "3 lights left" */
} pz_play_status;

/* ---------------------------------------------------------------- the plugin table */

typedef struct pz_plugin {
    /* --- 1.0 --- (abi_major, abi_minor, struct_size stay first in every major, so any host can read them) */
    uint32_t abi_major;
    uint32_t abi_minor;
    uint32_t struct_size;
    uint32_t reserved;

    const char *id;          /* [a-z0-9_-]+, unique among loaded plugins; stored in the database */
    const char *name;        /* display name */
    const char *version;     /* plugin version, e.g. "1.2.0"; results are keyed by it */
    const char *description;
    uint64_t capabilities;   /* pz_capability bits */
    const pz_format *formats;       uint32_t format_count;
    const pz_param_desc *params;    uint32_t param_count;
    const pz_tool_desc *tools;      uint32_t tool_count;

    /* Parse a file's text. `format` is a format name, or NULL to detect. One or more levels go to `out`. */
    pz_code (*parse)(const char *text, size_t len, const char *format, const pz_level_sink *out,
                     pz_error *err);
    /* Canonical text; parse(encode(L)) must encode to the same text (exact round trip). */
    pz_code (*encode)(const pz_level *level, const pz_text_sink *out, pz_error *err);
    void (*level_free)(pz_level *level);
    pz_code (*validate)(const pz_level *level, pz_error *err);
    /* Metadata for listings: keys "title", "author", "size", "difficulty", ... (all optional). */
    pz_code (*describe)(const pz_level *level, const pz_kv_sink *out, pz_error *err);
    /* PZ_OK if `solution` solves the level; PZ_ERR_INVALID with the reason if not. */
    pz_code (*check)(const pz_level *level, const char *solution, size_t len, pz_error *err);
    pz_code (*solve)(const pz_level *level, const pz_solve_request *request, pz_solve_result *result,
                     const pz_solution_sink *solutions, pz_error *err);
    /* Draw the level, with a play state (or a decoded solution) when `state` is not NULL. */
    pz_code (*render)(const pz_level *level, const pz_state *state, const pz_canvas *canvas, pz_error *err);
    pz_code (*generate)(const pz_param_value *params, uint32_t param_count, uint64_t seed,
                        const pz_solve_request *request, pz_level **out, pz_error *err);

    /* Play. A solution text as produced by solve() always decodes with state_decode to a finished state. */
    pz_code (*state_new)(const pz_level *level, pz_state **out, pz_error *err);
    pz_code (*state_decode)(const pz_level *level, const char *text, size_t len, pz_state **out,
                            pz_error *err);
    pz_code (*state_encode)(const pz_state *state, const pz_text_sink *out, pz_error *err);
    void (*state_free)(pz_state *state);
    pz_code (*state_status)(const pz_state *state, pz_play_status *out, pz_error *err);
    /* Event -> move text (no state change). Writing nothing means "no move". */
    pz_code (*interpret)(const pz_state *state, const pz_input *input, const pz_text_sink *move, pz_error *err);
    /* Move text -> new state. */
    pz_code (*execute)(const pz_state *state, const char *move, size_t len, pz_state **out, pz_error *err);

    /* Edit: the same split, on levels. */
    pz_code (*edit_interpret)(const pz_level *level, const char *tool, const pz_input *input,
                              const pz_text_sink *edit, pz_error *err);
    pz_code (*edit_execute)(const pz_level *level, const char *edit, size_t len, pz_level **out,
                            pz_error *err);

    /* --- 1.1 --- */
    const pz_ai_desc *ais;  uint32_t ai_count;
    const pz_param_desc *solver_options; uint32_t solver_option_count; /* accepted in pz_solve_request.params */
    /* The named AI's move for the player to move in `state`. */
    pz_code (*ai_move)(const pz_state *state, const char *ai, const pz_solve_request *request,
                       const pz_text_sink *move, pz_error *err);

    /* --- 1.2 --- */
    const pz_ai_profile *ai_profiles; uint32_t ai_profile_count;
    /* After a finished game (rule 12): the profile value of `ai` (a plain id listed in ai_profiles), whose seat
     * was `ai_seat` (0-based player), once the player with `value` has played `final_state` to the end. Writes
     * the player's new value. The level is the state's own (rule 4). Present when ai_profile_count > 0. */
    pz_code (*ai_profile_update)(const pz_state *final_state, const char *ai, uint32_t ai_seat, const char *value,
                                 const pz_text_sink *new_value, pz_error *err);
    /* An empty level to edit from scratch (e.g. a nonogram grid with no clues), sized by the generator parameters
     * (pz_plugin.params; missing ones take their defaults). Need not be solvable, but must validate and round-trip
     * through encode/parse. Present exactly when PZ_CAP_BLANK is declared. */
    pz_code (*blank_level)(const pz_param_value *params, uint32_t param_count, pz_level **out, pz_error *err);

    /* --- 1.4 --- */
    /* A level read from a picture of a board: the bytes of a PNG or JPEG file, e.g. a phone screenshot. `params` are
     * generator parameters (pz_plugin.params) for what a picture cannot show (rules, wrap); missing ones take their
     * defaults. An image the plugin cannot read as a board is PZ_ERR_PARSE saying why. Present exactly when
     * PZ_CAP_IMPORT_IMAGE is declared. */
    pz_code (*import_image)(const uint8_t *bytes, size_t len, const pz_param_value *params, uint32_t param_count,
                            pz_level **out, pz_error *err);
    /* Draws the board a fraction `t` (0..1) of the way through `move` (a text execute() accepts) from `state`: at 0
     * it looks like `state`, at 1 like the state after the move (e.g. a tile half turned at 0.5). Editors call it
     * for a few frames after each move. Present exactly when PZ_CAP_ANIMATE is declared. */
    pz_code (*render_move)(const pz_state *state, const char *move, size_t len, float t, const pz_canvas *canvas,
                           pz_error *err);

    /* --- 1.6 --- */
    /* The outline of cell (row, col) of `level` in drawing units, as render draws the board: up to `capacity` corner
     * points go to `points`, their number to *count. A cell the board does not have is PZ_ERR_ARGUMENT. With it a
     * host shows a keyboard cursor, moves it with the arrow keys from cell to neighbouring cell (row or column +-1)
     * and sends key events with has_cell set to the cursor's cell. Optional: NULL means no keyboard cursor. */
    pz_code (*cell_outline)(const pz_level *level, int32_t row, int32_t col, pz_point *points, uint32_t capacity,
                            uint32_t *count, pz_error *err);

    /* --- 1.7 --- */
    /* validate(), and when it fails (PZ_ERR_INVALID) the places the error is about go to `places` first (e.g. the
     * cells of a nonogram row whose clue cannot fit, the point where a polygon crosses itself), so an editor can
     * mark them on the board. An error about no place in particular sends none. Optional: NULL means validate()
     * only. */
    pz_code (*validate_places)(const pz_level *level, const pz_place_sink *places, pz_error *err);

    /* --- 1.8 (rule 13; present exactly when PZ_CAP_SPLIT is declared) --- */
    /* About `want` cubes of `level` to `cubes` (fewer when the level has fewer parts; none when the split decided
     * the level, see rule 13), and how their answers combine to *combine (pz_combine). `request` limits the split's
     * own work; `result` and `solutions` are solve()'s. */
    pz_code (*split)(const pz_level *level, const pz_solve_request *request, uint32_t want, const pz_cube_sink *cubes,
                     int32_t *combine, pz_solve_result *result, const pz_solution_sink *solutions, pz_error *err);
    /* solve() within the part of `level` that `cube` (a text split() gave) defines. Solutions are the whole level's. */
    pz_code (*solve_cube)(const pz_level *level, const char *cube, size_t len, const pz_solve_request *request,
                          pz_solve_result *result, const pz_solution_sink *solutions, pz_error *err);

    /* --- 1.9 (rule 14) --- */
    /* Draws `solution` (a state decoded from a solution text; it refers to its level, rule 4) for a reader to follow:
     * how the level is solved, not only how it ends (e.g. the start board with each move numbered where it is made,
     * in the colour it picks). Optional: NULL means render(level, solution) shows the answer. */
    pz_code (*render_solution)(const pz_state *solution, const pz_canvas *canvas, pz_error *err);
} pz_plugin;

/* Size of the table as a plugin of minor 0 built it: what the host requires at the least. */
#define PZ_PLUGIN_SIZE_1_0 offsetof(pz_plugin, ais)
/* Size of the table as a plugin of minor 1 built it. */
#define PZ_PLUGIN_SIZE_1_1 offsetof(pz_plugin, ai_profiles)
/* Size of the table as a plugin of minor 2 or 3 built it (1.3 changed only the entry point). */
#define PZ_PLUGIN_SIZE_1_2 offsetof(pz_plugin, import_image)
#define PZ_PLUGIN_SIZE_1_3 PZ_PLUGIN_SIZE_1_2
/* Size of the table as a plugin of minor 4 or 5 built it (1.5 changed only the entry point's error channel). */
#define PZ_PLUGIN_SIZE_1_5 offsetof(pz_plugin, cell_outline)
/* Size of the table as a plugin of minor 6 built it. */
#define PZ_PLUGIN_SIZE_1_6 offsetof(pz_plugin, validate_places)
/* Size of the table as a plugin of minor 7 built it. */
#define PZ_PLUGIN_SIZE_1_7 offsetof(pz_plugin, split)
/* Size of the table as a plugin of minor 8 built it. */
#define PZ_PLUGIN_SIZE_1_8 offsetof(pz_plugin, render_solution)

/* True when a struct of `type` as sized by its writer (s->struct_size) reaches `field`: the append-only rule for
 * every struct with a struct_size. */
#define PZ_STRUCT_HAS(s, type, field) ((s)->struct_size >= offsetof(type, field) + sizeof((s)->field))

/* True when the table `p` (of size p->struct_size) contains `field` and it is set. */
#define PZ_HAS(p, field) \
    ((p)->struct_size >= offsetof(pz_plugin, field) + sizeof((p)->field) && (p)->field != 0)

typedef const pz_plugin *(*pz_entry_fn)(uint32_t host_abi_major, uint32_t host_abi_minor);

/* The entry point every plugin defines (rule 1); never throws (C++ plugins: the export bridge catches). */
PZ_EXPORT const pz_plugin *pluzzle_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor);

/* Optional (1.5): after pluzzle_plugin_entry returned NULL, why -- a NUL-terminated UTF-8 sentence with static
 * storage, never NULL (PLUZZLE_EXPORT_PLUGIN defines it). Hosts older than 1.5 never call it. */
typedef const char *(*pz_entry_error_fn)(void);
PZ_EXPORT const char *pluzzle_plugin_entry_error(void);

#ifdef __cplusplus
}
#endif
#endif /* PLUZZLE_ABI_H */
