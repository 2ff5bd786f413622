#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>

#include "processing/contour/WorkingGrid.h"

namespace xrayprep::processing {
namespace {

// expand() by its definition: a full-resolution pixel takes the value of the working cell
// that holds it, (x / factor, y / factor); sizes that the factor does not divide included.
TEST(WorkingGridExpand, EveryPixelTakesItsCellsValue) {
    std::mt19937 rng(5);
    for (const auto& [w, h, size] :
         {std::array{1, 1, 0}, std::array{7, 5, 0}, std::array{10, 9, 4}, std::array{31, 17, 8},
          std::array{64, 40, 16}, std::array{50, 77, 7}}) {
        const WorkingGrid g(w, h, size);
        Mask working(g.width(), g.height());
        for (auto& v : working.pixels()) v = static_cast<std::uint8_t>(rng() % 2);
        for (int threads : {1, 2, 3}) {
            const Mask full = g.expand(working, ExecutionPolicy{threads});
            ASSERT_EQ(full.width(), w);
            ASSERT_EQ(full.height(), h);
            for (int y = 0; y < h; ++y) {
                for (int x = 0; x < w; ++x) {
                    ASSERT_EQ(full.at(x, y), working.at(x / g.factor(), y / g.factor()))
                        << w << "x" << h << " factor " << g.factor() << " at " << x << "," << y;
                }
            }
        }
    }
}

}  // namespace
}  // namespace xrayprep::processing
