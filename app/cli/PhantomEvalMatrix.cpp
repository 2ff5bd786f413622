#include "app/cli/PhantomEvalMatrix.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <utility>

#include "processing/phantom/VariationCatalog.h"
#include "processing/phantom/ViewSpec.h"

namespace xrayprep::app {

using processing::PhantomView;

namespace {

EvalCombination row(PhantomView view, std::vector<std::string> variations, std::string name = {}) {
    EvalCombination c;
    c.view = view;
    c.variations = std::move(variations);
    if (name.empty()) {
        name = processing::toString(view);
        for (const auto& v : c.variations) name += "+" + v;
    }
    c.name = std::move(name);
    return c;
}

std::vector<std::string> split(const std::string& list) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto comma = list.find(',', start);
        const std::string item =
            list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty()) out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

// A content variation (not a file-format axis, not the anatomy switch) that may be mixed.
bool isContent(const processing::NamedVariation& v) {
    return !v.format && v.name != "fixed-anatomy";
}

// Pairs no film holds at once: one exposure, one kind of collimation border.
bool exclusive(const std::string& a, const std::string& b) {
    static const std::vector<std::pair<std::string, std::string>> pairs = {
        {"under", "over"}, {"dark-bg", "dark-bg-rotated"}, {"shutters", "shutters-rotated"}};
    for (const auto& [x, y] : pairs) {
        if ((a == x && b == y) || (a == y && b == x)) return true;
    }
    return false;
}

}  // namespace

std::vector<EvalCombination> PhantomEvalMatrix::randomMixtures(int count) {
    // std::mt19937's sequence is fixed by the standard (the distributions are not), so the
    // draws below are the same with every compiler and library.
    std::mt19937 draw(kRandomMixtureSeed);
    std::vector<std::string> pool;
    for (const processing::NamedVariation& v : processing::VariationCatalog::all()) {
        if (isContent(v) && v.name != "platform") pool.emplace_back(v.name);
    }
    const std::vector<PhantomView> views = processing::VariationCatalog::allViews();
    std::vector<EvalCombination> out;
    std::vector<std::string> seen;
    while (static_cast<int>(out.size()) < count) {
        const PhantomView view = views[draw() % views.size()];
        const std::size_t n = 2 + draw() % 3;
        std::vector<std::string> picked;
        while (picked.size() < n) {
            const std::string& v = pool[draw() % pool.size()];
            const bool clash = std::any_of(picked.begin(), picked.end(), [&](const std::string& p) {
                return p == v || exclusive(p, v);
            });
            if (!clash) picked.push_back(v);
        }
        std::sort(picked.begin(), picked.end());
        EvalCombination c = row(view, picked);
        if (std::find(seen.begin(), seen.end(), c.name) != seen.end()) continue;
        seen.push_back(c.name);
        const int index = static_cast<int>(out.size()) + 1;
        c.name = std::string("mix:random-") + (index < 10 ? "0" : "") + std::to_string(index);
        out.push_back(std::move(c));
    }
    return out;
}

std::string FormatAxes::label() const {
    return std::string(photometric == processing::Photometric::Monochrome1 ? "MONO1" : "MONO2") +
           "/" + std::to_string(bitsStored) + "bit/" + (spacing ? "spacing" : "no-spacing");
}

