// undo_history.hpp -- unlimited undo/redo over immutable snapshots. Levels and play states are immutable handles
// (ABI rule 4), so keeping the old ones *is* the undo model: no inverse edits are needed.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

namespace pluzzle::editor {

template <class Snapshot> class UndoHistory {
  public:
    explicit UndoHistory(Snapshot initial) : present_(std::move(initial)) {}

    const Snapshot &current() const { return present_; }

    // Makes `next` current. Inside a gesture only the first change adds an undo step; later ones replace it, so a
    // whole drag undoes at once.
    void push(Snapshot next) {
        if (!gesture_open_ || !gesture_pushed_) {
            past_.push_back(std::move(present_));
            gesture_pushed_ = gesture_open_;
        }
        present_ = std::move(next);
        future_.clear();
    }

    void begin_gesture() {
        gesture_open_ = true;
        gesture_pushed_ = false;
    }
    void end_gesture() { gesture_open_ = gesture_pushed_ = false; }

    bool can_undo() const { return !past_.empty(); }
    bool can_redo() const { return !future_.empty(); }
    bool undo() {
        if (past_.empty()) return false;
        end_gesture();
        future_.push_back(std::move(present_));
        present_ = std::move(past_.back());
        past_.pop_back();
        return true;
    }
    bool redo() {
        if (future_.empty()) return false;
        end_gesture();
        past_.push_back(std::move(present_));
        present_ = std::move(future_.back());
        future_.pop_back();
        return true;
    }
    size_t undo_steps() const { return past_.size(); }
    size_t redo_steps() const { return future_.size(); }

  private:
    std::vector<Snapshot> past_, future_;
    Snapshot present_;
    bool gesture_open_ = false, gesture_pushed_ = false;
};

} // namespace pluzzle::editor
