#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "processing/phantom/FootPhantom.h"

namespace xrayprep::processing {

// The named phantom variations (what the command line and the evaluator call them), each a
// change of PhantomParams with a one-line description.
struct NamedVariation {
    std::string_view name;
    std::string_view description;
    void (*apply)(PhantomParams&);
    bool format = false;  // a file-format axis (photometric, bits, spacing) rather than content
};

class VariationCatalog {
  public:
    [[nodiscard]] static const std::vector<NamedVariation>& all();
    [[nodiscard]] static const NamedVariation* find(std::string_view name);
    // Applies comma-separated names in order; throws std::invalid_argument naming an unknown one.
    static void apply(PhantomParams& params, std::string_view commaSeparated);

    // The projection model with every optional object off, no impulse noise: the plain view,
    // to which variations are added.
    [[nodiscard]] static PhantomParams plain(PhantomView view);
    [[nodiscard]] static std::optional<PhantomView> viewFromName(std::string_view name);
    [[nodiscard]] static std::vector<PhantomView> allViews();
};

}  // namespace xrayprep::processing
