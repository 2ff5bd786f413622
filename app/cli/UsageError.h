#pragma once

#include <stdexcept>

namespace xrayprep::app {

// Bad command-line usage: reported with a hint and exit code 2.
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace xrayprep::app
