#pragma once

#include <string>
#include <utility>
#include <vector>

#include "processing/core/ImageMetadata.h"
#include "processing/quality/QualityReport.h"

namespace xrayprep::processing {

// What a file says about the body part it shows: BodyPartExamined, and the free-text fields
// that describe the study where BodyPartExamined is absent (many CR and DX files leave it
// out and say "XR CHEST PA" or "... TEETH" in the study description instead).
struct BodyPartNames {
    std::string examined;
    std::vector<std::pair<std::string, std::string>> descriptions;  // (field name, value)
};

// The names in a file's header: BodyPartExamined, StudyDescription, SeriesDescription and
// ProtocolName (those present and not empty).
[[nodiscard]] BodyPartNames bodyPartNamesOf(const ImageMetadata& metadata);

// The "body-part" check: whether the body part the file names (DICOM BodyPartExamined) is one
// the method is built for. The bone mask is made for foot and ankle radiographs; on a chest, a
// hip or a mammogram it outlines whatever is brightest, and nothing in the mask itself says
// so. The check fails only for a body part it knows to be another region (CHEST, HIP,
// BREAST, HAND, ...), by the DICOM defined terms and common variants; a foot, ankle, toe,
// heel, leg or extremity passes, and so do an absent value and one it does not know (a
// site's own wording, another language), each with a message that says which it was.
// Without BodyPartExamined, the descriptions are read as free text: a word that begins with
// another region's term (TEETH, CHEST, RIBS; not SURFACE for FACE) fails the check unless a
// foot/ankle word appears in them as well; anything else passes as "does not name".
class BodyPartCheck {
  public:
    [[nodiscard]] QualityCheck operator()(const std::string& bodyPartExamined) const;
    [[nodiscard]] QualityCheck operator()(const BodyPartNames& names) const;
};

}  // namespace xrayprep::processing
