#include "io/StagedFolder.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>

namespace xrayprep::io {

namespace fs = std::filesystem;

namespace {

std::string randomHex() {
    static thread_local std::mt19937_64 random{std::random_device{}()};
    const std::uint64_t tag = random();
    std::string hex(16, '0');
    for (int i = 0; i < 16; ++i)
        hex[static_cast<std::size_t>(i)] = "0123456789abcdef"[(tag >> (4 * i)) & 0xFu];
    return hex;
}

std::runtime_error folderError(const fs::path& folder, const std::string& reason) {
    std::string message = "cannot write the outputs into '";
    message += folder.string();
    message += "': ";
    message += reason;
    return std::runtime_error(message);
}

// Whether `file` lies somewhere inside `folder` (both as they are on disk: links followed).
bool isInside(const fs::path& file, const fs::path& folder) {
    std::error_code ec;
    fs::path at = fs::weakly_canonical(file, ec);
    if (ec) return false;
    for (fs::path up = at.parent_path(); !up.empty() && up != up.root_path();
         up = up.parent_path()) {
        if (fs::equivalent(up, folder, ec) && !ec) return true;
    }
    return false;
}

}  // namespace

StagedFolder::StagedFolder(fs::path destination, ProtectedPaths protectedPaths)
    : destination_(std::move(destination)), protected_(std::move(protectedPaths)) {
    if (destination_.empty() || !destination_.has_filename()) {
        throw folderError(destination_, "not a folder name");
    }
    refuseHoldingAnInput();  // early, so that no work is done for nothing; again at commit()
    const fs::path parent =
        destination_.parent_path().empty() ? fs::path(".") : destination_.parent_path();
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec)
        throw folderError(destination_, "cannot create " + parent.string() + ": " + ec.message());
    for (int attempt = 0; attempt < 16 && staging_.empty(); ++attempt) {
        // Built by appending: GCC 12 gives a false -Wrestrict for "literal" + std::string&&.
        std::string name(1, '.');
        name += destination_.filename().string().substr(0, 160);
        name += kMarker;
        name += std::to_string(::getpid());
        name += '-';
        name += randomHex();
        const fs::path candidate = parent / name;
        if (fs::create_directory(candidate, ec)) {
            staging_ = candidate;
        } else if (ec) {
            throw folderError(destination_, "cannot create a staging folder: " + ec.message());
        }
    }
    if (staging_.empty()) throw folderError(destination_, "cannot create a staging folder");
}

void StagedFolder::refuseHoldingAnInput() const {
    for (const fs::path& input : protected_) {
        if (isInside(input, destination_)) {
            std::string message = "refusing to replace the output folder '";
            message += destination_.string();
            message += "': it holds the input file '";
            message += input.string();
            message += "'";
            throw std::runtime_error(message);
        }
    }
}

StagedFolder::~StagedFolder() {
    if (committed_) return;
    std::error_code ignored;
    fs::remove_all(staging_, ignored);
}

void StagedFolder::commit() {
    if (committed_) throw std::logic_error("StagedFolder committed twice");
    std::error_code ec;
    const fs::file_status st = fs::symlink_status(destination_, ec);
    const bool exists = !ec && fs::exists(st);
    if (exists && !fs::is_directory(st)) {
        throw folderError(destination_, "it exists and is not a folder (a link or a file)");
    }
    if (exists) refuseHoldingAnInput();
    if (!exists && ::rename(staging_.c_str(), destination_.c_str()) == 0) {
        committed_ = true;
        return;
    }
    // The destination exists (or appeared since): swap the two atomically; the staging path
    // then holds the old set, removed below.
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, destination_.c_str(), RENAME_EXCHANGE) !=
        0) {
        const int err = errno;
        if (err != EINVAL && err != ENOSYS) {
            throw folderError(destination_,
                              std::string("cannot swap in the new outputs: ") + std::strerror(err));
        }
        // No RENAME_EXCHANGE on this file system: move the old set aside, then the new one in.
        const fs::path aside = staging_.string() + "-old";
        fs::rename(destination_, aside, ec);
        if (ec)
            throw folderError(destination_, "cannot move the old outputs aside: " + ec.message());
        fs::rename(staging_, destination_, ec);
        if (ec) {
            std::error_code ignored;
            fs::rename(aside, destination_, ignored);
            throw folderError(destination_, "cannot move the new outputs in: " + ec.message());
        }
        fs::remove_all(aside, ec);
        committed_ = true;
        return;
    }
    committed_ = true;
    fs::remove_all(staging_, ec);  // the old set; a failure leaves a hidden folder, no harm
}

}  // namespace xrayprep::io
