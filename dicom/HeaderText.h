#pragma once

#include <string>
#include <string_view>

namespace xrayprep::dicom {

// A text attribute as the rest of the program may use it: UTF-8 without control characters.
// The reader converts the dataset to UTF-8 with DCMTK, which cannot convert every character
// set (ISO 2022 IR 87 and other code extensions, unknown terms); what is left is the file's
// own bytes, and a derived DICOM labelled ISO_IR 192 carried them garbled. So: an ISO 2022
// escape sequence ends what can be kept (for a person name, the component group it starts in
// and those after it: the alphabetic group before it stays), bytes that are not UTF-8 become
// '?', and control characters are dropped. `changed` tells whether anything was.
[[nodiscard]] std::string convertibleHeaderText(std::string_view value, bool personName,
                                                bool& changed);

}  // namespace xrayprep::dicom
