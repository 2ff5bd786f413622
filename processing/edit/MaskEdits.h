#pragma once

#include <cstdint>

#include "processing/core/Raster.h"

namespace xrayprep::processing {

// The user's corrections of a bone mask, kept as a layer over the automatic mask: pixels the
// user added and pixels the user removed. The layer records intent, not a difference: a pixel
// painted in stays added when a later run of the contour stage finds it too, so that it is
// still in the mask if yet another run loses it again. Applying the layer to a new automatic
// mask (after an earlier stage re-ran) therefore keeps every correction.
class MaskEdits {
  public:
    enum : std::uint8_t { kNone = 0, kAdded = 1, kRemoved = 2 };

    MaskEdits() = default;  // no edits, for an image of any size
    MaskEdits(int width, int height);

    // The layer as it is stored (kNone / kAdded / kRemoved per pixel); empty when no edit was
    // ever recorded.
    [[nodiscard]] const Raster<std::uint8_t>& layer() const { return layer_; }
    // A layer read back (a session file): values other than kNone, kAdded, kRemoved are
    // refused (std::invalid_argument).
    [[nodiscard]] static MaskEdits fromLayer(Raster<std::uint8_t> layer);

    // No pixel added or removed. The counts are kept as the layer changes (the application
    // asks for them after every run; counting a reference-size layer took ~10 ms).
    [[nodiscard]] bool empty() const { return added_ + removed_ == 0; }
    [[nodiscard]] std::int64_t addedCount() const { return added_; }
    [[nodiscard]] std::int64_t removedCount() const { return removed_; }
    // Added pixels outside `anatomy` (what the user should be told about after a re-run moved
    // the anatomy); 0 when `anatomy` is empty.
    [[nodiscard]] std::int64_t addedOutside(const Mask& anatomy) const;

    // The automatic mask with the added pixels set and the removed ones cleared. A layer of
    // another size than the mask is refused (std::invalid_argument).
    [[nodiscard]] Mask applyTo(const Mask& automatic) const;

    // Records one edit: `before` is the mask the user saw (this layer applied to the automatic
    // mask), `after` the mask the edit made of it. Pixels the edit changed become added or
    // removed; every other pixel keeps what the layer said.
    void record(const Mask& before, const Mask& after);

    void clear() {
        layer_ = {};
        added_ = removed_ = 0;
    }

    bool operator==(const MaskEdits& other) const;

  private:
    Raster<std::uint8_t> layer_;
    std::int64_t added_ = 0;
    std::int64_t removed_ = 0;
};

}  // namespace xrayprep::processing
