"""The Python package against what a Python user would otherwise call, on the same CT, in one run:
SciPy's ndimage (CPU) and CuPy's cupyx.scipy.ndimage (GPU) for a grayscale dilation, VTK's
vtkFlyingEdges3D and scikit-image's marching_cubes for an isosurface, and the cost of a call
through the binding. Every row is host in / host out except the CuPy rows (device in / device
out, the upload of the CT not counted: it happens once per pipeline). References that are not
installed are left out of the table.

    /usr/bin/python3 benchmark_python.py [--series DIR] [--repeats 5]
"""
import argparse
import statistics
import time

import numpy as np

import cumed


def best_of(repeats, call, synchronize=None):
    """Median wall time of `repeats` calls after one warm-up call."""
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        if synchronize:
            synchronize()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def ball_footprint(radius):
    """The voxels of itk::FlatStructuringElement<3>::Ball(radius): |offset| < radius + 1/2."""
    z, y, x = np.ogrid[-radius:radius + 1, -radius:radius + 1, -radius:radius + 1]
    return (x * x + y * y + z * z) < (radius + 0.5) ** 2


def optional(name):
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        return None


def load_ct(series):
    if series:
        return cumed.io.read_dicom_series(series).array
    # A CT-like volume when no series is given: a cylinder of soft tissue with bone rods.
    z, y, x = np.mgrid[0:128, 0:256, 0:256]
    volume = np.where((x - 128) ** 2 + (y - 128) ** 2 < 110 ** 2, 40, -1000).astype(np.int16)
    volume[((x - 128) % 40 < 8) & ((y - 100) % 50 < 8)] = 700
    return volume


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", help="a DICOM CT series (default: a generated volume)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--radius", type=int, default=2, help="dilation ball radius (voxels)")
    parser.add_argument("--iso", type=float, default=300.0)
    args = parser.parse_args()

    ct = load_ct(args.series)
    ct_float = ct.astype(np.float32)
    cuda = cumed.cuda_available()
    cupy = optional("cupy") if cuda else None
    ndimage = optional("scipy.ndimage")
    cupy_ndimage = optional("cupyx.scipy.ndimage") if cupy else None
    measure = optional("skimage.measure")
    print(f"CT {ct.shape} int16, {cumed.describe_devices()}")
    rows = []

    # Grayscale dilation with a ball of radius r (SciPy reads the footprint as ITK does).
    radius, footprint = args.radius, ball_footprint(args.radius)
    expected = cumed.morphology.dilate(ct, radius, backend="cpu")
    task = f"dilate ball r={radius}"
    rows.append((task, "cumed cpu (numpy)", best_of(args.repeats, lambda: cumed.morphology.dilate(
        ct, radius, backend="cpu"))))
    if cuda:
        rows.append((task, "cumed cuda (numpy in/out)", best_of(
            args.repeats, lambda: cumed.morphology.dilate(ct, radius, backend="cuda"))))
    if cupy:
        device_ct = cupy.asarray(ct)
        out = cumed.morphology.dilate(device_ct, radius)
        assert np.array_equal(cupy.asnumpy(out), expected)
        sync = cupy.cuda.Device().synchronize
        rows.append((task, "cumed cuda (cupy in/out)", best_of(
            args.repeats, lambda: cumed.morphology.dilate(device_ct, radius), sync)))
        if cupy_ndimage:
            device_footprint = cupy.asarray(footprint)
            reference = cupy_ndimage.grey_dilation(device_ct, footprint=device_footprint,
                                                   mode="constant", cval=-32768)
            assert np.array_equal(cupy.asnumpy(reference), expected), "cupyx differs"
            rows.append((task, "cupyx.scipy.ndimage (cupy)", best_of(
                args.repeats, lambda: cupy_ndimage.grey_dilation(
                    device_ct, footprint=device_footprint, mode="constant", cval=-32768), sync)))
    if ndimage:
        reference = ndimage.grey_dilation(ct, footprint=footprint, mode="constant", cval=-32768)
        assert np.array_equal(reference, expected), "scipy differs"
        rows.append((task, "scipy.ndimage", best_of(max(1, args.repeats // 2), lambda: (
            ndimage.grey_dilation(ct, footprint=footprint, mode="constant", cval=-32768)))))

    # Isosurface (welded triangles as vtkFlyingEdges3D makes them).
    task = f"isosurface {args.iso:g}"
    mesh = cumed.surface.isosurface(ct, args.iso, backend="cpu")
    rows.append((task, "cumed cpu (numpy)", best_of(args.repeats, lambda: cumed.surface.isosurface(
        ct, args.iso, backend="cpu"))))
    if cuda:
        rows.append((task, "cumed cuda (numpy in/out)", best_of(
            args.repeats, lambda: cumed.surface.isosurface(ct, args.iso, backend="cuda"))))
    if cupy:
        device_ct = cupy.asarray(ct)
        rows.append((task, "cumed cuda (cupy in/out)", best_of(
            args.repeats, lambda: cumed.surface.isosurface(device_ct, args.iso),
            cupy.cuda.Device().synchronize)))
    if optional("vtkmodules"):
        from vtkmodules.util import numpy_support
        from vtkmodules.vtkCommonDataModel import vtkImageData
        from vtkmodules.vtkFiltersCore import vtkFlyingEdges3D

        image = vtkImageData()
        image.SetDimensions(ct.shape[2], ct.shape[1], ct.shape[0])
        image.GetPointData().SetScalars(numpy_support.numpy_to_vtk(ct.ravel(), deep=True))

        def flying_edges():
            contour = vtkFlyingEdges3D()
            contour.SetInputData(image)
            contour.SetValue(0, args.iso)
            contour.ComputeNormalsOff()
            contour.Update()
            return contour.GetOutput()

        assert flying_edges().GetNumberOfPoints() == mesh.number_of_points
        rows.append((task, "vtkFlyingEdges3D (python)", best_of(args.repeats, flying_edges)))
    if measure:
        rows.append((task, "skimage marching_cubes", best_of(
            max(1, args.repeats // 2), lambda: measure.marching_cubes(ct_float, args.iso))))

    # What a call through the binding costs: a 16^3 dilation, wall time against CuMed's own.
    tiny = ct[:16, :16, :16].copy()
    walls, insides = [], []
    for _ in range(200):
        report = cumed.Report()
        start = time.perf_counter()
        cumed.morphology.dilate(tiny, 1, backend="cpu", report=report)
        walls.append(time.perf_counter() - start)
        insides.append(report.seconds)
    overhead = statistics.median(walls) - statistics.median(insides)

    print("\n| task | implementation | seconds | time / cumed cpu's |")
    print("|---|---|---:|---:|")
    baseline = {}
    for task, name, seconds in rows:
        baseline.setdefault(task, seconds)
        print(f"| {task} | {name} | {seconds:.4f} | {seconds / baseline[task]:.2f} |")
    print(f"\nbinding overhead per call (16^3 dilation, median of 200): {overhead * 1e6:.1f} us "
          f"(wall {statistics.median(walls) * 1e6:.1f} us, inside CuMed "
          f"{statistics.median(insides) * 1e6:.1f} us)")


if __name__ == "__main__":
    main()
