#!/usr/bin/env python3
"""Checks an exported mesh with a second tool (VTK's Python bindings, Debian python3-vtk9):
it must load, have triangles, and be closed (no boundary or non-manifold edges).

Usage: scripts/check-mesh.py MESH.(stl|ply|obj|vtp) [--bounds XMIN XMAX YMIN YMAX ZMIN ZMAX]
Exit status: 0 closed mesh, 1 not closed or unreadable, 77 VTK for Python is not installed
(the test that runs this script skips then).
"""
import sys

try:
    import vtk
except ImportError:
    print("check-mesh: the Python module vtk is not installed (apt install python3-vtk9)")
    sys.exit(77)


def reader_for(path):
    lower = path.lower()
    if lower.endswith(".stl"):
        return vtk.vtkSTLReader()
    if lower.endswith(".ply"):
        return vtk.vtkPLYReader()
    if lower.endswith(".obj"):
        return vtk.vtkOBJReader()
    if lower.endswith(".vtp"):
        return vtk.vtkXMLPolyDataReader()
    raise SystemExit("check-mesh: unknown mesh format: " + path)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    path = argv[1]
    reader = reader_for(path)
    reader.SetFileName(path)
    reader.Update()
    mesh = reader.GetOutput()
    triangles = mesh.GetNumberOfPolys()
    if triangles == 0:
        print("check-mesh: %s: no triangles" % path)
        return 1
    edges = vtk.vtkFeatureEdges()
    edges.SetInputData(mesh)
    edges.BoundaryEdgesOn()
    edges.NonManifoldEdgesOn()
    edges.FeatureEdgesOff()
    edges.ManifoldEdgesOff()
    edges.Update()
    open_edges = edges.GetOutput().GetNumberOfLines()
    bounds = mesh.GetBounds()
    print("check-mesh: %s: %d points, %d triangles, %d open edges, bounds %s"
          % (path, mesh.GetNumberOfPoints(), triangles, open_edges,
             " ".join("%.3f" % b for b in bounds)))
    if open_edges != 0:
        return 1
    if len(argv) >= 9 and argv[2] == "--bounds":
        expected = [float(v) for v in argv[3:9]]
        if any(abs(a - b) > 1e-3 for a, b in zip(bounds, expected)):
            print("check-mesh: bounds differ from the expected %s" % expected)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
