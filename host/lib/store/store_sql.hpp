// store_sql.hpp -- SQL pieces shared by the store's source files.
#pragma once

// Current UTC time as ISO-8601 with milliseconds, computed by SQLite (a constant piece of SQL, not a value).
#define PLUZZLE_SQL_NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"
