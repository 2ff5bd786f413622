#pragma once

#include <string>

namespace xrayprep::app {

// A one-line progress bar on stderr when it is a terminal; plain lines otherwise (logs).
class ProgressBar {
  public:
    explicit ProgressBar(int total);
    ~ProgressBar();

    void update(int done, const std::string& item, const std::string& stage);
    // A finished item: printed as its own line above the bar.
    void message(const std::string& line);
    void finish();

  private:
    void draw();

    int total_;
    int done_ = 0;
    bool terminal_;
    bool finished_ = false;
    std::string item_;
    std::string stage_;
};

}  // namespace xrayprep::app
