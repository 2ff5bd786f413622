#include "app/cli/ProgressBar.h"

#include <unistd.h>

#include <cstdio>

#include "processing/core/PrintableText.h"

namespace xrayprep::app {

ProgressBar::ProgressBar(int total) : total_(total), terminal_(isatty(STDERR_FILENO) != 0) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::show(const std::string& item, const std::string& stage) {
    const std::lock_guard lock(mutex_);
    item_ = item;
    stage_ = stage;
    if (terminal_ && !finished_) draw();
}

void ProgressBar::advance() {
    const std::lock_guard lock(mutex_);
    ++done_;
    if (terminal_ && !finished_) draw();
}

void ProgressBar::message(const std::string& line) {
    const std::lock_guard lock(mutex_);
    if (terminal_) std::fputs("\r\033[K", stderr);
    // Lines quote file names and fields from the files: escaped, so none can drive the terminal.
    std::fprintf(stderr, "%s\n", processing::printableText(line).c_str());
    if (terminal_ && !finished_) draw();
}

void ProgressBar::finish() {
    const std::lock_guard lock(mutex_);
    if (finished_) return;
    finished_ = true;
    if (terminal_) std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
}

void ProgressBar::draw() {
    constexpr int kWidth = 30;
    const int filled = total_ > 0 ? done_ * kWidth / total_ : kWidth;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(kWidth - filled), '.');
    std::string label = processing::printableText(item_);
    if (label.size() > 40) label = "..." + label.substr(label.size() - 37);
    std::fprintf(stderr, "\r\033[K[%s] %d/%d %s %s", bar.c_str(), done_, total_, label.c_str(),
                 stage_.c_str());
    std::fflush(stderr);
}

}  // namespace xrayprep::app
