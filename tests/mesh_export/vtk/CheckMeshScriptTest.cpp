// The documented second-tool check: scripts/check-mesh.py (VTK for Python) opens an exported
// STL as a closed mesh. Skips when python3 or its vtk module is absent.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "../MeshTestSupport.h"
#include "mesh_export/MeshFileWriter.h"
#include "tests/support/TempDir.h"

namespace xrayprep::mesh_export {
namespace {

#if defined(XRAYPREP_PYTHON) && defined(XRAYPREP_CHECK_MESH_SCRIPT)
int runScript(const std::string& args) {
    const std::string command = std::string(XRAYPREP_PYTHON) + " " + XRAYPREP_CHECK_MESH_SCRIPT +
                                " " + args + " > /dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(CheckMeshScript, SecondToolSeesTheExportedStlAsClosed) {
    test_support::TempDir dir;
    writeMesh(dir / "box.stl", test::box({10, 20, 30}, {2, 3, 4}), MeshFormat::Stl);
    auto open = test::box();
    open.triangles.pop_back();
    writeMesh(dir / "open.stl", open, MeshFormat::Stl);
    const int closed = runScript((dir / "box.stl").string() + " --bounds 10 12 20 23 30 34");
    if (closed == 77) GTEST_SKIP() << "python3-vtk9 is not installed";
    EXPECT_EQ(closed, 0);
    EXPECT_EQ(runScript((dir / "open.stl").string()), 1);
}
#else
TEST(CheckMeshScript, SecondToolSeesTheExportedStlAsClosed) {
    GTEST_SKIP() << "python3 not found at configure time";
}
#endif

}  // namespace
}  // namespace xrayprep::mesh_export
