// pluzzle/error.hpp -- the exception plugin code throws; the export bridge turns it into a pz_error.
#pragma once
#include <pluzzle/abi.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace pluzzle {

// A place an error is about (ABI 1.7): a cell as cell_outline numbers them, or a point in drawing units.
struct Place {
    pz_place_kind kind = PZ_PLACE_CELL;
    int row = 0, col = 0;
    float x = 0, y = 0;
};

// Thrown by plugin code. Never crosses the ABI: the bridge in <pluzzle/export.hpp> catches it and fills the
// host's pz_error, so the host can say "file.non:12:5: field 'rows': ...".
class Error : public std::runtime_error {
public:
    Error(pz_code code, const std::string &message, std::string field = {}, int line = 0, int column = 0)
        : std::runtime_error(message), code_(code), field_(std::move(field)), line_(line), column_(column) {}
    pz_code code() const noexcept { return code_; }
    const std::string &field() const noexcept { return field_; }
    int line() const noexcept { return line_; }
    int column() const noexcept { return column_; }

    // The cells or points the error is about, for an editor to mark (ABI 1.7): throw invalid(...).at_cell(r, c).
    Error &at_cell(int row, int col) {
        places_.push_back({PZ_PLACE_CELL, row, col, 0, 0});
        return *this;
    }
    Error &at_point(float x, float y) {
        places_.push_back({PZ_PLACE_POINT, 0, 0, x, y});
        return *this;
    }
    const std::vector<Place> &places() const noexcept { return places_; }

  private:
    pz_code code_;
    std::string field_;
    int line_;
    int column_;
    std::vector<Place> places_;
};

// The text could not be read: say where.
inline Error parse_error(const std::string &message, int line, int column = 0, std::string field = {}) {
    return Error(PZ_ERR_PARSE, message, std::move(field), line, column);
}
// Well-formed but breaks a rule of the puzzle (validate, check, execute).
inline Error invalid(const std::string &message, std::string field = {}) {
    return Error(PZ_ERR_INVALID, message, std::move(field));
}
// A parameter, tool, move or AI name the plugin does not know.
inline Error bad_argument(const std::string &message, std::string field = {}) {
    return Error(PZ_ERR_ARGUMENT, message, std::move(field));
}
// generate()/ai_move() saw control.tick() or poll() answer true before it had a result.
inline Error stopped(const std::string &operation) {
    return Error(PZ_ERR_STOPPED, operation + " stopped before finishing (time limit or cancelled)");
}
inline Error unsupported(const std::string &operation) {
    return Error(PZ_ERR_UNSUPPORTED, operation + " is not supported by this puzzle type");
}

} // namespace pluzzle
