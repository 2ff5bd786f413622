#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "processing/util/Json.h"

namespace xrayprep::test_support {

// A file's whole content ("" when it cannot be read).
inline std::string readTextFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A JSON file the command line wrote (a report); throws when it is not JSON.
inline processing::Json readJsonFile(const std::filesystem::path& p) {
    return processing::parseJson(readTextFile(p));
}

}  // namespace xrayprep::test_support
