// Session files: what is saved reads back equal; a changed input, a changed or missing edit
// layer, a newer format and a file that is not a session are refused with the file named.
#include <gtest/gtest.h>

#include <fstream>

#include "io/Sha256.h"
#include "session/SessionFile.h"
#include "tests/support/TempDir.h"

using namespace xrayprep;
using session::Session;
using session::SessionError;
using session::SessionFile;

namespace {

void writeText(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

std::string readText(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A session of a small "input" file with every part set.
struct SessionFileTest : ::testing::Test {
    test_support::TempDir dir{"xrayprep-session"};
    std::filesystem::path input = dir / "foot.dcm";
    std::filesystem::path file = dir / "foot.xrayprep-session";
    Session session;
    void SetUp() override {
        writeText(input, "not really DICOM, but bytes with a SHA-256");
        session.input = input.string();
        session.inputSha256 = io::sha256HexOfFile(input);
        session.frame = 2;
        session.application = "xrayprep test";
        session.parameters.median.size = 9;
        session.parameters.threshold.manualValue = 207;
        session.parameters.esf.rho = 0.123456789012345;
        session.guidance.seeds = {{10, 20, true}, {30, 40, false}};
        session.guidance.box = processing::GuideBox{1, 2, 60, 70};
        processing::Mask before(64, 48, 0), after(64, 48, 0);
        for (int y = 0; y < 48; ++y)
            for (int x = 0; x < 64; ++x) before.at(x, y) = x < 32;
        after = before;
        after.at(40, 10) = 1;  // added
        after.at(5, 5) = 0;    // removed
        session.edits = processing::MaskEdits(64, 48);
        session.edits.record(before, after);
    }
    void expectRefused(const std::string& fragment) {
        try {
            (void)SessionFile::load(file);
            ADD_FAILURE() << "no error; expected one with: " << fragment;
        } catch (const SessionError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(file.string()), std::string::npos) << what;
            EXPECT_NE(what.find(fragment), std::string::npos) << what;
        }
    }
};

TEST_F(SessionFileTest, WhatIsSavedReadsBackEqual) {
    SessionFile::save(session, file);
    EXPECT_TRUE(std::filesystem::exists(SessionFile::editsPath(file)));
    const Session back = SessionFile::load(file);
    EXPECT_EQ(back.input, session.input);
    EXPECT_EQ(back.inputSha256, session.inputSha256);
    EXPECT_EQ(back.frame, 2);
    EXPECT_EQ(back.application, "xrayprep test");
    EXPECT_TRUE(back.parameters == session.parameters);
    EXPECT_EQ(back.guidance, session.guidance);
    EXPECT_TRUE(back.edits == session.edits);
    EXPECT_EQ(back.edits.addedCount(), 1);
    EXPECT_EQ(back.edits.removedCount(), 1);
    EXPECT_NO_THROW(SessionFile::verifyInput(back));
    // Only the two files: no temporaries left.
    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"foot.dcm", "foot.xrayprep-session",
                                                       "foot.xrayprep-session.edits.png"}));
}

TEST_F(SessionFileTest, WithoutEditsThereIsNoLayerFileAndARelativeInputIsBesideTheSession) {
    session.edits.clear();
    session.input = "foot.dcm";
    SessionFile::save(session, file);
    EXPECT_FALSE(std::filesystem::exists(SessionFile::editsPath(file)));
    const Session back = SessionFile::load(file);
    EXPECT_TRUE(back.edits.empty());
    EXPECT_EQ(std::filesystem::path(back.input), input);
}

TEST_F(SessionFileTest, AChangedInputIsRefused) {
    SessionFile::save(session, file);
    writeText(input, "the same name, other bytes");
    const Session back = SessionFile::load(file);
    try {
        SessionFile::verifyInput(back);
        ADD_FAILURE() << "a changed input was accepted";
    } catch (const SessionError& e) {
        EXPECT_NE(std::string(e.what()).find("changed since the session was saved"),
                  std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(input.string()), std::string::npos);
    }
    std::filesystem::remove(input);
    EXPECT_THROW(SessionFile::verifyInput(back), SessionError);
}

TEST_F(SessionFileTest, AChangedOrMissingEditLayerIsRefused) {
    SessionFile::save(session, file);
    std::string png = readText(SessionFile::editsPath(file));
    png[png.size() / 2] ^= 0x40;
    writeText(SessionFile::editsPath(file), png);
    expectRefused("SHA-256 differs");
    std::filesystem::remove(SessionFile::editsPath(file));
    expectRefused("is missing");
}

TEST_F(SessionFileTest, OtherFilesAndNewerFormatsAreRefused) {
    writeText(file, "{\"format\": \"something else\"}");
    expectRefused("not an xrayprep session file");
    writeText(file, "not JSON at all");
    expectRefused("not a session");
    // Issue 14: malformed JSON names where it went wrong; a wrong type names the member.
    writeText(file, "{\"format\": \"xrayprep-session\",\n \"formatVersion\": 01}");
    expectRefused("not a session (JSON parse error at line 2, column");
    writeText(file, "{\"format\": \"xrayprep-session\", \"formatVersion\": \"1\"}");
    expectRefused("formatVersion must be an integer");
    writeText(file, "{\"format\": 7}");
    expectRefused("not an xrayprep session file");
    SessionFile::save(session, file);
    std::string text = readText(file);
    text.replace(text.find("\"formatVersion\": 1"), 18, "\"formatVersion\": 7");
    writeText(file, text);
    expectRefused("newer xrayprep");
    SessionFile::save(session, file);
    text = readText(file);
    text.replace(text.find("\"median.size\""), 13, "\"median.sise\"");
    writeText(file, text);
    expectRefused("bad parameters");
    std::filesystem::remove(file);
    expectRefused("no such session file");
}

TEST_F(SessionFileTest, SamplesNeedNoChecksum) {
    session.input = "sample:planar";
    session.inputSha256.clear();
    SessionFile::save(session, file);
    const Session back = SessionFile::load(file);
    EXPECT_TRUE(back.inputIsSample());
    EXPECT_NO_THROW(SessionFile::verifyInput(back));
}

}  // namespace
