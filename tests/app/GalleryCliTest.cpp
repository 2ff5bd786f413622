// `run --gallery` opened in a real headless browser (Debian's chromium): one tile per input,
// badges that match report.json, every picture and link resolving to a file, the page's
// script run. Skips when chromium is not installed (scripts/install-deps.sh installs it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "processing/util/Json.h"
#include "tests/app/CliProcess.h"
#include "tests/app/FlatDicom.h"
#include "tests/app/ReportFiles.h"
#include "tests/support/TempDir.h"

namespace fs = std::filesystem;
using xrayprep::processing::Json;
using xrayprep::test_support::readJsonFile;
using xrayprep::test_support::readTextFile;
using xrayprep::test_support::runCliProcess;

namespace {

bool chromiumInstalled() { return std::system("command -v chromium > /dev/null 2>&1") == 0; }

// The page as chromium renders it (after its script ran), serialised. `query`: "?a=b" or "".
std::string renderedDom(const fs::path& page, const fs::path& work, const std::string& query = "") {
    const fs::path profile = work / "chromium-profile";
    fs::create_directories(profile);
    const fs::path dom = work / "dom.html";
    const std::string command =
        "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic "
        "--no-first-run --disable-background-networking --disable-component-update "
        "--disable-sync --user-data-dir='" +
        profile.string() + "' --dump-dom 'file://" + page.string() + query + "' > '" +
        dom.string() + "' 2> '" + (work / "chromium.log").string() + "'";
    const int status = std::system(command.c_str());
    EXPECT_EQ(status, 0) << readTextFile(work / "chromium.log");
    return readTextFile(dom);
}

// Undoes the entities a serialiser writes in attribute values.
std::string unescape(std::string s) {
    const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
    for (const auto& [from, to] : entities) {
        for (auto p = s.find(from); p != std::string::npos; p = s.find(from, p + 1)) {
            s.replace(p, std::string(from).size(), to);
        }
    }
    return s;
}

std::string percentDecoded(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string attribute(const std::string& tag, const std::string& name) {
    const std::regex re(" " + name + R"re(="([^"]*)")re");
    std::smatch m;
    return std::regex_search(tag, m, re) ? unescape(m[1]) : std::string();
}

}  // namespace

TEST(GalleryCli, TheGalleryShowsEveryInputWithItsStatusInAHeadlessBrowser) {
    if (!chromiumInstalled()) {
        GTEST_SKIP() << "chromium is not installed (scripts/install-deps.sh installs it)";
    }
    const xrayprep::test_support::TempDir dir("xrayprep-gallery-cli");
    const fs::path in = dir / "in";
    fs::create_directories(in);
    for (const auto& [name, seed] : {std::pair{"foot.dcm", "2"}, {"tricky & <b>#1 %20.dcm", "3"}}) {
        ASSERT_EQ(runCliProcess({"phantom", "--out", (in / name).string(), "--size", "480x380",
                                 "--seed", seed})
                      .exitCode,
                  0);
    }
    std::ofstream(in / "broken.dcm") << "this is not a DICOM file";
    xrayprep::test_support::writeFlatDicom(in / "flat.dcm");

    const fs::path out = dir / "out";
    const auto r = runCliProcess({"run", in.string(), "--out", out.string(), "--gallery",
                                  "--report", (dir / "report.json").string(), "--set",
                                  "median.size=5", "--set", "esf.iterations=10"});
    EXPECT_EQ(r.exitCode, 1) << r.output;  // broken.dcm failed
    ASSERT_TRUE(fs::exists(out / "index.html")) << r.output;

    // What report.json says of each input, by file name.
    std::map<std::string, std::string> expected;
    const Json report = readJsonFile(dir / "report.json");
    for (const Json& e : report.at("inputs")) {
        const std::string name = fs::path(e.at("input").get<std::string>()).filename().string();
        expected[name] = e.at("status").get<std::string>() == "failed" ? "failed"
                         : e.at("needsReview").get<bool>()             ? "needs-review"
                                                                       : "ok";
    }
    ASSERT_EQ(expected.size(), 4u);
    EXPECT_EQ(expected.at("broken.dcm"), "failed");
    EXPECT_EQ(expected.at("flat.dcm"), "needs-review");

    const std::string dom = renderedDom(out / "index.html", dir.path());
    ASSERT_FALSE(dom.empty());
    // The script ran: it marks <body> and counts the tiles it shows (all, unfiltered).
    const std::regex bodyTag(R"re(<body[^>]*>)re");
    std::smatch body;
    ASSERT_TRUE(std::regex_search(dom, body, bodyTag));
    EXPECT_EQ(attribute(body[0], "data-script"), "ran") << body[0];
    EXPECT_EQ(attribute(body[0], "data-shown"), "4") << body[0];
    EXPECT_NE(dom.find("4 of 4 shown"), std::string::npos);

    // One tile per input, its status and badge as the report says.
    const std::regex tileTag(R"re(<(a|div) class="tile"[^>]*>)re");
    std::map<std::string, std::string> shown;
    std::vector<std::size_t> starts;
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), tileTag);
         it != std::sregex_iterator(); ++it) {
        shown[attribute(it->str(), "data-name")] = attribute(it->str(), "data-status");
        starts.push_back(static_cast<std::size_t>(it->position()));
    }
    EXPECT_EQ(shown, expected);
    starts.push_back(dom.find("</div>\n<script", starts.empty() ? 0 : starts.back()));
    for (std::size_t i = 0; i + 1 < starts.size(); ++i) {
        const std::string tile = dom.substr(starts[i], starts[i + 1] - starts[i]);
        std::smatch tag, badge;
        ASSERT_TRUE(std::regex_search(tile, tag, tileTag));
        ASSERT_TRUE(std::regex_search(tile, badge, std::regex(R"re(class="badge ([a-z-]+)")re")));
        EXPECT_EQ(badge[1], attribute(tag[0], "data-status")) << tile;
    }

    // Every picture and link resolves to a file next to the page.
    const std::regex reference(R"re(<(?:img|a)\b[^>]*?\s(?:src|href)="([^"]*)")re");
    int references = 0;
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), reference);
         it != std::sregex_iterator(); ++it) {
        const std::string target = percentDecoded(unescape((*it)[1]));
        ++references;
        EXPECT_TRUE(fs::is_regular_file(out / target)) << target;
    }
    // Three processed inputs: two thumbnails and a contact sheet each.
    EXPECT_EQ(references, 9);

    // The filters work: the query presets them, and the script hides the other tiles.
    const std::string failedOnly = renderedDom(out / "index.html", dir.path(), "?status=failed");
    std::smatch filteredBody;
    ASSERT_TRUE(std::regex_search(failedOnly, filteredBody, bodyTag));
    EXPECT_EQ(attribute(filteredBody[0], "data-shown"), "1");
    EXPECT_NE(failedOnly.find("1 of 4 shown"), std::string::npos);
    int visible = 0;
    for (auto it = std::sregex_iterator(failedOnly.begin(), failedOnly.end(), tileTag);
         it != std::sregex_iterator(); ++it) {
        if (it->str().find(" hidden") != std::string::npos) continue;
        ++visible;
        EXPECT_EQ(attribute(it->str(), "data-name"), "broken.dcm");
    }
    EXPECT_EQ(visible, 1);
}
