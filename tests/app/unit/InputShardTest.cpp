// `run --shard K/N`: the rule that puts each input in exactly one shard.
#include "app/cli/InputShard.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using xrayprep::app::InputShard;

namespace {

// Which of N shards holds `name`, asking every shard.
int shardOf(const std::string& name, int n) {
    int found = 0;
    for (int k = 1; k <= n; ++k) {
        if (InputShard::parse(std::to_string(k) + "/" + std::to_string(n)).holds(name)) {
            EXPECT_EQ(found, 0) << name << " is in shards " << found << " and " << k;
            found = k;
        }
    }
    return found;
}

}  // namespace

TEST(InputShard, FollowsTheFirst64BitsOfTheNamesSha256) {
    // Known values, from `printf %s NAME | sha256sum`: the first 16 hex digits mod N, plus 1.
    EXPECT_EQ(shardOf("a.dcm", 3), 3);
    EXPECT_EQ(shardOf("a.dcm", 7), 1);
    EXPECT_EQ(shardOf("b-2", 3), 2);
    EXPECT_EQ(shardOf("b-2", 7), 6);
    EXPECT_EQ(shardOf("sample-planar:96x80", 3), 2);
    EXPECT_EQ(shardOf("x", 3), 1);
}

TEST(InputShard, PutsEveryNameInExactlyOneShardOfNearEqualSize) {
    constexpr int kNames = 4000;
    for (int n : {1, 2, 5, 16}) {
        std::vector<int> sizes(static_cast<std::size_t>(n) + 1, 0);
        for (int i = 0; i < kNames; ++i) {
            const int k = shardOf("film-" + std::to_string(i), n);
            ASSERT_GE(k, 1);
            ++sizes[static_cast<std::size_t>(k)];
        }
        for (int k = 1; k <= n; ++k) {  // binomial: within 5 standard deviations of the mean
            const double mean = double(kNames) / n;
            EXPECT_NEAR(sizes[static_cast<std::size_t>(k)], mean,
                        5 * std::sqrt(mean * (1 - 1.0 / n)) + 1e-9)
                << "shard " << k << "/" << n;
        }
    }
}

TEST(InputShard, ParsesKOverNAndRefusesTheRest) {
    const InputShard s = InputShard::parse("3/8");
    EXPECT_EQ(s.index(), 3);
    EXPECT_EQ(s.count(), 8);
    EXPECT_EQ(s.toString(), "3/8");
    EXPECT_TRUE(InputShard::parse("1/1").isWhole());
    EXPECT_TRUE(InputShard().holds("anything"));
    for (const char* bad : {"", "3", "/", "0/3", "4/3", "-1/3", "1/0", "a/b", "1/3x", " 1/3",
                            "1/100001", "99999999999/3"}) {
        EXPECT_THROW((void)InputShard::parse(bad), std::invalid_argument) << bad;
    }
}
