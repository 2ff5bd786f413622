// The body-part check against the DICOM defined terms of BodyPartExamined (PS3.16 Annex L)
// and free-text values seen in the field.
#include <gtest/gtest.h>

#include "processing/core/ImageMetadata.h"
#include "processing/quality/BodyPartCheck.h"

using namespace xrayprep::processing;

TEST(BodyPartCheck, FootAnkleAndLowerLimbRegionsPass) {
    for (const char* part : {"FOOT", "ANKLE", "TOE", "HEEL", "CALCANEUS", "LEG", "LOWER LIMB",
                             "LOWER_LEG", "EXTREMITY", "Foot, left", "ANKLE RT", "METATARSUS",
                             "TIBIA", "FIBULA", "FOOT AND ANKLE"}) {
        const QualityCheck c = BodyPartCheck{}(part);
        EXPECT_EQ(c.id, "body-part");
        EXPECT_TRUE(c.passed) << part;
        EXPECT_NE(c.message.find(part), std::string::npos) << c.message;
    }
}

TEST(BodyPartCheck, OtherRegionsFailAndNameTheBodyPart) {
    for (const char* part : {"CHEST", "HIP", "BREAST", "HAND", "PELVIS", "SKULL", "CSPINE",
                             "LSPINE", "ABDOMEN", "KNEE", "WRIST", "SHOULDER", "Thorax",
                             "UPPER EXTREMITY", "UPPER LIMB", "FOREARM", "JAW"}) {
        const QualityCheck c = BodyPartCheck{}(part);
        EXPECT_FALSE(c.passed) << part;
        EXPECT_EQ(c.value, 1.0);
        EXPECT_NE(c.message.find(std::string("the body part ") + part), std::string::npos)
            << c.message;
        EXPECT_NE(c.message.find("foot and ankle"), std::string::npos) << c.message;
    }
}

TEST(BodyPartCheck, AnAbsentOrUnknownNamePassesAndSaysSo) {
    EXPECT_TRUE(BodyPartCheck{}("").passed);
    EXPECT_EQ(BodyPartCheck{}("").message, "the file does not name the body part");
    EXPECT_TRUE(BodyPartCheck{}(" - ").passed);
    // A site's own word (French "pied": foot): not flagged, but not claimed either.
    const QualityCheck c = BodyPartCheck{}("PIED");
    EXPECT_TRUE(c.passed);
    EXPECT_NE(c.message.find("does not know"), std::string::npos) << c.message;
}

TEST(BodyPartCheck, TheHeaderFieldIsFoundByName) {
    ImageMetadata md;
    md.headerFields = {{"Modality", "CR"}, {"BodyPartExamined", "ANKLE"}};
    EXPECT_EQ(headerField(md, "BodyPartExamined"), "ANKLE");
    EXPECT_EQ(headerField(md, "ViewPosition"), "");
}
