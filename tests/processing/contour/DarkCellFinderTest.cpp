#include "processing/contour/DarkCellFinder.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>

namespace xrayprep::processing {
namespace {

DarkCellSettings settings() {
    DarkCellSettings s;
    s.crossPx = 3;
    s.flankPx = 5;
    s.minVotes = 10;
    s.share = 0.8;
    s.balance = 0.2;
    return s;
}

// A leg in miniature, one profile repeated down the rows: tissue, a bright tibia, the thick
// tissue between the bones (above the bone candidates' level, darker than both bones), a faint
// fibula, tissue. One-pixel edge columns at the four boundaries; the candidates span tibia to
// fibula; the open tissue (what the skin reaches) is the tissue outside them.
struct Leg {
    static constexpr int kW = 120, kH = 60;
    static constexpr int kTibia0 = 20, kGap0 = 50, kFibula0 = 70, kFibula1 = 82;
    FloatImage image{kW, kH, 100.0f};
    Mask candidate{kW, kH, 0}, edges{kW, kH, 0}, anatomy{kW, kH, 1}, open{kW, kH, 0};
    Leg() {
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < kW; ++x) {
                float v = 100.0f;
                if (x >= kTibia0 && x < kGap0) v = 300.0f;
                if (x >= kGap0 && x < kFibula0) v = 180.0f;
                if (x >= kFibula0 && x < kFibula1) v = 240.0f;
                image.at(x, y) = v;
                candidate.at(x, y) = x >= kTibia0 && x < kFibula1;
                edges.at(x, y) = x == kTibia0 || x == kGap0 || x == kFibula0 - 1 || x == kFibula1;
                open.at(x, y) = x < kTibia0 || x > kFibula1;
            }
        }
    }
    [[nodiscard]] Mask dark() const {
        return DarkCellFinder{}(image, candidate, edges, anatomy, open, settings(),
                                ExecutionPolicy::serial());
    }
};

TEST(DarkCellFinder, TheTissueBetweenTwoBonesIsDarkTheBonesAreNot) {
    const Leg g;
    const Mask dark = g.dark();
    for (int y = 0; y < Leg::kH; y += 7) {
        EXPECT_EQ(dark.at(Leg::kGap0 + 1, y), 1) << y;  // the gap, either side of its middle
        EXPECT_EQ(dark.at(Leg::kFibula0 - 2, y), 1) << y;
        EXPECT_EQ(dark.at(Leg::kTibia0 + 5, y), 0) << y;   // the tibia looks out at tissue
        EXPECT_EQ(dark.at(Leg::kFibula0 + 5, y), 0) << y;  // the fibula too (and at the gap)
        EXPECT_EQ(dark.at(Leg::kGap0, y), 0) << y;         // edges and tissue are never cells
        EXPECT_EQ(dark.at(5, y), 0) << y;
    }
}

TEST(DarkCellFinder, AValleyStaysDarkWithOpenTissueAtItsEnd) {
    // The gap opens at its lower end onto the open tissue, which is darker than the gap (almost
    // as many votes as the gap casts across edges): the gap is still darker than the bones on
    // both of its sides.
    Leg g;
    for (int y = 10; y < Leg::kH; ++y) {
        for (int x = Leg::kGap0; x < Leg::kFibula0; ++x) {
            g.candidate.at(x, y) = 0;
            g.edges.at(x, y) = 0;
            g.open.at(x, y) = 1;
            g.image.at(x, y) = 120.0f;
        }
    }
    EXPECT_EQ(g.dark().at(Leg::kGap0 + 5, 5), 1);
}

TEST(DarkCellFinder, AStripBesideAnOverlapIsBone) {
    // A bone whose one side another bone overlaps (brighter, behind an edge) and whose other
    // side meets the open tissue without an edge: brighter from one side only, darker tissue on
    // the other.
    constexpr int kW = 80, kH = 40;
    FloatImage image(kW, kH, 100.0f);
    Mask candidate(kW, kH, 0), edges(kW, kH, 0), anatomy(kW, kH, 1), open(kW, kH, 0);
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            const bool overlap = x >= 10 && x < 40, strip = x >= 41 && x < 48;
            image.at(x, y) = overlap ? 400.0f : (strip ? 250.0f : 100.0f);
            candidate.at(x, y) = overlap || strip || x == 40;
            edges.at(x, y) = x == 40 || x == 9;
            open.at(x, y) = x >= 48 || x < 9;
        }
    }
    const Mask dark = DarkCellFinder{}(image, candidate, edges, anatomy, open, settings(),
                                       ExecutionPolicy::serial());
    EXPECT_EQ(dark.at(44, 20), 0);
    EXPECT_EQ(dark.at(20, 20), 0);
    // Without the open tissue beside it (a wall of edges there instead, tissue beyond) the
    // strip is still bone: its outer side looks at the darker tissue across that edge.
    for (int y = 0; y < kH; ++y) edges.at(48, y) = 1;
    EXPECT_EQ(DarkCellFinder{}(image, candidate, edges, anatomy, open, settings(),
                               ExecutionPolicy::serial())
                  .at(44, 20),
              0);
}

