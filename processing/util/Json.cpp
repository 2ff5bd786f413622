#include "processing/util/Json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace xrayprep::processing {
namespace {

// "line L, column C" of the character at `byte` (nlohmann's 1-based offset of the last
// character it read). Counted here because nlohmann's own column is 0 when the lexer looked
// ahead at a newline and put it back.
std::string positionIn(const std::string& text, std::size_t byte) {
    const std::size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// What went wrong, without nlohmann's "[json.exception.parse_error.101] parse error at ...:"
// prefix. Cut short because its "last read: '...'" quotes the whole token, which for an
// unterminated string is the rest of the file (up to 1 MiB in a dialog).
std::string problemOf(const std::string& what) {
    std::string problem = what;
    if (const auto at = what.find("parse error"); at != std::string::npos) {
        if (const auto colon = what.find(": ", at); colon != std::string::npos) {
            problem = what.substr(colon + 2);
        }
    } else if (const auto close = what.find("] ");
               what.starts_with("[json.exception.") && close != std::string::npos) {
        problem = what.substr(close + 2);
    }
    constexpr std::size_t kMaxProblem = 160;
    if (problem.size() > kMaxProblem) problem = problem.substr(0, kMaxProblem) + "...";
    return problem;
}

// Reports and presets print numbers as the shortest text that reads back; nlohmann adds ".0"
// to a whole double, so whole values (below 2^53, where every integer is exact) become integers.
void wholeNumbersAsIntegers(Json& value) {
    if (value.is_number_float()) {
        const double x = value.get<double>();
        constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
        if (std::isfinite(x) && std::trunc(x) == x && std::abs(x) < kExactIntegers) {
            value = static_cast<std::int64_t>(x);
        }
    } else if (value.is_structured()) {
        for (Json& element : value) wholeNumbersAsIntegers(element);
    }
}

}  // namespace

Json parseJson(const std::string& text) {
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        throw std::runtime_error("JSON parse error at " + positionIn(text, e.byte) + ": " +
                                 problemOf(e.what()));
    } catch (const Json::exception& e) {  // a number too large for a double
        throw std::runtime_error("JSON parse error: " + problemOf(e.what()));
    }
}

std::string dumpJson(const Json& value, int indent) {
    Json printed = value;
    wholeNumbersAsIntegers(printed);
    return printed.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace xrayprep::processing
