#pragma once

#include <string>

#include "processing/quality/QualityReport.h"

namespace xrayprep::processing {

// The "body-part" check: whether the body part the file names (DICOM BodyPartExamined) is one
// the method is built for. The bone mask is made for foot and ankle radiographs; on a chest, a
// hip or a mammogram it outlines whatever is brightest, and nothing in the mask itself says
// so. The check fails only for a body part it knows to be another region (CHEST, HIP,
// BREAST, HAND, ...), by the DICOM defined terms and common variants; a foot, ankle, toe,
// heel, leg or extremity passes, and so do an absent value and one it does not know (a
// site's own wording, another language), each with a message that says which it was.
class BodyPartCheck {
  public:
    [[nodiscard]] QualityCheck operator()(const std::string& bodyPartExamined) const;
};

}  // namespace xrayprep::processing
