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

// Without BodyPartExamined the descriptions are read: a word that begins with another
// region's term fails, a foot/ankle word anywhere passes, other text passes as "not named".
TEST(BodyPartCheck, DescriptionsAreReadWhereTheBodyPartIsAbsent) {
    const QualityCheck teeth =
        BodyPartCheck{}(BodyPartNames{"", {{"StudyDescription", "MODALITYLUT - TEETH"}}});
    EXPECT_FALSE(teeth.passed);
    EXPECT_NE(teeth.message.find("StudyDescription is \"MODALITYLUT - TEETH\""), std::string::npos)
        << teeth.message;
    EXPECT_FALSE(
        BodyPartCheck{}(BodyPartNames{"", {{"SeriesDescription", "XR Ribs left"}}}).passed);
    EXPECT_FALSE(BodyPartCheck{}(BodyPartNames{"", {{"ProtocolName", "chest pa"}}}).passed);
    // Foot words win, wherever they are; words that merely contain a term do not count.
    EXPECT_TRUE(BodyPartCheck{}(BodyPartNames{"",
                                              {{"StudyDescription", "HEAD OF 2ND METATARSAL"},
                                               {"SeriesDescription", "Foot lat"}}})
                    .passed);
    EXPECT_TRUE(
        BodyPartCheck{}(BodyPartNames{"", {{"StudyDescription", "Metatarsal head"}}}).passed);
    EXPECT_TRUE(
        BodyPartCheck{}(BodyPartNames{"", {{"StudyDescription", "Surface relationship"}}}).passed);
    EXPECT_TRUE(BodyPartCheck{}(BodyPartNames{"", {{"StudyDescription", "No Finding"}}}).passed);
    // BodyPartExamined, when present, decides alone.
    EXPECT_TRUE(
        BodyPartCheck{}(BodyPartNames{"FOOT", {{"StudyDescription", "chest follow-up"}}}).passed);
    EXPECT_FALSE(BodyPartCheck{}(BodyPartNames{"CHEST", {{"StudyDescription", "foot"}}}).passed);
}

TEST(BodyPartCheck, NamesAreTakenFromTheHeaderFields) {
    ImageMetadata md;
    md.headerFields = {{"Modality", "CR"},
                       {"StudyDescription", "XR CHEST"},
                       {"SeriesDescription", ""},
                       {"ProtocolName", "PA"}};
    const BodyPartNames names = bodyPartNamesOf(md);
    EXPECT_EQ(names.examined, "");
    ASSERT_EQ(names.descriptions.size(), 2u);
    EXPECT_EQ(names.descriptions[0].first, "StudyDescription");
    EXPECT_EQ(names.descriptions[1].second, "PA");
    EXPECT_FALSE(BodyPartCheck{}(names).passed);
}
