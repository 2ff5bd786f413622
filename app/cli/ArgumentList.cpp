#include "app/cli/ArgumentList.h"

#include <charconv>

#include "app/cli/UsageError.h"

namespace xrayprep::app {

ArgumentList::ArgumentList(const std::vector<std::string>& args,
                           const std::set<std::string>& valueOptions,
                           const std::set<std::string>& flagOptions) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.rfind("--", 0) != 0 || a == "--") {
            positionals_.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (flagOptions.count(name)) {
            if (inlineValue) throw UsageError("--" + name + " takes no value");
            options_.emplace_back(name, "");
        } else if (valueOptions.count(name)) {
            if (!inlineValue) {
                if (i + 1 >= args.size()) throw UsageError("--" + name + " needs a value");
                inlineValue = args[++i];
            }
            options_.emplace_back(name, *inlineValue);
        } else {
            throw UsageError("unknown option --" + name);
        }
    }
}

bool ArgumentList::flag(const std::string& name) const {
    for (const auto& o : options_) {
        if (o.first == name) return true;
    }
    return false;
}

std::optional<std::string> ArgumentList::value(const std::string& name) const {
    std::optional<std::string> v;
    for (const auto& o : options_) {
        if (o.first == name) v = o.second;
    }
    return v;
}

std::vector<std::string> ArgumentList::values(const std::string& name) const {
    std::vector<std::string> v;
    for (const auto& o : options_) {
        if (o.first == name) v.push_back(o.second);
    }
    return v;
}

int ArgumentList::intValue(const std::string& name, int fallback, int lo, int hi) const {
    const auto v = value(name);
    if (!v) return fallback;
    int out = 0;
    const auto res = std::from_chars(v->data(), v->data() + v->size(), out);
    if (res.ec != std::errc() || res.ptr != v->data() + v->size() || out < lo || out > hi) {
        throw UsageError("--" + name + " expects an integer in " + std::to_string(lo) + ".." +
                         std::to_string(hi) + ", got '" + *v + "'");
    }
    return out;
}

}  // namespace xrayprep::app
