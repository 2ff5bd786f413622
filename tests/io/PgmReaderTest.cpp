#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io/PgmReader.h"

namespace xrayprep::io {
namespace {

class PgmReaderTest : public ::testing::Test {
  protected:
    std::filesystem::path write(const std::string& name, const std::string& bytes) {
        const auto path = dir_ / name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("pgm-reader-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_;
};

TEST_F(PgmReaderTest, EightBitWithCommentsInTheHeader) {
    const auto path = write("a.pgm", std::string("P5\n# a comment\n3 2\n# another\n255\n") +
                                         std::string("\x00\x10\x20\x30\x40\xff", 6));
    const processing::Image img = readPgm(path);
    ASSERT_EQ(img.width(), 3);
    ASSERT_EQ(img.height(), 2);
    EXPECT_EQ(img.bitsStored(), 8);
    EXPECT_EQ(img.at(0, 0), 0);
    EXPECT_EQ(img.at(2, 0), 0x20);
    EXPECT_EQ(img.at(2, 1), 0xff);
}

TEST_F(PgmReaderTest, SixteenBitSamplesAreBigEndian) {
    // maxval 4095: 12 bits; samples 0x0102 and 0x0fff.
    const auto path =
        write("b.pgm", std::string("P5 2 1 4095\n") + std::string("\x01\x02\x0f\xff", 4));
    const processing::Image img = readPgm(path);
    EXPECT_EQ(img.bitsStored(), 12);
    EXPECT_EQ(img.at(0, 0), 0x0102);
    EXPECT_EQ(img.at(1, 0), 0x0fff);
}

TEST_F(PgmReaderTest, BadFilesAreRefusedNamingTheFile) {
    const std::pair<std::string, std::string> cases[] = {
        {"ascii.pgm", "P2 2 1 255\n0 1\n"},
        {"short.pgm", std::string("P5 4 4 255\n") + "abc"},
        {"header.pgm", "P5 4"},
        {"huge.pgm", "P5 100000 100000 255\n"},
        {"above.pgm", std::string("P5 1 1 100\n") + "\xc8"},
    };
    for (const auto& [name, bytes] : cases) {
        const auto path = write(name, bytes);
        try {
            (void)readPgm(path);
            ADD_FAILURE() << name << " was accepted";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW((void)readPgm(dir_ / "missing.pgm"), std::runtime_error);
}

}  // namespace
}  // namespace xrayprep::io
