// The review gallery page: one tile per input, badges, escaping, relative links, no assets.
#include <gtest/gtest.h>

#include <regex>

#include "exports/GalleryWriter.h"
#include "tests/support/TempDir.h"

namespace xrayprep::exports {
namespace {

// A processed input's tile: thumbnails and a contact sheet in its folder.
GalleryTile processed(std::string name, std::string folder, GalleryStatus status,
                      std::vector<processing::QualityCheck> checks) {
    GalleryTile t;
    t.name = std::move(name);
    t.folder = std::move(folder);
    t.status = status;
    t.seconds = 0.5;
    t.checks = std::move(checks);
    t.hasThumbnails = true;
    t.sheet = "sheet.png";
    return t;
}

std::vector<GalleryTile> sampleTiles() {
    const processing::QualityCheck passed{"empty", true, 0.4, 0.002, "mask has 10 pixels"};
    GalleryTile failed;
    failed.name = "broken.dcm";
    failed.folder = "broken";
    failed.status = GalleryStatus::Failed;
    failed.seconds = 0.01;
    failed.error = "broken.dcm: not a DICOM file <here>";
    return {processed("foot.dcm", "foot", GalleryStatus::Ok, {passed}),
            processed(
                "<b>tricky & \"odd\" #1.dcm", "<b>tricky & \"odd\" #1", GalleryStatus::NeedsReview,
                {passed,
                 {"whole-anatomy", false, 0.96, 0.9, "mask covers 96 % of the anatomy: <soft>"},
                 {"border", false, 0.5, 0.3, "mask runs along the top edge"}}),
            failed};
}

int occurrences(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

}  // namespace

TEST(GalleryWriter, OneTilePerInputWithItsStatusAndFailedChecks) {
    const std::string html = GalleryWriter("Review").html(sampleTiles());
    EXPECT_EQ(occurrences(html, "class=\"tile\""), 3);
    EXPECT_EQ(occurrences(html, " data-status=\"ok\""), 1);
    EXPECT_EQ(occurrences(html, " data-status=\"needs-review\""), 1);
    EXPECT_EQ(occurrences(html, " data-status=\"failed\""), 1);
    EXPECT_NE(html.find("data-failed=\"whole-anatomy border\""), std::string::npos);
    EXPECT_NE(html.find("<b>3</b> inputs: <b>1</b> ok, <b>1</b> need review, <b>1</b> failed"),
              std::string::npos);
    // Failed checks are marked; the failed input shows its error and links nowhere.
    EXPECT_EQ(occurrences(html, "<li class=\"fail\">"), 2);
    EXPECT_NE(html.find("<p class=\"error\">broken.dcm: not a DICOM file &lt;here&gt;</p>"),
              std::string::npos);
    EXPECT_EQ(occurrences(html, "<a class=\"tile\""), 2);
    // The failed-check filter offers exactly the checks that failed somewhere.
    EXPECT_NE(html.find("<option value=\"border\">"), std::string::npos);
    EXPECT_NE(html.find("<option value=\"whole-anatomy\">"), std::string::npos);
    EXPECT_EQ(html.find("<option value=\"empty\">"), std::string::npos);
}

TEST(GalleryWriter, EscapesNamesAndPercentEncodesLinks) {
    const std::string html = GalleryWriter("A <title> & more").html(sampleTiles());
    EXPECT_NE(html.find("<title>A &lt;title&gt; &amp; more</title>"), std::string::npos);
    EXPECT_NE(html.find("&lt;b&gt;tricky &amp; &quot;odd&quot; #1.dcm"), std::string::npos);
    EXPECT_EQ(html.find("<b>tricky"), std::string::npos);
    EXPECT_NE(html.find("mask covers 96 % of the anatomy: &lt;soft&gt;"), std::string::npos);
    // '<' '>' ' ' '&' '"' '#' all percent-encoded in the folder part of a link.
    EXPECT_NE(html.find("href=\"%3Cb%3Etricky%20%26%20%22odd%22%20%231/sheet.png\""),
              std::string::npos);
    EXPECT_NE(html.find("src=\"%3Cb%3Etricky%20%26%20%22odd%22%20%231/gallery-original.png\""),
              std::string::npos);
}

TEST(GalleryWriter, LinksAreRelativeAndNothingComesFromElsewhere) {
    const std::string html = GalleryWriter("Review").html(sampleTiles());
    const std::regex attribute(R"re((?:src|href)="([^"]*)")re");
    int links = 0;
    for (auto it = std::sregex_iterator(html.begin(), html.end(), attribute);
         it != std::sregex_iterator(); ++it) {
        const std::string url = (*it)[1];
        ++links;
        EXPECT_EQ(url.find(':'), std::string::npos) << url;  // no scheme
        EXPECT_NE(url.front(), '/') << url;                  // not absolute
    }
    EXPECT_EQ(links, 6);  // two tiles with a sheet link and two thumbnails each
    EXPECT_EQ(html.find("http"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("<script src"), std::string::npos);
}

TEST(GalleryWriter, WritesTheFileAtomically) {
    const test_support::TempDir dir("xrayprep-gallery");
    GalleryWriter("Review").write(dir / "index.html", sampleTiles());
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"index.html"});
}

}  // namespace xrayprep::exports
