#include "processing/util/Json.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace xrayprep::processing {
namespace {

[[noreturn]] void typeError(const char* wanted) {
    throw std::runtime_error(std::string("JSON value is not ") + wanted);
}

void appendEscaped(std::string& out, const std::string& s) {
    out += '"';
    for (const char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    out += '"';
}

// to_chars/from_chars: locale-independent (a Qt application may set a comma locale) and
// the shortest text that reads back to the same double.
void appendNumber(std::string& out, double v) {
    if (!std::isfinite(v)) {
        out += "null";  // JSON has no NaN/Inf
        return;
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

class Parser {
  public:
    explicit Parser(const std::string& text) : s_(text) {}

    Json parseDocument() {
        Json v = parseValue(0);
        skipSpace();
        if (pos_ != s_.size()) fail("unexpected text after the JSON value");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        std::size_t line = 1, col = 1;
        for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) {
            if (s_[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        throw std::runtime_error("JSON parse error at line " + std::to_string(line) + ", column " +
                                 std::to_string(col) + ": " + what);
    }

    void skipSpace() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t')) {
            ++pos_;
        }
    }

    bool consume(const char* word) {
        const std::string w(word);
        if (s_.compare(pos_, w.size(), w) == 0) {
            pos_ += w.size();
            return true;
        }
        return false;
    }

    Json parseValue(int depth) {
        if (depth > 64) fail("nesting too deep");
        skipSpace();
        if (pos_ >= s_.size()) fail("unexpected end of input");
        const char c = s_[pos_];
        if (c == '{') return parseObject(depth);
        if (c == '[') return parseArray(depth);
        if (c == '"') return Json(parseString());
        if (consume("true")) return Json(true);
        if (consume("false")) return Json(false);
        if (consume("null")) return Json();
        return Json(parseNumber());
    }

    Json parseObject(int depth) {
        ++pos_;
        Json::Object obj;
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == '}') {
            ++pos_;
            return Json(std::move(obj));
        }
        for (;;) {
            skipSpace();
            if (pos_ >= s_.size() || s_[pos_] != '"') fail("expected a string key");
            std::string key = parseString();
            skipSpace();
            if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected ':'");
            ++pos_;
            obj.emplace_back(std::move(key), parseValue(depth + 1));
            skipSpace();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == '}') {
                ++pos_;
                return Json(std::move(obj));
            }
            fail("expected ',' or '}'");
        }
    }

    Json parseArray(int depth) {
        ++pos_;
        Json::Array arr;
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == ']') {
            ++pos_;
            return Json(std::move(arr));
        }
        for (;;) {
            arr.push_back(parseValue(depth + 1));
            skipSpace();
            if (pos_ < s_.size() && s_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < s_.size() && s_[pos_] == ']') {
                ++pos_;
                return Json(std::move(arr));
            }
            fail("expected ',' or ']'");
        }
    }

    std::string parseString() {
        ++pos_;  // opening quote
        std::string out;
        while (pos_ < s_.size()) {
            const char c = s_[pos_++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size()) break;
            const char e = s_[pos_++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    if (pos_ + 4 > s_.size()) fail("short \\u escape");
                    const unsigned code =
                        static_cast<unsigned>(std::stoul(s_.substr(pos_, 4), nullptr, 16));
                    pos_ += 4;
                    // UTF-8 encode (surrogate pairs are not combined: presets are ASCII).
                    if (code < 0x80) {
                        out += static_cast<char>(code);
                    } else if (code < 0x800) {
                        out += static_cast<char>(0xC0 | (code >> 6));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    } else {
                        out += static_cast<char>(0xE0 | (code >> 12));
                        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    }
                    break;
                }
                default:
                    fail("bad escape");
            }
        }
        fail("unterminated string");
    }

    double parseNumber() {
        const char* begin = s_.data() + pos_;
        const char* end = s_.data() + s_.size();
        if (begin < end && *begin == '+') fail("unexpected character");
        double v = 0.0;
        const auto res = std::from_chars(begin, end, v);
        if (res.ec != std::errc() || res.ptr == begin) fail("unexpected character");
        pos_ += static_cast<std::size_t>(res.ptr - begin);
        return v;
    }

    const std::string& s_;
    std::size_t pos_ = 0;
};

}  // namespace

bool Json::asBool() const {
    if (!isBool()) typeError("a boolean");
    return std::get<bool>(value_);
}
double Json::asNumber() const {
    if (!isNumber()) typeError("a number");
    return std::get<double>(value_);
}
const std::string& Json::asString() const {
    if (!isString()) typeError("a string");
    return std::get<std::string>(value_);
}
const Json::Array& Json::asArray() const {
    if (!isArray()) typeError("an array");
    return std::get<Array>(value_);
}
const Json::Object& Json::asObject() const {
    if (!isObject()) typeError("an object");
    return std::get<Object>(value_);
}
Json::Array& Json::asArray() {
    if (!isArray()) typeError("an array");
    return std::get<Array>(value_);
}
Json::Object& Json::asObject() {
    if (!isObject()) typeError("an object");
    return std::get<Object>(value_);
}

Json& Json::operator[](const std::string& key) {
    if (isNull()) value_ = Object{};
    Object& obj = asObject();
    for (auto& [k, v] : obj) {
        if (k == key) return v;
    }
    obj.emplace_back(key, Json());
    return obj.back().second;
}

const Json* Json::find(const std::string& key) const {
    if (!isObject()) return nullptr;
    for (const auto& [k, v] : asObject()) {
        if (k == key) return &v;
    }
    return nullptr;
}

void Json::push_back(Json v) {
    if (isNull()) value_ = Array{};
    asArray().push_back(std::move(v));
}

std::string Json::dump(int indent) const {
    std::string out;
    dumpTo(out, indent, 0);
    return out;
}

void Json::dumpTo(std::string& out, int indent, int level) const {
    const bool pretty = indent >= 0;
    auto newline = [&](int lvl) {
        if (!pretty) return;
        out += '\n';
        out.append(static_cast<std::size_t>(indent * lvl), ' ');
    };
    if (isNull()) {
        out += "null";
    } else if (isBool()) {
        out += asBool() ? "true" : "false";
    } else if (isNumber()) {
        appendNumber(out, asNumber());
    } else if (isString()) {
        appendEscaped(out, asString());
    } else if (isArray()) {
        const Array& arr = asArray();
        if (arr.empty()) {
            out += "[]";
            return;
        }
        // Arrays of plain numbers stay on one line (histograms, contour points).
        bool flat = true;
        for (const Json& v : arr) flat = flat && (v.isNumber() || v.isNull() || v.isBool());
        out += '[';
        for (std::size_t i = 0; i < arr.size(); ++i) {
            if (i) out += pretty && flat ? ", " : ",";
            if (!flat) newline(level + 1);
            arr[i].dumpTo(out, indent, level + 1);
        }
        if (!flat) newline(level);
        out += ']';
    } else {
        const Object& obj = asObject();
        if (obj.empty()) {
            out += "{}";
            return;
        }
        out += '{';
        for (std::size_t i = 0; i < obj.size(); ++i) {
            if (i) out += ',';
            newline(level + 1);
            appendEscaped(out, obj[i].first);
            out += pretty ? ": " : ":";
            obj[i].second.dumpTo(out, indent, level + 1);
        }
        newline(level);
        out += '}';
    }
}

Json Json::parse(const std::string& text) { return Parser(text).parseDocument(); }

}  // namespace xrayprep::processing
