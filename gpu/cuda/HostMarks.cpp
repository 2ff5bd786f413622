#include "gpu/cuda/HostMarks.h"

#include <cstdio>

namespace xrayprep::gpu {

namespace {

double msBetween(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

void HostMarks::start(const char* what) noexcept {
    marks_.clear();
    mark(what);
}

void HostMarks::mark(const char* what) noexcept {
    if (!enabled_) return;
    try {
        marks_.emplace_back(what, std::chrono::steady_clock::now());
    } catch (...) {
        // A profile without this point (out of memory); callers may be unwinding.
    }
}

void HostMarks::report(const char* title) noexcept {
    if (!enabled_ || marks_.size() < 2) return;
    std::fprintf(stderr, "%s, host wall ms from the previous point:\n", title);
    for (std::size_t i = 1; i < marks_.size(); ++i) {
        std::fprintf(stderr, "  %-36s %8.3f\n", marks_[i].first,
                     msBetween(marks_[i - 1].second, marks_[i].second));
    }
    std::fprintf(stderr, "  %-36s %8.3f\n", "whole",
                 msBetween(marks_.front().second, marks_.back().second));
    marks_.clear();
}

}  // namespace xrayprep::gpu
