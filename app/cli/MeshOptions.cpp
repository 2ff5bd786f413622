#include "app/cli/MeshOptions.h"

#include <charconv>
#include <cmath>

#include "app/cli/UsageError.h"

namespace xrayprep::app {

namespace {

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& what) {
    throw UsageError("--set " + key + "=" + value + ": " + what);
}

int integer(const std::string& key, const std::string& value, int lo, int hi) {
    int out = 0;
    const auto res = std::from_chars(value.data(), value.data() + value.size(), out);
    if (res.ec != std::errc() || res.ptr != value.data() + value.size() || out < lo || out > hi) {
        bad(key, value, "expects an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    }
    return out;
}

double decimal(const std::string& key, const std::string& value, double lo, double hi) {
    double out = 0;
    const auto res = std::from_chars(value.data(), value.data() + value.size(), out);
    if (res.ec != std::errc() || res.ptr != value.data() + value.size() || !std::isfinite(out) ||
        out <= lo || out > hi) {
        bad(key, value,
            "expects a number > " + std::to_string(static_cast<int>(lo)) +
                " and <= " + std::to_string(static_cast<int>(hi)));
    }
    return out;
}

}  // namespace

std::vector<std::string> takeMeshAssignments(const std::vector<std::string>& assignments,
                                             MeshOptions& options) {
    std::vector<std::string> others;
    for (const std::string& a : assignments) {
        if (a.rfind("mesh.", 0) != 0) {
            others.push_back(a);
            continue;
        }
        const auto eq = a.find('=');
        if (eq == std::string::npos) throw UsageError("--set " + a + ": expected mesh.KEY=VALUE");
        const std::string key = a.substr(0, eq);
        const std::string value = a.substr(eq + 1);
        auto& p = options.params;
        if (key == "mesh.mode") {
            if (value == "inflate") {
                p.mode = processing::MeshMode::Inflate;
            } else if (value == "extrude") {
                p.mode = processing::MeshMode::Extrude;
            } else {
                bad(key, value, "expects inflate or extrude");
            }
        } else if (key == "mesh.thickness") {
            p.thickness = decimal(key, value, 0.0, 1000.0);
        } else if (key == "mesh.targetTriangles") {
            p.targetTriangles = integer(key, value, 0, 50'000'000);
        } else if (key == "mesh.smooth") {
            p.smooth = integer(key, value, 0, 1000);
        } else if (key == "mesh.colour" || key == "mesh.color") {
            if (value == "xray") {
                options.colour = processing::MeshInputs::Colour::XRay;
            } else if (value == "esf") {
                options.colour = processing::MeshInputs::Colour::Esf;
            } else {
                bad(key, value, "expects xray or esf");
            }
        } else {
            throw UsageError("unknown parameter '" + key +
                             "' (mesh keys: mesh.mode, mesh.thickness, mesh.targetTriangles, "
                             "mesh.smooth, mesh.colour)");
        }
    }
    return others;
}

}  // namespace xrayprep::app
