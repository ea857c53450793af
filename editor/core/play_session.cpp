#include "play_session.hpp"

namespace pluzzle::editor {

PlaySession::PlaySession(PluginPtr plugin, host::LevelPtr level)
    : plugin_(std::move(plugin)), level_(std::move(level)), history_(plugin_->new_state(level_)) {
    seats_.resize(PZ_MAX_PLAYERS);
}

host::PlayStatus PlaySession::status() const { return plugin_->status(state().get()); }

void PlaySession::set_seat(unsigned player, const std::string &ai_id) {
    if (player >= seats_.size()) throw host::InputError("seat", "no player " + std::to_string(player + 1));
    if (!ai_id.empty()) {
        bool known = false;
        for (auto &ai : plugin_->ais())
            known = known || ai_id == ai.id;
        if (!known) throw host::InputError("ai", "type '" + plugin_->id() + "' has no AI '" + ai_id + "'");
    }
    seats_[player] = ai_id;
    ai_stuck_ = false;
}

const std::string &PlaySession::seat(unsigned player) const { return seats_.at(player); }

bool PlaySession::ai_to_move() const {
    const host::PlayStatus s = status();
    return s.phase == PZ_PLAY_ONGOING && s.to_move < seats_.size() && !seats_[s.to_move].empty();
}

bool PlaySession::play(const std::string &move) {
    try {
        host::StatePtr before = state();
        history_.push(plugin_->execute(before, move));
        last_move_ = LastMove{std::move(before), move, std::chrono::steady_clock::now()};
        problem_.clear();
        ai_stuck_ = false;
    } catch (const host::InputError &e) {
        problem_ = e.reason();
        return false;
    }
    record_if_over();
    return true;
}

void PlaySession::record_if_over() {
    if (game_recorded_ || status().phase != PZ_PLAY_GAME_OVER) return;
    game_recorded_ = true;
    // The move stands whatever happens here: a profile that cannot be updated is reported, not fatal.
    try {
        profile_note_ = profiles_.record_game(*plugin_, state().get(), seats_);
    } catch (const std::exception &e) {
        problem_ = std::string("player profile not updated: ") + e.what();
        profile_note_ = problem_;
    }
}

bool PlaySession::offer(const pz_input &input) {
    if (ai_to_move() || finished()) return false;
    std::string move;
    try {
        move = plugin_->interpret(state().get(), input);
    } catch (const host::InputError &e) {
        problem_ = e.reason();
        return false;
    }
    if (move.empty()) return false;
    if ((input.kind == PZ_INPUT_DRAG || input.kind == PZ_INPUT_RELEASE) && move == last_gesture_move_) return false;
    last_gesture_move_ = move;
    return play(move);
}

bool PlaySession::press(float x, float y, int button, uint32_t modifiers) {
    history_.begin_gesture();
    last_gesture_move_.clear();
    return offer(pointer_.press(x, y, button, modifiers));
}

bool PlaySession::drag(float x, float y, uint32_t modifiers) {
    return pointer_.down && offer(pointer_.drag(x, y, modifiers));
}

bool PlaySession::release(float x, float y, uint32_t modifiers) {
    if (!pointer_.down) return false;
    const bool changed = offer(pointer_.release(x, y, modifiers));
    history_.end_gesture();
    return changed;
}

bool PlaySession::key(int32_t key, uint32_t modifiers, std::optional<Cell> cell) {
    return offer(key_input(key, modifiers, cell));
}

bool PlaySession::poll_ai(double time_limit_s) {
    if (ai_job_) {
        if (!ai_job_->finished()) return false;
        const std::string move = ai_job_->move(), error = ai_job_->error();
        ai_job_.reset();
        if (!error.empty()) {
            problem_ = error;
            ai_stuck_ = true;
            return false;
        }
        return play(move);
    }
    if (ai_stuck_ || !ai_to_move()) return false;
    const std::string &ai = seats_[status().to_move];
    std::optional<std::string> value;
    try {
        value = profiles_.value(*plugin_, ai);
    } catch (const std::exception &e) { // e.g. a stored value the AI cannot read: the AI waits, the reason shows
        problem_ = e.what();
        ai_stuck_ = true;
        return false;
    }
    ai_job_ = std::make_unique<AiMoveJob>(plugin_, level_, state(), host::ai_request(ai, value), time_limit_s);
    return false;
}

bool PlaySession::undo() {
    ai_job_.reset(); // an answer for a state we are leaving is worthless
    ai_stuck_ = false;
    last_move_.reset();
    return history_.undo();
}

bool PlaySession::redo() {
    ai_job_.reset();
    ai_stuck_ = false;
    last_move_.reset();
    return history_.redo();
}

void PlaySession::restart() {
    ai_job_.reset();
    ai_stuck_ = game_recorded_ = false;
    last_move_.reset();
    history_.push(plugin_->new_state(level_));
}

} // namespace pluzzle::editor
