#include <gtest/gtest.h>

#include <vector>

#include "processing/core/CoresInUse.h"

namespace xrayprep::processing {
namespace {

// A machine of `cores` CPUs whose counters advance by what each step says.
class FakeMachine {
  public:
    explicit FakeMachine(int cores) { now_.cores = cores, now_.valid = true; }
    // Advances `ticksPerCore` ticks of wall time: others keep `others` cores busy, this
    // process `own` cores.
    void advance(double ticksPerCore, double others, double own) {
        now_.machineTotalTicks += ticksPerCore * now_.cores;
        now_.machineBusyTicks += ticksPerCore * (others + own);
        now_.ownTicks += ticksPerCore * own;
    }
    CpuTimeSample sample() const { return now_; }

  private:
    CpuTimeSample now_;
};

TEST(CoresInUse, FollowsTheCoresOtherProcessesLeaveFree) {
    FakeMachine machine(2);
    CoresInUse cores([&] { return machine.sample(); });
    EXPECT_EQ(cores.threadsFor(2), 2);  // nothing measured yet
    machine.advance(20, 1.0, 1.0);      // one other busy process, this one busy on one core
    EXPECT_EQ(cores.threadsFor(2), 1);
    EXPECT_NEAR(cores.busyElsewhere(), 1.0, 1e-9);
    machine.advance(20, 0.0, 2.0);  // the other process ended; this one used both cores
    EXPECT_EQ(cores.threadsFor(2), 2);
    machine.advance(20, 0.4, 1.6);  // a little background work: still both
    EXPECT_EQ(cores.threadsFor(2), 2);
    machine.advance(20, 2.0, 0.0);  // two busy elsewhere: one thread still
    EXPECT_EQ(cores.threadsFor(2), 1);
}

TEST(CoresInUse, KeepsTheLastDecisionWithinAShortWindow) {
    FakeMachine machine(2);
    CoresInUse cores([&] { return machine.sample(); });
    (void)cores.threadsFor(2);
    machine.advance(20, 1.0, 1.0);
    EXPECT_EQ(cores.threadsFor(2), 1);
    machine.advance(3, 0.0, 2.0);  // 30 ms: too short a window to measure
    EXPECT_EQ(cores.threadsFor(2), 1);
    machine.advance(10, 0.0, 2.0);  // 130 ms since the last decision in all
    EXPECT_EQ(cores.threadsFor(2), 2);
}

TEST(CoresInUse, NeverMoreThanConfiguredNorTheCoresNorFewerThanOne) {
    FakeMachine machine(16);
    CoresInUse cores([&] { return machine.sample(); });
    EXPECT_EQ(cores.threadsFor(32), 16);
    machine.advance(20, 3.0, 13.0);
    EXPECT_EQ(cores.threadsFor(32), 13);
    EXPECT_EQ(cores.threadsFor(4), 4);
    EXPECT_EQ(cores.threadsFor(1), 1);
    machine.advance(20, 40.0, 0.0);  // more busy than there are cores (steal, say)
    EXPECT_EQ(cores.threadsFor(8), 1);
}

TEST(CoresInUse, UnreadableCountersLeaveTheConfiguredCount) {
    CoresInUse cores([] { return CpuTimeSample{}; });
    EXPECT_EQ(cores.threadsFor(6), 6);
    EXPECT_EQ(cores.threadsFor(6), 6);
}

TEST(CoresInUse, TheMachineCountersCanBeRead) {
#if defined(__linux__)
    const CpuTimeSample s = sampleCpuTime();
    ASSERT_TRUE(s.valid);
    EXPECT_GE(s.cores, 1);
    EXPECT_GT(s.machineTotalTicks, s.machineBusyTicks);
    EXPECT_GT(s.ownTicks, 0.0);
#else
    GTEST_SKIP() << "Linux only";
#endif
}

}  // namespace
}  // namespace xrayprep::processing
