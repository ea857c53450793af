// test_support.hpp -- shared by the test files: temporary folders, running the real `pluzzle` binary, parsing
// its JSON lines.
#pragma once
#include <pluzzle/abi.h>
#include <rapidjson/document.h>

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace pluzzle::test {

namespace fs = std::filesystem;

// A fresh folder, removed when the test ends.
class TempDir {
public:
    TempDir() {
        std::random_device rd;
        path_ = fs::temp_directory_path() / ("pluzzle-test-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path &path() const { return path_; }
    std::string operator/(const std::string &name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

inline void write_file(const std::string &path, const std::string &text) {
    std::ofstream(path, std::ios::binary) << text;
}

// Whether `part` occurs in `text` (C++17 has no string::contains).
inline bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

inline std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RunResult {
    int exit_code = -1;
    std::string out; // stdout (stderr is folded in when `merge_stderr`)
};

// Runs a shell command line and captures its output and exit code.
inline RunResult run(const std::string &command, bool merge_stderr = false) {
    RunResult r;
    FILE *pipe = popen((command + (merge_stderr ? " 2>&1" : " 2>/dev/null")).c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// Starts a shell command line in the background, exec'd (so the pid is the command's own, to signal or wait for);
// returns its pid, or -1 when no process could be made.
inline pid_t start_shell(const std::string &command) {
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char *>(nullptr));
        _exit(127);
    }
    return pid;
}

// Exit status of `pid` if it ends within `limit`, else nullopt (and it is killed, so no test leaves it running).
inline std::optional<int> wait_for(pid_t pid, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < end) {
        if (::waitpid(pid, &status, WNOHANG) == pid) return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return std::nullopt;
}

inline std::string quote(const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

#ifdef PLUZZLE_CLI
// The real CLI with only the plugin folders given (the build's folder is always searched first by the host).
inline std::string cli(const std::string &plugin_path = "") {
    return "env HOME=/nonexistent XDG_CONFIG_HOME=/nonexistent PLUZZLE_PLUGIN_PATH=" + quote(plugin_path) + " " + quote(PLUZZLE_CLI);
}

// Every stdout line must be one JSON object.
inline std::vector<rapidjson::Document> json_lines(const std::string &out) {
    std::vector<rapidjson::Document> docs;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) continue;
        rapidjson::Document d;
        d.Parse(line.c_str());
        EXPECT_FALSE(d.HasParseError()) << "not JSON: " << line;
        EXPECT_TRUE(!d.HasParseError() && d.IsObject()) << "not an object: " << line;
        docs.push_back(std::move(d));
    }
    return docs;
}

// A member of a JSON line as text ("<missing>" when absent), whatever its JSON type.
inline std::string member(const rapidjson::Value &v, const char *key) {
    if (!v.HasMember(key)) return "<missing>";
    if (v[key].IsString()) return v[key].GetString();
    if (v[key].IsBool()) return v[key].GetBool() ? "true" : "false";
    if (v[key].IsUint64()) return std::to_string(v[key].GetUint64());
    if (v[key].IsInt64()) return std::to_string(v[key].GetInt64());
    if (v[key].IsNumber()) return std::to_string(v[key].GetDouble());
    return "<other>";
}

inline std::string probe_dir(const std::string &folder) { return std::string(PLUZZLE_TEST_PLUGIN_DIR) + "/" + folder; }
#endif

// A pointer press at (x, y) in drawing units, as the host hands it to interpret/edit_interpret.
inline pz_input pointer_press(float x, float y, int button = 0) {
    pz_input in{};
    in.struct_size = sizeof in;
    in.kind = PZ_INPUT_PRESS;
    in.x = x;
    in.y = y;
    in.button = button;
    return in;
}

inline std::string data_dir() { return std::string(PLUZZLE_SOURCE_DIR) + "/data"; }

} // namespace pluzzle::test
