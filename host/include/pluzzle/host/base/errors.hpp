// errors.hpp -- the host's error types. Every "bad input" (a malformed level, a truncated database, a wrong
// plugin...) becomes an InputError that names the file and, where known, the line, column and field. The CLI
// maps InputError to exit code 3.
#pragma once
#include <pluzzle/error.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace pluzzle::host {

class InputError : public std::runtime_error {
public:
    InputError(std::string file, const std::string &message, int line = 0, int column = 0, std::string field = {})
        : std::runtime_error(format(file, message, line, column, field)), file_(std::move(file)), reason_(message),
          line_(line), column_(column), field_(std::move(field)) {}
    const std::string &file() const noexcept { return file_; }
    const std::string &reason() const noexcept { return reason_; }
    int line() const noexcept { return line_; }
    int column() const noexcept { return column_; }
    const std::string &field() const noexcept { return field_; }
    // The cells or points of the level the error is about (ABI 1.7 validate_places), for an editor to mark.
    const std::vector<pluzzle::Place> &places() const noexcept { return places_; }
    void set_places(std::vector<pluzzle::Place> places) { places_ = std::move(places); }

    // "file:line:column: field 'f': message" with the unknown parts left out.
    static std::string format(const std::string &file, const std::string &message, int line, int column,
                              const std::string &field) {
        std::string s = file.empty() ? std::string("<input>") : file;
        if (line > 0) s += ":" + std::to_string(line);
        if (line > 0 && column > 0) s += ":" + std::to_string(column);
        s += ": ";
        if (!field.empty()) s += "field '" + field + "': ";
        return s + message;
    }

private:
    std::string file_, reason_;
    int line_, column_;
    std::string field_;
    std::vector<pluzzle::Place> places_;
};

// The level database could not be opened, read or written (names the database file).
class StoreError : public InputError {
public:
    StoreError(const std::string &path, const std::string &message, std::string field = {})
        : InputError(path, message, 0, 0, std::move(field)) {}
};

// A parser that failed with an exception of its own (not a pluzzle::Error with a position): still bad input to
// the user (the file is named, exit 3), but a bug to the plugin's author, which `pluzzle selftest` and
// `pluzzle-fuzz` report.
class ForeignParseError : public InputError {
  public:
    using InputError::InputError;
};

// A plugin operation failed in a way that is not the input's fault (an exception inside the plugin, an
// unsupported operation).
class PluginError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace pluzzle::host
