// MeshTask: builds on a worker thread, hands the mesh back on the GUI thread, supersedes older
// builds, and reports failures. Expected meshes come from processing::MeshBuilder called
// directly, never from the task.
#include <QTest>
#include <QThread>
#include <atomic>
#include <chrono>
#include <thread>

#include "processing/mesh/MeshBuilder.h"
#include "tests/ui/preview/PreviewTestSupport.h"
#include "ui/model/MeshTask.h"

namespace xrayprep::ui::test {
namespace {

using processing::MeshMode;

MeshRequest requestWith(int targetTriangles, MeshMode mode = MeshMode::Inflate) {
    MeshRequest r;
    r.params.mode = mode;
    r.params.targetTriangles = targetTriangles;
    r.params.smooth = 2;
    return r;
}

TEST(MeshTaskTest, BuildsOnAWorkerThreadWhatMeshBuilderBuilds) {
    const DisplayedRun run = ellipsesRun();
    MeshTask task;
    task.setDebounceMilliseconds(0);
    std::atomic<QThread*> builtOn{nullptr};
    task.setBuildFunction([&builtOn](const processing::MeshInputs& in,
                                     const processing::MeshParams& params,
                                     const processing::CancelToken* cancel) {
        builtOn = QThread::currentThread();
        return processing::MeshBuilder{}(in, params, cancel);
    });
    QSignalSpy ready(&task, &MeshTask::meshReady);
    task.setSource(run);
    task.setRequest(requestWith(6000));
    task.schedule();
    EXPECT_TRUE(task.isBuilding());
    ASSERT_TRUE(waitForCount(ready, 1));
    EXPECT_NE(builtOn.load(), nullptr);
    EXPECT_NE(builtOn.load(), QThread::currentThread());
    EXPECT_FALSE(task.isBuilding());
    EXPECT_TRUE(task.upToDate());

    const processing::MeshInputs inputs{run.contour->mask, &run.esf->field, run.original.get(),
                                        run.metadata->spacing,
                                        processing::MeshInputs::Colour::XRay};
    const auto expected = processing::MeshBuilder{}(inputs, requestWith(6000).params);
    ASSERT_NE(task.mesh(), nullptr);
    EXPECT_EQ(task.mesh()->triangles, expected.triangles);
    EXPECT_EQ(task.mesh()->vertices, expected.vertices);
    EXPECT_EQ(task.meshRequest(), requestWith(6000));
    EXPECT_EQ(task.mesh()->unit, "mm");
}

TEST(MeshTaskTest, ANewRequestSupersedesTheRunningBuild) {
    const DisplayedRun run = ellipsesRun();
    MeshTask task;
    task.setDebounceMilliseconds(0);
    std::atomic<int> started{0};
    std::atomic<int> cancelled{0};
    task.setBuildFunction([&](const processing::MeshInputs&, const processing::MeshParams& p,
                              const processing::CancelToken* cancel) {
        ++started;
        if (p.targetTriangles == 1111) {  // the slow one: waits until cancelled
            while (!cancel->cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
            ++cancelled;
            cancel->throwIfCancelled();
        }
        processing::TriangleMesh mesh = boxMesh(1, 1, 1);
        mesh.scalarName = std::to_string(p.targetTriangles);
        return mesh;
    });
    QSignalSpy ready(&task, &MeshTask::meshReady);
    QSignalSpy failed(&task, &MeshTask::buildFailed);
    task.setSource(run);
    task.setRequest(requestWith(1111));
    task.schedule();
    for (int i = 0; i < 1000 && started.load() == 0; ++i) QTest::qWait(10);
    ASSERT_EQ(started.load(), 1);
    task.setRequest(requestWith(2222));
    task.schedule();
    ASSERT_TRUE(waitForCount(ready, 1));
    QTest::qWait(50);
    EXPECT_EQ(ready.count(), 1);  // the superseded build delivers nothing
    EXPECT_EQ(failed.count(), 0);
    EXPECT_EQ(cancelled.load(), 1);
    EXPECT_EQ(task.mesh()->scalarName, "2222");
    EXPECT_EQ(task.meshRequest(), requestWith(2222));
}

TEST(MeshTaskTest, DebouncesScheduledBuildsIntoOne) {
    const DisplayedRun run = ellipsesRun();
    MeshTask task;
    task.setDebounceMilliseconds(100);
    std::atomic<int> builds{0};
    task.setBuildFunction([&](const processing::MeshInputs&, const processing::MeshParams&,
                              const processing::CancelToken*) {
        ++builds;
        return boxMesh(1, 1, 1);
    });
    QSignalSpy ready(&task, &MeshTask::meshReady);
    task.setSource(run);
    for (int target = 1000; target <= 5000; target += 1000) {
        task.setRequest(requestWith(target));
        task.schedule();
    }
    ASSERT_TRUE(waitForCount(ready, 1));
    QTest::qWait(150);
    EXPECT_EQ(builds.load(), 1);
    EXPECT_EQ(task.meshRequest().params.targetTriangles, 5000);
}

TEST(MeshTaskTest, ReportsWhyAMeshCannotBeBuilt) {
    DisplayedRun run = ellipsesRun();
    run.esf.reset();  // inflate needs the ESF
    MeshTask task;
    task.setDebounceMilliseconds(0);
    QSignalSpy ready(&task, &MeshTask::meshReady);
    QSignalSpy failed(&task, &MeshTask::buildFailed);
    task.setSource(run);
    task.setRequest(requestWith(5000, MeshMode::Inflate));
    task.schedule();
    ASSERT_TRUE(waitForCount(failed, 1));
    EXPECT_FALSE(failed.front().front().toString().isEmpty());
    EXPECT_EQ(ready.count(), 0);
    EXPECT_EQ(task.mesh(), nullptr);

    // Extrude needs no ESF.
    task.setRequest(requestWith(5000, MeshMode::Extrude));
    task.schedule();
    ASSERT_TRUE(waitForCount(ready, 1));
    ASSERT_NE(task.mesh(), nullptr);
    EXPECT_FALSE(task.mesh()->empty());
}

TEST(MeshTaskTest, WithoutAContourThereIsNothingToBuild) {
    DisplayedRun run = ellipsesRun();
    run.contour.reset();
    MeshTask task;
    task.setSource(run);
    EXPECT_FALSE(task.hasSource());
    task.schedule();
    EXPECT_FALSE(task.isBuilding());
}

}  // namespace
}  // namespace xrayprep::ui::test
