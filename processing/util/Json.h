#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace xrayprep::processing {

// A small JSON value for presets and reports. Objects keep insertion order (reports read
// better that way); numbers are doubles.
class Json {
  public:
    using Array = std::vector<Json>;
    using Object = std::vector<std::pair<std::string, Json>>;

    Json() = default;  // null
    Json(std::nullptr_t) {}
    Json(bool b) : value_(b) {}
    Json(int v) : value_(static_cast<double>(v)) {}
    Json(std::int64_t v) : value_(static_cast<double>(v)) {}
    Json(std::uint64_t v) : value_(static_cast<double>(v)) {}
    Json(double v) : value_(v) {}
    Json(const char* s) : value_(std::string(s)) {}
    Json(std::string s) : value_(std::move(s)) {}
    Json(Array a) : value_(std::move(a)) {}
    Json(Object o) : value_(std::move(o)) {}

    static Json array() { return Json(Array{}); }
    static Json object() { return Json(Object{}); }

    [[nodiscard]] bool isNull() const { return std::holds_alternative<std::monostate>(value_); }
    [[nodiscard]] bool isBool() const { return std::holds_alternative<bool>(value_); }
    [[nodiscard]] bool isNumber() const { return std::holds_alternative<double>(value_); }
    [[nodiscard]] bool isString() const { return std::holds_alternative<std::string>(value_); }
    [[nodiscard]] bool isArray() const { return std::holds_alternative<Array>(value_); }
    [[nodiscard]] bool isObject() const { return std::holds_alternative<Object>(value_); }

    [[nodiscard]] bool asBool() const;
    [[nodiscard]] double asNumber() const;
    [[nodiscard]] const std::string& asString() const;
    [[nodiscard]] const Array& asArray() const;
    [[nodiscard]] const Object& asObject() const;
    Array& asArray();
    Object& asObject();

    // Object access: operator[] inserts (turning null into an object); find returns nullptr.
    Json& operator[](const std::string& key);
    [[nodiscard]] const Json* find(const std::string& key) const;
    void push_back(Json v);

    // Compact when indent < 0, else pretty-printed with that many spaces per level.
    [[nodiscard]] std::string dump(int indent = 2) const;
    // Throws std::runtime_error with line and column on malformed input.
    static Json parse(const std::string& text);

  private:
    void dumpTo(std::string& out, int indent, int level) const;
    std::variant<std::monostate, bool, double, std::string, Array, Object> value_;
};

}  // namespace xrayprep::processing
