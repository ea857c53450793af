// db_open.hpp -- how `db` subcommands that only read open a database: it must exist, and is opened read-only (no
// migration, no journal written), so reading never changes the file and works on files and folders the user cannot
// write.
#pragma once
#include <pluzzle/host/store/store.hpp>

#include <string>

namespace pluzzle::cli {

inline host::Store open_for_reading(const std::string &db) {
    host::check_database_path(db, host::DatabaseUse::Existing);
    host::StoreOptions options;
    options.mode = host::StoreMode::ReadOnly;
    return host::Store(db, options);
}

} // namespace pluzzle::cli
