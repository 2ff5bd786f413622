#include "processing/pipeline/HostBufferPool.h"

#include <algorithm>
#include <utility>

namespace xrayprep::processing {
namespace {

template <typename R, typename Match, typename Make>
R take(std::vector<R>& pool, Match&& match, Make&& make) {
    const auto it = std::find_if(pool.begin(), pool.end(), match);
    if (it == pool.end()) return make();
    R out = std::move(*it);
    pool.erase(it);
    return out;
}

}  // namespace

void HostBufferPool::add(Image&& image) {
    if (!image.empty()) images_.push_back(std::move(image));
}

void HostBufferPool::add(Mask&& mask) {
    if (!mask.empty()) masks_.push_back(std::move(mask));
}

void HostBufferPool::add(FloatImage&& field) {
    if (!field.empty()) fields_.push_back(std::move(field));
}

Image HostBufferPool::takeImage(int width, int height, int bitsStored) {
    return take(
        images_,
        [&](const Image& i) { return i.sameSize(width, height) && i.bitsStored() == bitsStored; },
        [&] { return Image(width, height, bitsStored); });
}

Mask HostBufferPool::takeMask(int width, int height) {
    return take(
        masks_, [&](const Mask& m) { return m.sameSize(width, height); },
        [&] { return Mask(width, height, 0); });
}

FloatImage HostBufferPool::takeField(int width, int height) {
    return take(
        fields_, [&](const FloatImage& f) { return f.sameSize(width, height); },
        [&] { return FloatImage(width, height, 0.0f); });
}

void HostBufferPool::clear() {
    images_.clear();
    masks_.clear();
    fields_.clear();
}

bool HostBufferPool::empty() const { return images_.empty() && masks_.empty() && fields_.empty(); }

}  // namespace xrayprep::processing
