#include <gtest/gtest.h>

#include "gpu/BackendFactory.h"
#include "gpu/CudaStatus.h"

using namespace xrayprep;

TEST(CudaAvailability, ReportsAReasonWhenUnavailable) {
    const gpu::CudaStatus status = gpu::queryCudaStatus();
    if (status.available) {
        EXPECT_FALSE(status.deviceName.empty());
    } else {
        EXPECT_NE(status.reason.find("CUDA unavailable"), std::string::npos) << status.reason;
    }
}

TEST(CudaAvailability, BackendListNamesEveryKindAndCpuBackendsAreAvailable) {
    const auto list = gpu::listBackends();
    ASSERT_EQ(list.size(), 3u);
    EXPECT_TRUE(list[0].available);
    EXPECT_TRUE(list[1].available);
    if (!list[2].available) {
        EXPECT_FALSE(list[2].detail.empty());
        EXPECT_THROW((void)gpu::makeBackend(processing::BackendKind::Cuda), std::runtime_error);
    }
}
