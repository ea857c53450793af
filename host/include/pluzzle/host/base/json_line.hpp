// json_line.hpp -- one JSON object on one line, for the CLI's --json output (RapidJSON's compact writer; it
// comes with cereal's Debian package).
#pragma once
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <pluzzle/host/base/utf8.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pluzzle::host {

class JsonLine {
public:
    JsonLine() : writer_(buffer_) { writer_.StartObject(); }

    JsonLine &add(std::string_view key, std::string_view value) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        string(value);
        return *this;
    }
    JsonLine &add(std::string_view key, const char *value) { return add(key, std::string_view(value)); }
    JsonLine &add(std::string_view key, const std::string &value) { return add(key, std::string_view(value)); }
    JsonLine &add(std::string_view key, bool value) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        writer_.Bool(value);
        return *this;
    }
    JsonLine &add(std::string_view key, int64_t value) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        writer_.Int64(value);
        return *this;
    }
    JsonLine &add(std::string_view key, int value) { return add(key, int64_t(value)); }
    JsonLine &add(std::string_view key, uint64_t value) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        writer_.Uint64(value);
        return *this;
    }
    // NaN/infinity are not JSON: written as null.
    JsonLine &add(std::string_view key, double value) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        if (std::isfinite(value))
            writer_.Double(value);
        else
            writer_.Null();
        return *this;
    }
    JsonLine &add(std::string_view key, const std::vector<std::string> &values) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        writer_.StartArray();
        for (auto &v : values) string(v);
        writer_.EndArray();
        return *this;
    }
    JsonLine &add(std::string_view key, const std::vector<std::pair<std::string, std::string>> &object) {
        writer_.Key(key.data(), rapidjson::SizeType(key.size()));
        writer_.StartObject();
        for (auto &[k, v] : object) {
            const std::string key_text = repair_utf8(k);
            writer_.Key(key_text.data(), rapidjson::SizeType(key_text.size()));
            string(v);
        }
        writer_.EndObject();
        return *this;
    }

    std::string str() {
        if (!closed_) {
            writer_.EndObject();
            closed_ = true;
        }
        return buffer_.GetString();
    }

private:
    // Values can come from plugins and files: repaired so every line stays valid JSON (NUL becomes \u0000).
    void string(std::string_view v) {
        const std::string text = repair_utf8(v);
        writer_.String(text.data(), rapidjson::SizeType(text.size()));
    }

    rapidjson::StringBuffer buffer_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
    bool closed_ = false;
};

} // namespace pluzzle::host
