#pragma once

#include <string>

namespace xrayprep::test_support {

struct HttpResponse {
    int status = 0;  // 0: no answer (connection refused, timeout, malformed)
    std::string body;
};

// A minimal HTTP/1.0 client for 127.0.0.1: one request per connection, the whole answer read
// until the server closes. The tests talk to Orthanc's REST API with it, independently of the
// DICOM code under test. Every socket wait is bounded by `timeoutSeconds`.
HttpResponse httpRequest(int port, const std::string& method, const std::string& path,
                         const std::string& body = {}, int timeoutSeconds = 10);

// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then closed).
int freeLoopbackPort();

}  // namespace xrayprep::test_support