TEST(DarkCellFinder, ABrightCortexLineIsNoBrighterNeighbour) {
    // A bone whose cortex is a bright two-pixel line (its pixels edges) around a dimmer
    // interior, in tissue: across the line lies the tissue, so the interior is not dark. A wide
    // bright neighbour in place of the line's outside makes the interior dark (the flank stays
    // bright).
    constexpr int kW = 80, kH = 80;
    FloatImage image(kW, kH, 100.0f);
    Mask candidate(kW, kH, 0), edges(kW, kH, 0), anatomy(kW, kH, 1), open(kW, kH, 0);
    for (int y = 20; y < 60; ++y) {
        for (int x = 20; x < 60; ++x) {
            const bool line = x < 22 || x >= 58 || y < 22 || y >= 58;
            image.at(x, y) = line ? 300.0f : 200.0f;
            edges.at(x, y) = line;
            candidate.at(x, y) = 1;
        }
    }
    const DarkCellSettings s = settings();
    const ExecutionPolicy serial = ExecutionPolicy::serial();
    EXPECT_EQ(DarkCellFinder{}(image, candidate, edges, anatomy, open, s, serial).at(40, 40), 0);
    // Everything around the line as bright as the line: the interior is darker than all of it.
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            if (x < 20 || x >= 60 || y < 20 || y >= 60) image.at(x, y) = 300.0f;
        }
    }
    const Mask inBright = DarkCellFinder{}(image, candidate, edges, anatomy, open, s, serial);
    EXPECT_EQ(inBright.at(40, 40), 1);
    EXPECT_EQ(inBright.at(23, 23), 1);
    // ... unless the anatomy ends within the flank: leaving it is not brighter.
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) anatomy.at(x, y) = x >= 17 && x < 63 && y >= 17 && y < 63;
    }
    EXPECT_EQ(DarkCellFinder{}(image, candidate, edges, anatomy, open, s, serial).at(40, 40), 0);
}

TEST(DarkCellFinder, ACellNeedsEnoughVotes) {
    // A 2 x 2 dark cell between bright bones casts 8 votes, all brighter.
    constexpr int kW = 40, kH = 40;
    FloatImage image(kW, kH, 300.0f);
    Mask candidate(kW, kH, 1), edges(kW, kH, 0), anatomy(kW, kH, 1), open(kW, kH, 0);
    for (int y = 18; y < 24; ++y) {
        for (int x = 18; x < 24; ++x) edges.at(x, y) = 1;
    }
    for (int y = 20; y < 22; ++y) {
        for (int x = 20; x < 22; ++x) {
            edges.at(x, y) = 0;
            image.at(x, y) = 150.0f;
        }
    }
    DarkCellSettings s = settings();
    const ExecutionPolicy serial = ExecutionPolicy::serial();
    EXPECT_EQ(DarkCellFinder{}(image, candidate, edges, anatomy, open, s, serial).at(20, 20), 0);
    s.minVotes = 8;
    const Mask dark = DarkCellFinder{}(image, candidate, edges, anatomy, open, s, serial);
    EXPECT_EQ(dark.at(20, 20), 1);
    EXPECT_EQ(dark.at(21, 21), 1);
    EXPECT_EQ(dark.at(5, 5), 0);  // the bright bone around the ring: it sees the dark cell
}

TEST(DarkCellFinder, TheRuleOnACellsVotes) {
    struct Case {
        std::array<std::int64_t, 4> acrossEdge;
        std::int64_t edgeCast, openCast, openBrighter;
        bool dark;
        const char* why;
    };
    const Case cases[] = {
        {{8, 0, 0, 0}, 10, 0, 0, true, "8 of 10 votes brighter"},
        {{7, 0, 0, 0}, 10, 0, 0, false, "7 of 10, from one side"},
        {{10, 0, 0, 0}, 10, 10, 0, false, "brighter on one side, open tissue on the other"},
        {{8, 2, 0, 0}, 10, 10, 0, true, "brighter on both sides (2 of 10 from the weaker)"},
        {{9, 1, 0, 0}, 10, 10, 0, false, "1 of 10 from the weaker side"},
        {{4, 4, 1, 1}, 10, 10, 0, true, "balanced along both axes"},
        {{10, 0, 0, 0}, 10, 10, 6, true, "open tissue that is brighter counts"},
        {{3, 3, 0, 0}, 6, 0, 0, false, "too few votes"},
    };
    for (const Case& c : cases) {
        DarkCellTotals t;
        t.acrossEdge = c.acrossEdge;
        t.edgeCast = c.edgeCast;
        t.openCast = c.openCast;
        t.openBrighter = c.openBrighter;
        EXPECT_EQ(isDarkCell(t, settings()), c.dark) << c.why;
    }
}

TEST(DarkCellFinder, EveryThreadCountGivesTheSameCells) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> value(0.0f, 255.0f);
    std::bernoulli_distribution edge(0.2), cand(0.7), inside(0.95), reached(0.5);
    const int w = 97, h = 83;
    FloatImage image(w, h);
    Mask candidate(w, h), edges(w, h), anatomy(w, h), open(w, h);
    for (std::size_t i = 0; i < image.size(); ++i) {
        image.data()[i] = value(rng);
        edges.data()[i] = edge(rng);
        candidate.data()[i] = cand(rng);
        anatomy.data()[i] = inside(rng);
        open.data()[i] = reached(rng);
    }
    DarkCellSettings s = settings();
    s.minVotes = 2;  // noise: small cells, and about half of the votes brighter
    s.flankPx = 1;
    s.share = 0.5;
    const Mask serial =
        DarkCellFinder{}(image, candidate, edges, anatomy, open, s, ExecutionPolicy::serial());
    std::size_t set = 0;
    for (auto v : serial.pixels()) set += v;
    EXPECT_GT(set, 0u);
    for (int threads : {2, 3, 8}) {
        const Mask m =
            DarkCellFinder{}(image, candidate, edges, anatomy, open, s, ExecutionPolicy{threads});
        EXPECT_TRUE(m == serial) << threads;
    }
}

}  // namespace
}  // namespace xrayprep::processing
