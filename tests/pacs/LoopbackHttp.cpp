#include "tests/pacs/LoopbackHttp.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <stdexcept>

namespace xrayprep::test_support {

namespace {

sockaddr_in loopback(int port) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return address;
}

// Closes the socket on every path out.
struct Socket {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ~Socket() {
        if (fd >= 0) ::close(fd);
    }
};

bool sendAll(int fd, const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

HttpResponse httpRequest(int port, const std::string& method, const std::string& path,
                         const std::string& body, int timeoutSeconds) {
    HttpResponse response;
    Socket s;
    if (s.fd < 0) return response;
    const timeval limit{timeoutSeconds, 0};
    ::setsockopt(s.fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    ::setsockopt(s.fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    const sockaddr_in address = loopback(port);
    if (::connect(s.fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        return response;
    }
    const std::string request = method + " " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n" +
                                "Content-Type: application/octet-stream\r\n" +
                                "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    if (!sendAll(s.fd, request) || !sendAll(s.fd, body)) return response;
    std::string raw;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::recv(s.fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            raw.append(buffer, static_cast<std::size_t>(n));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            if (n < 0) return response;  // timeout
            break;
        }
    }
    // "HTTP/1.x NNN reason\r\n" headers "\r\n\r\n" body.
    const auto headerEnd = raw.find("\r\n\r\n");
    if (raw.rfind("HTTP/1.", 0) != 0 || raw.size() < 12 || headerEnd == std::string::npos) {
        return response;
    }
    response.status = std::atoi(raw.substr(9, 3).c_str());
    response.body = raw.substr(headerEnd + 4);
    return response;
}

int freeLoopbackPort() {
    Socket s;
    sockaddr_in address = loopback(0);
    socklen_t length = sizeof address;
    if (s.fd < 0 || ::bind(s.fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(s.fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        throw std::runtime_error("cannot find a free loopback port");
    }
    return ntohs(address.sin_port);
}

}  // namespace xrayprep::test_support
