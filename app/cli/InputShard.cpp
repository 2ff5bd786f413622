#include "app/cli/InputShard.h"

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "io/Sha256.h"

namespace xrayprep::app {

namespace {

constexpr int kMaxShards = 100000;

int wholeNumber(std::string_view text, const std::string& whole) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        throw std::invalid_argument("--shard wants K/N (e.g. 3/8), got '" + whole + "'");
    }
    return value;
}

}  // namespace

InputShard InputShard::parse(const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos) {
        throw std::invalid_argument("--shard wants K/N (e.g. 3/8), got '" + text + "'");
    }
    const std::string_view view(text);
    const int k = wholeNumber(view.substr(0, slash), text);
    const int n = wholeNumber(view.substr(slash + 1), text);
    if (n < 1 || n > kMaxShards) {
        throw std::invalid_argument("--shard " + text + ": N must be 1 to " +
                                    std::to_string(kMaxShards));
    }
    if (k < 1 || k > n) {
        throw std::invalid_argument("--shard " + text + ": K must be 1 to N (" + std::to_string(n) +
                                    "); shards count from 1");
    }
    return InputShard(k, n);
}

bool InputShard::holds(const std::string& outputFolderName) const {
    if (count_ == 1) return true;
    // A cryptographic hash is more than needed; it is what the project already has, and its
    // bits are uniform, so the shards come out near equal in size.
    const std::string hex = io::sha256Hex(std::span(
        reinterpret_cast<const std::uint8_t*>(outputFolderName.data()), outputFolderName.size()));
    const std::uint64_t h = std::stoull(hex.substr(0, 16), nullptr, 16);
    return static_cast<int>(h % static_cast<std::uint64_t>(count_)) + 1 == index_;
}

std::string InputShard::toString() const {
    return std::to_string(index_) + "/" + std::to_string(count_);
}

}  // namespace xrayprep::app
