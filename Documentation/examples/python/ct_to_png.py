"""Read a CT series, close it, contour the bone, render the surface offscreen with VTK, save a PNG.

    python3 ct_to_png.py SERIES_DIR OUTPUT.png [--iso 300] [--radius-mm 2] [--cupy]

--cupy moves the CT to the GPU once (CuPy) and keeps it there: the closing and the contour run
on the device and only the finished mesh comes back, for VTK to draw."""
import argparse
import time

import cumed
from vtkmodules.vtkIOImage import vtkPNGWriter
from vtkmodules.vtkRenderingCore import (vtkActor, vtkPolyDataMapper, vtkRenderer,
                                         vtkRenderWindow, vtkWindowToImageFilter)
import vtkmodules.vtkRenderingOpenGL2  # noqa: F401  (registers the OpenGL renderer)


def render_png(polydata, path, size=(800, 800)):
    mapper = vtkPolyDataMapper()
    mapper.SetInputData(polydata)
    mapper.ScalarVisibilityOff()
    actor = vtkActor()
    actor.SetMapper(mapper)
    actor.GetProperty().SetColor(0.95, 0.92, 0.84)
    renderer = vtkRenderer()
    renderer.AddActor(actor)
    renderer.SetBackground(0.1, 0.1, 0.15)
    renderer.GetActiveCamera().Elevation(-70)  # look at the patient from the front
    renderer.ResetCamera()
    window = vtkRenderWindow()
    window.SetOffScreenRendering(1)
    window.AddRenderer(renderer)
    window.SetSize(*size)
    window.Render()
    grab = vtkWindowToImageFilter()
    grab.SetInput(window)
    writer = vtkPNGWriter()
    writer.SetFileName(path)
    writer.SetInputConnection(grab.GetOutputPort())
    writer.Write()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("series")
    parser.add_argument("output")
    parser.add_argument("--iso", type=float, default=300.0, help="HU of the surface")
    parser.add_argument("--radius-mm", type=float, default=2.0, help="closing ball radius")
    parser.add_argument("--cupy", action="store_true", help="compute on the GPU with CuPy")
    args = parser.parse_args()

    start = time.perf_counter()
    ct = cumed.io.read_dicom_series(args.series)  # a cumed.Volume: int16 HU [z, y, x] + geometry
    if args.cupy:
        import cupy

        ct.array = cupy.asarray(ct.array)  # the one host-to-device copy
    closed = cumed.morphology.closing(ct, radius_mm=args.radius_mm)  # same kind as ct
    mesh = cumed.surface.isosurface(closed, args.iso, normals=True)  # NumPy or CuPy arrays
    report = cumed.last_report()
    render_png(mesh.to_vtk(), args.output)  # CuPy arrays come to the host once, here
    print(f"{ct.array.shape} voxels -> {mesh.number_of_points} points, "
          f"{mesh.number_of_triangles} triangles on {report.backend} "
          f"in {time.perf_counter() - start:.2f} s -> {args.output}")


if __name__ == "__main__":
    main()
