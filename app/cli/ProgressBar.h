#pragma once

#include <mutex>
#include <string>

namespace xrayprep::app {

// A one-line progress bar on stderr when it is a terminal; plain lines otherwise (logs).
// Thread-safe: parallel jobs report through one bar; the bar shows the latest item and stage,
// and each message is printed whole on its own line.
class ProgressBar {
  public:
    explicit ProgressBar(int total);
    ~ProgressBar();

    // The item being worked on and its stage.
    void show(const std::string& item, const std::string& stage);
    // One more item done.
    void advance();
    // A finished item: printed as its own line above the bar.
    void message(const std::string& line);
    void finish();

  private:
    void draw();  // with mutex_ held

    std::mutex mutex_;
    int total_;
    int done_ = 0;
    bool terminal_;
    bool finished_ = false;
    std::string item_;
    std::string stage_;
};

}  // namespace xrayprep::app
