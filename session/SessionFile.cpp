#include "session/SessionFile.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <system_error>

#include "io/PngReader.h"
#include "io/PngWriter.h"
#include "io/Sha256.h"
#include "processing/pipeline/ParameterRegistry.h"
#include "processing/util/Json.h"

namespace xrayprep::session {

namespace fs = std::filesystem;
using processing::Json;

namespace {

constexpr const char* kFormatName = "xrayprep-session";
constexpr std::uintmax_t kMaxSessionBytes = 1 << 20;  // parameters and seeds: a few kB

[[noreturn]] void fail(const fs::path& file, const std::string& problem) {
    throw SessionError(file.string() + ": " + problem);
}

// A C string key: GCC 13's -Wdangling-reference takes a std::string temporary argument for
// what the returned reference may point into.
const Json& member(const fs::path& file, const Json& object, const char* key) {
    const auto value = object.find(key);  // end() also when object is no object
    if (value == object.end()) {
        fail(file, std::string("not a valid session: \"") + key + "\" is missing");
    }
    return *value;
}

// The member's value when it is there and a string, else nullptr.
const std::string* optionalString(const Json& object, const char* key) {
    const auto value = object.find(key);
    if (value == object.end() || !value->is_string()) return nullptr;
    return &value->get_ref<const std::string&>();
}

int integer(const fs::path& file, const Json& value, const std::string& what) {
    if (!value.is_number() || std::floor(value.get<double>()) != value.get<double>() ||
        std::abs(value.get<double>()) > 1e9) {
        fail(file, "not a valid session: " + what + " must be an integer");
    }
    return static_cast<int>(value.get<double>());
}

Json guidanceJson(const processing::ContourGuidance& g) {
    Json out = Json::object();
    Json seeds = Json::array();
    for (const auto& s : g.seeds) {
        Json seed = Json::object();
        seed["x"] = s.x;
        seed["y"] = s.y;
        seed["include"] = s.include;
        seeds.push_back(std::move(seed));
    }
    out["seeds"] = std::move(seeds);
    if (g.box) {
        Json box = Json::object();
        box["x0"] = g.box->x0;
        box["y0"] = g.box->y0;
        box["x1"] = g.box->x1;
        box["y1"] = g.box->y1;
        out["box"] = std::move(box);
    } else {
        out["box"] = nullptr;
    }
    return out;
}

processing::ContourGuidance guidanceFrom(const fs::path& file, const Json& json) {
    processing::ContourGuidance g;
    if (!json.is_object()) fail(file, "not a valid session: \"guidance\" must be an object");
    const Json& seeds = member(file, json, "seeds");
    if (!seeds.is_array()) fail(file, "not a valid session: \"guidance.seeds\" must be a list");
    for (const Json& s : seeds) {
        if (!s.is_object()) fail(file, "not a valid session: a seed must be an object");
        const Json& include = member(file, s, "include");
        if (!include.is_boolean())
            fail(file, "not a valid session: a seed's include must be true/false");
        g.seeds.push_back({integer(file, member(file, s, "x"), "a seed's x"),
                           integer(file, member(file, s, "y"), "a seed's y"), include.get<bool>()});
    }
    const Json& box = member(file, json, "box");
    if (!box.is_null()) {
        if (!box.is_object()) fail(file, "not a valid session: \"guidance.box\" must be an object");
        g.box = processing::GuideBox{integer(file, member(file, box, "x0"), "box x0"),
                                     integer(file, member(file, box, "y0"), "box y0"),
                                     integer(file, member(file, box, "x1"), "box x1"),
                                     integer(file, member(file, box, "y1"), "box y1")};
    }
    return g;
}

std::string readSmallFile(const fs::path& file) {
    std::error_code ec;
    const fs::file_status status = fs::status(file, ec);
    if (ec || !fs::exists(status)) fail(file, "no such session file");
    if (!fs::is_regular_file(status)) fail(file, "not a regular file");
    if (fs::file_size(file, ec) > kMaxSessionBytes) fail(file, "not a session (larger than 1 MiB)");
    std::ifstream in(file, std::ios::binary);
    if (!in) fail(file, "cannot read the session file");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

fs::path SessionFile::editsPath(const fs::path& file) {
    return fs::path(file.string() + ".edits.png");
}

void SessionFile::save(const Session& session, const fs::path& file,
                       const io::ProtectedPaths& protectedPaths) {
    Json doc = Json::object();
    doc["format"] = kFormatName;
    doc["formatVersion"] = kFormatVersion;
    doc["application"] = session.application;
    Json input = Json::object();
    input["path"] = session.input;
    input["sha256"] = session.inputSha256;
    input["frame"] = session.frame;
    doc["input"] = std::move(input);
    doc["parameters"] = processing::parametersToJson(session.parameters);
    doc["guidance"] = guidanceJson(session.guidance);
    if (session.edits.empty()) {
        doc["edits"] = nullptr;
    } else {
        const auto& layer = session.edits.layer();
        const std::vector<std::uint8_t> png = io::encodePngGray8(layer);
        const fs::path layerFile = editsPath(file);
        io::writeFileAtomically(layerFile, png, protectedPaths);
        Json edits = Json::object();
        edits["file"] = layerFile.filename().string();
        edits["sha256"] = io::sha256Hex(png);
        edits["width"] = layer.width();
        edits["height"] = layer.height();
        edits["added"] = session.edits.addedCount();
        edits["removed"] = session.edits.removedCount();
        doc["edits"] = std::move(edits);
    }
    io::writeFileAtomically(file, processing::dumpJson(doc) + "\n", protectedPaths);
}

Session SessionFile::load(const fs::path& file) {
    Json doc;
    try {
        doc = processing::parseJson(readSmallFile(file));
    } catch (const SessionError&) {
        throw;
    } catch (const std::exception& e) {
        fail(file, std::string("not a session (") + e.what() + ")");
    }
    if (const std::string* format = optionalString(doc, "format");
        format == nullptr || *format != kFormatName) {
        fail(file, "not an xrayprep session file");
    }
    const int version = integer(file, member(file, doc, "formatVersion"), "formatVersion");
    if (version > kFormatVersion) {
        fail(file, "written by a newer xrayprep (session format " + std::to_string(version) +
                       "; this one reads up to " + std::to_string(kFormatVersion) + ")");
    }
    Session s;
    if (const std::string* app = optionalString(doc, "application")) s.application = *app;
    const Json& input = member(file, doc, "input");
    if (!input.is_object()) fail(file, "not a valid session: \"input\" must be an object");
    const Json& path = member(file, input, "path");
    const Json& sha = member(file, input, "sha256");
    if (!path.is_string() || path.get_ref<const std::string&>().empty() || !sha.is_string()) {
        fail(file, "not a valid session: the input needs a path and a SHA-256");
    }
    s.input = path.get<std::string>();
    s.inputSha256 = sha.get<std::string>();
    if (const auto frame = input.find("frame"); frame != input.end()) {
        s.frame = integer(file, *frame, "the frame");
    }
    // A relative input path is relative to the session file's folder.
    if (!s.inputIsSample() && fs::path(s.input).is_relative()) {
        s.input = (file.parent_path() / s.input).lexically_normal().string();
    }
    if (!s.inputIsSample() && s.inputSha256.size() != 64) {
        fail(file, "not a valid session: the input's SHA-256 must have 64 hex digits");
    }
    try {
        processing::applyParametersJson(s.parameters, member(file, doc, "parameters"));
    } catch (const SessionError&) {
        throw;
    } catch (const std::exception& e) {
        fail(file, std::string("bad parameters: ") + e.what());
    }
    s.guidance = guidanceFrom(file, member(file, doc, "guidance"));
    const Json& edits = member(file, doc, "edits");
    if (!edits.is_null()) {
        if (!edits.is_object()) fail(file, "not a valid session: \"edits\" must be an object");
        const Json& name = member(file, edits, "file");
        const Json& layerSha = member(file, edits, "sha256");
        if (!name.is_string() || !layerSha.is_string() ||
            fs::path(name.get<std::string>()).filename().string() != name.get<std::string>()) {
            fail(file, "not a valid session: the edit layer needs a file name beside it");
        }
        const fs::path layerFile = file.parent_path() / name.get<std::string>();
        std::vector<std::uint8_t> bytes;
        try {
            std::ifstream in(layerFile, std::ios::binary);
            if (!in) fail(file, "the edit layer " + layerFile.string() + " is missing");
            bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        } catch (const SessionError&) {
            throw;
        }
        if (io::sha256Hex(bytes) != layerSha.get<std::string>()) {
            fail(file, "the edit layer " + layerFile.string() +
                           " is not the one saved with the session (SHA-256 differs)");
        }
        try {
            const io::PngGrayImage png = io::decodePng(bytes);
            if (png.bitDepth != 8) throw std::runtime_error("not an 8-bit layer");
            processing::Raster<std::uint8_t> layer(png.samples.width(), png.samples.height());
            for (std::size_t i = 0; i < layer.size(); ++i) {
                layer.data()[i] = static_cast<std::uint8_t>(png.samples.data()[i]);
            }
            s.edits = processing::MaskEdits::fromLayer(std::move(layer));
        } catch (const std::exception& e) {
            fail(file, "the edit layer " + layerFile.string() + " cannot be read: " + e.what());
        }
    }
    return s;
}

void SessionFile::verifyInput(const Session& session) {
    if (session.inputIsSample()) return;
    const fs::path input(session.input);
    std::string actual;
    try {
        actual = io::sha256HexOfFile(input);
    } catch (const std::exception&) {
        throw SessionError(session.input + ": the session's input cannot be read");
    }
    if (actual != session.inputSha256) {
        throw SessionError(session.input +
                           ": the file changed since the session was saved (its SHA-256 is " +
                           actual + ", the session was made with " + session.inputSha256 +
                           "); open the file again and redo the edits");
    }
}

}  // namespace xrayprep::session
