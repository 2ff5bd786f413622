#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace xrayprep::dicom {

// Any failure to read or write a DICOM file. what() is "<file>: <reason>", so a message shown
// to the user or logged in a batch run always says which file and why.
class DicomError : public std::runtime_error {
  public:
    DicomError(const std::filesystem::path& file, const std::string& reason);

    [[nodiscard]] const std::filesystem::path& file() const { return file_; }
    [[nodiscard]] const std::string& reason() const { return reason_; }

  private:
    std::filesystem::path file_;
    std::string reason_;
};

}  // namespace xrayprep::dicom
