#include "app/cli/PhantomEvalMatrix.h"

#include <algorithm>
#include <stdexcept>

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

}  // namespace

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
    // Each content variation alone, on the views where it occurs or bites hardest.
    const std::vector<std::pair<std::string, std::vector<PhantomView>>> alone = {
        {"dark-bg", {P, L, A}},     {"dark-bg-rotated", {P, O}},
        {"shutters", {P, L}},       {"shutters-rotated", {O, A}},
        {"platform", {L}},          {"ball", {W, P}},
        {"ruler", {W, P}},          {"marker", {P, L}},
        {"marker-skin", {P, W, A}}, {"text", {P, L}},
        {"arrows", {P, A}},         {"gradient", {P, L, A}},
        {"hollow", {L, P}},         {"overlap", {P, O}},
        {"child", {A, P, L}},       {"under", {W, P}},
        {"over", {W, P}},           {"low-contrast", {W, A}},
        {"edge-enhanced", {W, P}},  {"salt-pepper", {P, L}},
        {"jpeg", {W, P}},           {"border-rim", {A, P, W}},
    };
    for (const auto& [variation, views] : alone) {
        for (PhantomView v : views) m.push_back(row(v, {variation}));
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
