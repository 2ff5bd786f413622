#include "processing/edit/MaskEdits.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace xrayprep::processing {
namespace {

void requireSize(const Raster<std::uint8_t>& layer, const Mask& m, const char* what) {
    if (!layer.empty() && !layer.sameSize(m)) {
        throw std::invalid_argument(std::string(what) + ": the edits are " +
                                    std::to_string(layer.width()) + " x " +
                                    std::to_string(layer.height()) + " pixels, the mask " +
                                    std::to_string(m.width()) + " x " + std::to_string(m.height()));
    }
}

}  // namespace

MaskEdits::MaskEdits(int width, int height) : layer_(width, height, kNone) {}

MaskEdits MaskEdits::fromLayer(Raster<std::uint8_t> layer) {
    const bool valid = std::all_of(layer.pixels().begin(), layer.pixels().end(),
                                   [](std::uint8_t v) { return v <= kRemoved; });
    if (!valid) {
        throw std::invalid_argument(
            "mask edits: a layer pixel is neither 0 (no edit), 1 (added) nor 2 (removed)");
    }
    MaskEdits edits;
    edits.layer_ = std::move(layer);
    edits.added_ = std::count(edits.layer_.pixels().begin(), edits.layer_.pixels().end(), kAdded);
    edits.removed_ =
        std::count(edits.layer_.pixels().begin(), edits.layer_.pixels().end(), kRemoved);
    return edits;
}

std::int64_t MaskEdits::addedOutside(const Mask& anatomy) const {
    if (anatomy.empty() || layer_.empty()) return 0;
    requireSize(layer_, anatomy, "mask edits against the anatomy");
    std::int64_t n = 0;
    for (std::size_t i = 0; i < layer_.pixels().size(); ++i) {
        n += layer_.data()[i] == kAdded && anatomy.data()[i] == 0;
    }
    return n;
}

Mask MaskEdits::applyTo(const Mask& automatic) const {
    requireSize(layer_, automatic, "mask edits");
    Mask out = automatic;
    if (layer_.empty()) return out;
    for (std::size_t i = 0; i < out.pixels().size(); ++i) {
        const std::uint8_t e = layer_.data()[i];
        if (e == kAdded) out.data()[i] = 1;
        if (e == kRemoved) out.data()[i] = 0;
    }
    return out;
}

void MaskEdits::record(const Mask& before, const Mask& after) {
    if (!before.sameSize(after)) {
        throw std::invalid_argument(
            "mask edits: the masks before and after an edit differ in size");
    }
    requireSize(layer_, before, "mask edits");
    if (layer_.empty()) layer_ = Raster<std::uint8_t>(before.width(), before.height(), kNone);
    for (std::size_t i = 0; i < layer_.pixels().size(); ++i) {
        const bool was = before.data()[i] != 0, is = after.data()[i] != 0;
        if (was == is) continue;
        std::uint8_t& e = layer_.data()[i];
        added_ -= e == kAdded ? 1 : 0;
        removed_ -= e == kRemoved ? 1 : 0;
        e = is ? kAdded : kRemoved;
        added_ += is ? 1 : 0;
        removed_ += is ? 0 : 1;
    }
}

bool MaskEdits::operator==(const MaskEdits& other) const {
    if (empty() && other.empty()) return true;
    return layer_ == other.layer_;
}

}  // namespace xrayprep::processing
