#include "tests/pacs/OrthancServer.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "processing/util/Json.h"
#include "tests/pacs/LoopbackHttp.h"

namespace xrayprep::test_support {

OrthancServer::OrthancServer() : dicomPort_(freeLoopbackPort()), httpPort_(freeLoopbackPort()) {
    while (httpPort_ == dicomPort_) httpPort_ = freeLoopbackPort();
    ourPort_ = freeLoopbackPort();
    while (ourPort_ == dicomPort_ || ourPort_ == httpPort_) ourPort_ = freeLoopbackPort();
}

OrthancServer::~OrthancServer() { stop(); }

void OrthancServer::start() {
    // Option names as in Orthanc 1.10's /etc/orthanc/orthanc.json.
    processing::Json config;
    config["Name"] = "xrayprep-test";
    config["StorageDirectory"] = (folder_ / "storage").string();
    config["IndexDirectory"] = (folder_ / "storage").string();
    config["Plugins"] = processing::Json::array();
    config["HttpServerEnabled"] = true;
    config["HttpPort"] = httpPort_;
    config["RemoteAccessAllowed"] = false;
    config["AuthenticationEnabled"] = false;
    config["DicomServerEnabled"] = true;
    config["DicomAet"] = kAet;
    config["DicomPort"] = dicomPort_;
    config["DicomCheckCalledAet"] = true;
    config["DicomCheckModalityHost"] = true;
    config["DicomAlwaysAllowEcho"] = false;
    config["DicomAlwaysAllowStore"] = false;
    config["DicomAlwaysAllowFind"] = false;
    config["DicomAlwaysAllowGet"] = false;
    config["DicomAlwaysAllowMove"] = false;
    config["DicomScpTimeout"] = 10;
    config["SaveJobs"] = false;
    config["DicomModalities"]["xrayprep"] = {
        {"AET", kOurAe},     {"Host", "127.0.0.1"}, {"Port", ourPort_},  {"AllowEcho", true},
        {"AllowFind", true}, {"AllowGet", true},    {"AllowMove", true}, {"AllowStore", true}};
    const auto configFile = folder_ / "orthanc.json";
    std::ofstream(configFile) << processing::dumpJson(config);

    const std::string program = kOrthancPath;
    const std::string configArg = configFile.string();
    const std::string logFile = (folder_ / "orthanc.log").string();
    pid_ = ::fork();
    if (pid_ == 0) {
        // Only async-signal-safe calls until exec; Orthanc's output goes to its log file.
        const int fd = ::open(logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            ::dup2(fd, STDOUT_FILENO);
            ::dup2(fd, STDERR_FILENO);
            ::close(fd);
        }
        ::execl(program.c_str(), program.c_str(), configArg.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    if (pid_ < 0) throw std::runtime_error("fork failed");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("Orthanc exited at start-up:\n" + log());
        }
        if (httpRequest(httpPort_, "GET", "/system", {}, 2).status == 200) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const std::string text = log();
    stop();
    throw std::runtime_error("Orthanc did not answer within 20 s:\n" + text);
}

std::string OrthancServer::log() const {
    std::ifstream in(folder_ / "orthanc.log");
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    return all.size() > 4000 ? all.substr(all.size() - 4000) : all;
}

void OrthancServer::stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    int status = 0;
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    pid_ = -1;
}

}  // namespace xrayprep::test_support
