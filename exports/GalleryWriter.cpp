#include "exports/GalleryWriter.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "exports/GalleryPageAssets.h"
#include "exports/GalleryThumbnails.h"
#include "io/MarkupEscape.h"

namespace xrayprep::exports {
namespace {

// A file name as one segment of a relative URL: everything but unreserved characters
// percent-encoded, so '#', '?', '%', spaces and non-ASCII names resolve from file:// too.
std::string urlSegment(const std::string& name) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

// The href/src of a file in a tile's folder, escaped for a double-quoted attribute.
std::string link(const GalleryTile& t, const char* file) {
    return io::escapeMarkup(urlSegment(t.folder) + "/" + file);
}

std::string secondsText(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", seconds);
    return text;
}

// "needs review": the status's word as people read it.
std::string badgeText(GalleryStatus s) {
    std::string text = toString(s);
    std::replace(text.begin(), text.end(), '-', ' ');
    return text;
}

std::string failedIds(const GalleryTile& t) {
    std::string ids;
    for (const auto& c : t.checks) {
        if (c.passed) continue;
        if (!ids.empty()) ids += ' ';
        ids += c.id;
    }
    return ids;
}

std::string pictures(const GalleryTile& t) {
    if (!t.hasThumbnails) return {};
    return "<div class=\"pics\"><figure><img src=\"" + link(t, kGalleryOriginalFile) +
           "\" alt=\"original with the mask outline\" loading=\"lazy\"><figcaption>original + "
           "mask outline</figcaption></figure><figure><img src=\"" +
           link(t, kGalleryFinalFile) +
           "\" alt=\"final masked image\" loading=\"lazy\"><figcaption>final</figcaption>"
           "</figure></div>\n";
}

std::string checkList(const GalleryTile& t) {
    if (t.checks.empty()) return {};
    std::string out = "<ul class=\"checks\">\n";
    for (const auto& c : t.checks) {
        out += std::string("<li class=\"") + (c.passed ? "pass" : "fail") +
               "\"><span class=\"icon\">" + (c.passed ? "&#10003;" : "&#10007;") +
               "</span><span class=\"id\">" + io::escapeMarkup(c.id) + "</span><span>" +
               io::escapeMarkup(c.message) + "</span></li>\n";
    }
    return out + "</ul>\n";
}

std::string tileHtml(const GalleryTile& t) {
    const bool linked = !t.sheet.empty();
    const std::string tag = linked ? "a" : "div";
    std::string out = "<" + tag + " class=\"tile\"";
    if (linked) {
        out += " href=\"" + io::escapeMarkup(urlSegment(t.folder) + "/" + urlSegment(t.sheet)) +
               "\" title=\"Open the contact sheet\"";
    }
    out += " data-name=\"" + io::escapeMarkup(t.name) + "\" data-status=\"" + toString(t.status) +
           "\" data-seconds=\"" + secondsText(t.seconds) + "\" data-failed=\"" +
           io::escapeMarkup(failedIds(t)) + "\">\n";
    out += "<div class=\"head\"><span class=\"name\" title=\"" + io::escapeMarkup(t.name) + "\">" +
           io::escapeMarkup(t.name) + "</span><span class=\"badge " + toString(t.status) + "\">" +
           badgeText(t.status) + "</span></div>\n";
    out += pictures(t);
    out += "<div class=\"time\">" +
           std::string(t.status == GalleryStatus::Failed ? "failed after " : "processed in ") +
           secondsText(t.seconds) + " s</div>\n";
    out += checkList(t);
    if (!t.error.empty()) out += "<p class=\"error\">" + io::escapeMarkup(t.error) + "</p>\n";
    return out + "</" + tag + ">\n";
}

std::string summary(const std::vector<GalleryTile>& tiles) {
    auto count = [&](GalleryStatus s) {
        return std::count_if(tiles.begin(), tiles.end(),
                             [s](const GalleryTile& t) { return t.status == s; });
    };
    char text[200];
    std::snprintf(text, sizeof text,
                  "<b>%zu</b> inputs: <b>%td</b> ok, <b>%td</b> need review, <b>%td</b> failed",
                  tiles.size(), count(GalleryStatus::Ok), count(GalleryStatus::NeedsReview),
                  count(GalleryStatus::Failed));
    return text;
}

std::string controls(const std::vector<GalleryTile>& tiles) {
    std::set<std::string> ids;  // the checks that failed somewhere, to filter by
    for (const auto& t : tiles) {
        for (const auto& c : t.checks) {
            if (!c.passed) ids.insert(c.id);
        }
    }
    std::string checkOptions = "<option value=\"any\">any</option>";
    for (const auto& id : ids) {
        checkOptions +=
            "<option value=\"" + io::escapeMarkup(id) + "\">" + io::escapeMarkup(id) + "</option>";
    }
    std::string statusOptions = "<option value=\"all\">all</option>";
    for (const GalleryStatus st :
         {GalleryStatus::Ok, GalleryStatus::NeedsReview, GalleryStatus::Failed}) {
        statusOptions +=
            std::string("<option value=\"") + toString(st) + "\">" + badgeText(st) + "</option>";
    }
    return "<div class=\"controls\">\n<label>Status<select id=\"status\">" + statusOptions +
           "</select></label>\n"
           "<label>Failed check<select id=\"check\">" +
           checkOptions +
           "</select></label>\n"
           "<label>Sort by<select id=\"sort\"><option value=\"status\">status</option>"
           "<option value=\"name\">name</option><option value=\"time\">time (slowest first)"
           "</option></select></label>\n"
           "<span id=\"count\"></span>\n</div>\n";
}

}  // namespace

const char* toString(GalleryStatus status) {
    switch (status) {
        case GalleryStatus::Ok:
            return "ok";
        case GalleryStatus::NeedsReview:
            return "needs-review";
        case GalleryStatus::Failed:
            return "failed";
    }
    return "";
}

std::string GalleryWriter::html(const std::vector<GalleryTile>& tiles) const {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
        io::escapeMarkup(title_) + "</title>\n<style>" + galleryStyleSheet() +
        "</style>\n</head>\n<body>\n<h1>" + io::escapeMarkup(title_) +
        "</h1>\n<p class=\"summary\">" + summary(tiles) + "</p>\n" + controls(tiles) +
        "<div id=\"tiles\">\n";
    for (const auto& t : tiles) out += tileHtml(t);
    out += "</div>\n<script>";
    out += galleryScript();
    out += "</script>\n</body>\n</html>\n";
    return out;
}

void GalleryWriter::write(const std::filesystem::path& destination,
                          const std::vector<GalleryTile>& tiles,
                          const io::ProtectedPaths& protectedPaths) const {
    io::writeFileAtomically(destination, html(tiles), protectedPaths);
}

}  // namespace xrayprep::exports
