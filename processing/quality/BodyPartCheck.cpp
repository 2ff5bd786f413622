#include "processing/quality/BodyPartCheck.h"

#include <array>
#include <cctype>
#include <string_view>
#include <vector>

namespace xrayprep::processing {
namespace {

// Upper-case letters only: "Foot, lt" and "FOOT_LT" both become "FOOTLT".
std::string lettersOf(const std::string& s) {
    std::string out;
    for (unsigned char c : s) {
        if (std::isalpha(c) != 0) out.push_back(static_cast<char>(std::toupper(c)));
    }
    return out;
}

// The words of free text, upper-cased: runs of letters ("XR CHEST-PA" gives XR, CHEST, PA).
std::vector<std::string> wordsOf(const std::string& s) {
    std::vector<std::string> words(1);
    for (unsigned char c : s) {
        if (std::isalpha(c) != 0) {
            words.back().push_back(static_cast<char>(std::toupper(c)));
        } else if (!words.back().empty()) {
            words.emplace_back();
        }
    }
    if (words.back().empty()) words.pop_back();
    return words;
}

bool startsWithAny(const std::string& word, const auto& terms) {
    for (std::string_view t : terms) {
        if (word.starts_with(t)) return true;
    }
    return false;
}

bool containsAny(const std::string& s, const auto& words) {
    for (std::string_view w : words) {
        if (s.find(w) != std::string::npos) return true;
    }
    return false;
}

// Regions the method is built for: the foot and ankle, and the views that hold them (a leg,
// a lower limb, an extremity: the NEMA RG3 film of a distal tibia says EXTREMITY).
constexpr std::array<std::string_view, 13> kFootAndAnkle = {
    "FOOT", "FEET", "ANKLE",     "TOE",       "HALLUX", "HEEL",  "CALCANEUS",
    "TARS", "LEG",  "LOWERLIMB", "EXTREMITY", "TIBIA",  "FIBULA"};

// Other regions, by the DICOM defined terms of BodyPartExamined (PS3.16 Annex L) and the
// common free-text variants. Checked after kFootAndAnkle, so that "LOWER LEG" or "FOOT AND
// ANKLE" is not caught by a word in this list; an upper limb ("UPPER EXTREMITY") is checked
// before it.
constexpr std::string_view kUpper = "UPPER";
constexpr std::array<std::string_view, 37> kOtherRegions = {
    "ARM",     "CHEST",    "THORAX",   "LUNG",   "RIB",    "STERNUM",  "BREAST",  "MAMM",
    "HIP",     "PELVIS",   "SACRUM",   "COCCYX", "SPINE",  "VERTEBRA", "NECK",    "SKULL",
    "HEAD",    "BRAIN",    "FACE",     "SINUS",  "JAW",    "MANDIBLE", "TEETH",   "TOOTH",
    "DENTAL",  "ABDOMEN",  "BOWEL",    "HAND",   "FINGER", "WRIST",    "FOREARM", "ELBOW",
    "HUMERUS", "SHOULDER", "CLAVICLE", "KNEE",   "FEMUR"};

}  // namespace

QualityCheck BodyPartCheck::operator()(const std::string& bodyPartExamined) const {
    QualityCheck c;
    c.id = "body-part";
    const std::string letters = lettersOf(bodyPartExamined);
    if (letters.empty()) {
        c.message = "the file does not name the body part";
    } else if (letters.find(kUpper) == std::string::npos && containsAny(letters, kFootAndAnkle)) {
        c.message = "the file names the body part " + bodyPartExamined + ", a foot/ankle region";
    } else if (letters.find(kUpper) != std::string::npos || containsAny(letters, kOtherRegions)) {
        c.passed = false;
        c.value = 1.0;
        c.message = "the file names the body part " + bodyPartExamined +
                    ": the bone mask is made for foot and ankle radiographs";
    } else {
        c.message = "the file names the body part " + bodyPartExamined +
                    ", a name this check does not know";
    }
    return c;
}

QualityCheck BodyPartCheck::operator()(const BodyPartNames& names) const {
    if (!lettersOf(names.examined).empty()) return (*this)(names.examined);
    QualityCheck c = (*this)(std::string{});
    for (const auto& [field, text] : names.descriptions) {
        if (containsAny(lettersOf(text), kFootAndAnkle)) return c;
    }
    for (const auto& [field, text] : names.descriptions) {
        for (const std::string& word : wordsOf(text)) {
            if (!startsWithAny(word, kOtherRegions)) continue;
            c.passed = false;
            c.value = 1.0;
            c.message = "the file does not name the body part; its " + field + " is \"" + text +
                        "\": the bone mask is made for foot and ankle radiographs";
            return c;
        }
    }
    return c;
}

BodyPartNames bodyPartNamesOf(const ImageMetadata& metadata) {
    BodyPartNames names;
    names.examined = headerField(metadata, "BodyPartExamined");
    for (const char* field : {"StudyDescription", "SeriesDescription", "ProtocolName"}) {
        std::string value = headerField(metadata, field);
        if (!value.empty()) names.descriptions.emplace_back(field, std::move(value));
    }
    return names;
}

}  // namespace xrayprep::processing