std::vector<EvalCombination> PhantomEvalMatrix::full() {
    const PhantomView P = PhantomView::Planar, L = PhantomView::Lateral,
                      W = PhantomView::WeightBearingLateral, A = PhantomView::AnkleAP,
                      O = PhantomView::Oblique;
    std::vector<EvalCombination> m;
    for (PhantomView v : processing::VariationCatalog::allViews()) m.push_back(row(v, {}));
    // Each content variation alone on every view (a standing platform only under the lateral
    // foot: the weight-bearing view stands on one already). A selection of views per variation
    // hid that over-exposure and JPEG loss fail on the ankle AP.
    for (const processing::NamedVariation& v : processing::VariationCatalog::all()) {
        if (!isContent(v)) continue;
        if (v.name == "platform") {
            m.push_back(row(L, {std::string(v.name)}));
            continue;
        }
        for (PhantomView view : processing::VariationCatalog::allViews()) {
            m.push_back(row(view, {std::string(v.name)}));
        }
    }
    // Realistic mixtures, after the kinds of real films (weight-bearing laterals on a platform,
    // DP feet with a dark collimated frame, ankle AP of adults and children, oblique feet).
    m.push_back(row(W, {"ball", "marker-skin", "text", "gradient", "ruler"}, "mix:wb-standing"));
    m.push_back(
        row(W, {"under", "edge-enhanced", "marker", "jpeg", "hollow"}, "mix:wb-dark-processed"));
    m.push_back(row(W, {"over", "ball", "ruler", "jpeg", "marker"}, "mix:wb-washed-out"));
    m.push_back(row(P, {"dark-bg-rotated", "text", "arrows", "marker"}, "mix:dp-study"));
    m.push_back(row(P, {"shutters-rotated", "marker-skin", "text", "edge-enhanced", "hollow"},
                    "mix:dp-clinic"));
    m.push_back(row(A, {"child", "shutters", "marker", "text"}, "mix:ankle-child"));
    m.push_back(row(A, {"gradient", "dark-bg", "marker-skin", "arrows"}, "mix:ankle-adult"));
    m.push_back(row(O, {"overlap", "shutters-rotated", "text", "marker", "jpeg"}, "mix:oblique"));
    m.push_back(row(L, {"gradient", "hollow", "dark-bg", "text", "marker", "salt-pepper"},
                    "mix:lateral-study"));
    m.push_back(row(L, {"child", "low-contrast", "ruler", "marker-skin"}, "mix:lateral-child"));
    // Random mixtures: combinations nobody chose, drawn the same way every time.
    for (EvalCombination& c : randomMixtures(kRandomMixtures)) m.push_back(std::move(c));
    // Format extremes beyond the per-seed axes.
    {
        EvalCombination c = row(P, {"marker", "text"}, "format:planar-10bit");
        c.bitsStored = 10;
        m.push_back(c);
        c = row(W, {"marker", "ball"}, "format:wb-16bit");
        c.bitsStored = 16;
        m.push_back(c);
        c = row(W, {"marker", "ball", "text"}, "format:wb-400px");
        c.longSide = 400;
        m.push_back(c);
        c = row(P, {"marker", "text", "dark-bg"}, "format:planar-4000px");
        c.longSide = 4000;
        m.push_back(c);
    }
    return m;
}

std::vector<EvalCombination> PhantomEvalMatrix::select(const std::vector<EvalCombination>& rows,
                                                       const std::vector<std::string>& views,
                                                       const std::vector<std::string>& variations) {
    const bool allVariations = variations.empty() || std::find(variations.begin(), variations.end(),
                                                               "all") != variations.end();
    std::vector<EvalCombination> out;
    for (const EvalCombination& r : rows) {
        if (!views.empty() &&
            std::find(views.begin(), views.end(), processing::toString(r.view)) == views.end()) {
            continue;
        }
        bool keep = allVariations;
        for (const std::string& v : variations) {
            keep = keep || (v == "plain" && r.variations.empty() && !r.mixture()) ||
                   (v == "mix" && r.mixture()) ||
                   std::find(r.variations.begin(), r.variations.end(), v) != r.variations.end();
        }
        if (keep) out.push_back(r);
    }
    return out;
}

EvalCombination PhantomEvalMatrix::parse(const std::string& text) {
    const auto colon = text.find(':');
    const std::string viewName = text.substr(0, colon);
    const auto view = processing::VariationCatalog::viewFromName(viewName);
    if (!view) throw std::invalid_argument("unknown phantom view '" + viewName + "'");
    std::vector<std::string> variations =
        colon == std::string::npos ? std::vector<std::string>{} : split(text.substr(colon + 1));
    for (const auto& v : variations) {
        if (!processing::VariationCatalog::find(v)) {
            throw std::invalid_argument("unknown phantom variation '" + v + "'");
        }
    }
    return row(*view, std::move(variations));
}

FormatAxes PhantomEvalMatrix::formatFor(int seedIndex) {
    const int k = seedIndex % 8;
    FormatAxes f;
    f.photometric =
        (k & 1) ? processing::Photometric::Monochrome1 : processing::Photometric::Monochrome2;
    f.bitsStored = (k & 2) ? 8 : 12;
    f.spacing = (k & 4) == 0;
    return f;
}

processing::PhantomParams PhantomEvalMatrix::params(const EvalCombination& row, int seedIndex,
                                                    const EvalSize& size) {
    processing::PhantomParams p = processing::VariationCatalog::plain(row.view);
    for (const auto& v : row.variations) processing::VariationCatalog::apply(p, v);
    const FormatAxes f = formatFor(seedIndex);
    p.photometric = f.photometric;
    p.bitsStored = row.bitsStored > 0 ? row.bitsStored : f.bitsStored;
    p.spacingInMetadata = f.spacing;
    p.seed = static_cast<std::uint32_t>(seedIndex + 1);
    if (row.longSide == 0 && size.width > 0 && size.height > 0) {
        p.width = size.width;
        p.height = size.height;
    } else {
        const auto [w, h] = processing::ViewSpec::of(row.view).naturalSize(
            row.longSide > 0 ? row.longSide : size.longSide);
        p.width = w;
        p.height = h;
    }
    return p;
}

}  // namespace xrayprep::app
