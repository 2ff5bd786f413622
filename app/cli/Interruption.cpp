#include "app/cli/Interruption.h"

namespace xrayprep::app {

namespace {

std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int) {
    interruption().cancel();
    interrupted.store(true, std::memory_order_relaxed);
}

}  // namespace

processing::CancelToken& interruption() {
    static processing::CancelToken token;
    return token;
}

const std::atomic<bool>& interruptedFlag() { return interrupted; }

InterruptHandlers::InterruptHandlers() {
    (void)interruption();  // constructed here, never first inside the handler
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &oldInt_);
    sigaction(SIGTERM, &action, &oldTerm_);
}

InterruptHandlers::~InterruptHandlers() {
    sigaction(SIGINT, &oldInt_, nullptr);
    sigaction(SIGTERM, &oldTerm_, nullptr);
}

}  // namespace xrayprep::app
