#pragma once

#include <array>

#include "processing/phantom/FootPhantom.h"

namespace xrayprep::processing {

// The non-anatomy objects a phantom may hold, each with its own mask: what must never reach a
// bone mask.
enum class PhantomObject { Marker, Text, Ball, Ruler, Arrow, Platform, Collimator };
inline constexpr std::array<PhantomObject, 7> kAllPhantomObjects = {
    PhantomObject::Marker, PhantomObject::Text,     PhantomObject::Ball,      PhantomObject::Ruler,
    PhantomObject::Arrow,  PhantomObject::Platform, PhantomObject::Collimator};

[[nodiscard]] const char* toString(PhantomObject o);
[[nodiscard]] const Mask& objectMask(const Phantom& phantom, PhantomObject o);

}  // namespace xrayprep::processing
