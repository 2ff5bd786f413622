#include "processing/esf/EsfMultigrid.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "processing/esf/GalerkinCoarsening.h"
#include "processing/esf/GridTransfer.h"

namespace xrayprep::processing::esf {

namespace {

GridLayout paddedLayout(const StencilGrid& g) {
    return {g.width(), g.height(), g.stride(), g.stride() + 1};
}

}  // namespace

EsfMultigrid::EsfMultigrid(const EsfFineOperator& fine, const ShapeRuns& shape) : fine_(fine) {
    const int threads = fine.threads();
    std::vector<std::uint8_t> regular;
    std::vector<std::uint8_t> coarserRegular;
    StencilGrid op = GalerkinCoarsening::fromFine(fine, shape, regular, threads);
    for (;;) {
        const std::size_t nodes = static_cast<std::size_t>(op.width()) * op.height();
        const bool last = nodes <= kCoarsestNodes || (op.width() == 1 && op.height() == 1);
        StencilGrid next;
        if (!last) next = GalerkinCoarsening::fromCoarse(op, regular, coarserRegular, threads);
        Level level;
        level.x.assign(op.paddedSize(), 0.0f);
        level.f.assign(op.paddedSize(), 0.0f);
        if (!last) level.r.assign(op.paddedSize(), 0.0f);
        level.op = std::move(op);
        levels_.push_back(std::move(level));
        if (last) break;
        op = std::move(next);
        std::swap(regular, coarserRegular);
    }
    coarsest_ = CoarsestSolver(levels_.back().op);
}

void EsfMultigrid::apply(const float* r, float* z, float* scratch) {
    const int threads = fine_.threads();
    const GridLayout fineLayout{fine_.width(), fine_.height(), fine_.width(), 0};
    fine_.smooth(r, z, 0, true);  // from z = 0: no need to clear z
    fine_.residual(r, z, scratch);
    Level& first = levels_.front();
    restrictToCoarse(scratch, fineLayout, first.f.data(), paddedLayout(first.op), threads);
    cycle(0);
    prolongAndAdd(first.x.data(), paddedLayout(first.op), z, fineLayout, fine_.freeMask(), threads);
    fine_.smooth(r, z, 1, false);
}

void EsfMultigrid::cycle(std::size_t index) {
    Level& level = levels_[index];
    if (index + 1 == levels_.size()) {
        coarsest_.solve(level.f.data(), level.x.data());
        return;
    }
    const int threads = fine_.threads();
    std::fill(level.x.begin(), level.x.end(), 0.0f);
    level.op.smooth(level.f.data(), level.x.data(), true, threads);
    level.op.residual(level.f.data(), level.x.data(), level.r.data(), threads);
    Level& coarse = levels_[index + 1];
    restrictToCoarse(level.r.data(), paddedLayout(level.op), coarse.f.data(),
                     paddedLayout(coarse.op), threads);
    cycle(index + 1);
    prolongAndAdd(coarse.x.data(), paddedLayout(coarse.op), level.x.data(), paddedLayout(level.op),
                  nullptr, threads);
    level.op.smooth(level.f.data(), level.x.data(), false, threads);
}

}  // namespace xrayprep::processing::esf
