// store_migrations.hpp -- the schema's history: one SQL step per schema version (store_migrations.cpp).
#pragma once

namespace pluzzle::host {

// The SQL that takes a store's schema from `version` to `version + 1`, for 0 <= version < Store::kSchemaVersion.
const char *migration_sql(int version);

} // namespace pluzzle::host
