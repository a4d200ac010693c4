#!/usr/bin/env python3
"""Fuzz harness for CuMed's Python API (issue 25, "Hostile input").

Calls every public function and method of the ``cumed`` package with generated arguments for a
bounded time with a fixed seed, and checks each call against an oracle.

Usage::

    PYTHONPATH=<build>/python python3 fuzz_api.py --seconds 60 --seed 1
    PYTHONPATH=<build>/python python3 fuzz_api.py --replay 1:123      # one call, verbose
    PYTHONPATH=<build>/python python3 fuzz_api.py --list              # the targets

How arguments are chosen
------------------------
Call ``i`` of seed ``s`` is generated from ``numpy.random.default_rng([s, i])`` alone, so any call
can be replayed without running the ones before it. A call picks a target (a public function,
a class constructor or a method of an object made by a valid call) and first builds a *valid*
call for it (small images, blobs that reach the iso values, lattices around meshes, particle
frames, valid keywords from the signatures: spacing, origin, direction, radius, foreground,
backend, threads, progress, cancel, report, ...). Then, by mode:

- ``valid`` (15 %): the valid call as it is (deep code paths, output checks).
- ``perturb`` (60 %): one argument (or keyword, or an unknown keyword) replaced by a hostile
  value: NumPy arrays of every dtype (bool, int8..uint64, float16/32/64, complex, object),
  0-size / 1-element / 1D..4D shapes up to 24 per axis, non-contiguous (slices, transposes,
  reversed, Fortran order), with NaN/inf/denormal/huge values; scalars (0, -1, 2**31, 2**63,
  10**30, -0.0, nan, inf, 1e308, 5e-324, ...); strings (empty, NUL, long, paths to a missing
  file, a directory, a FIFO, empty/junk/truncated image files); None, lists/tuples of wrong
  lengths, dicts, callables (raising, returning junk), arbitrary objects. Half of the time the
  hostile value is "near" the valid one (same kind: a number at an edge, the array with a wrong
  dtype/shape/layout or with NaN).
- ``wild`` (25 %): every argument replaced with probability 1/2, plus random extra keywords.

The oracle (per call)
---------------------
Accepted outcomes: a return, or an exception that is a ``cumed.Error`` (so also
``cumed.InvalidArgument``, ``cumed.Cancelled``, ``cumed.CudaError``), a ``ValueError`` or a
``TypeError`` (e.g. Python's own "unexpected keyword argument"); also the exception raised by a
callback the harness passed in (``FuzzCallbackError``, it is the caller's) and the
``IndexError`` that ``Mesh.surface`` documents. Findings:

- ``exception``: any other exception (KeyError, IndexError, AttributeError, OverflowError,
  SystemError, a RuntimeError that is not a cumed.Error, MemoryError, ...);
- ``crash``: the child process died from a signal (the call that was running is reported,
  with the tail of its stderr);
- ``hang``: a call ran longer than ``--timeout`` seconds (20) and the child was killed;
- ``non-finite``: every number in the inputs was finite and the result holds NaN/inf;
- ``input-modified``: a NumPy array passed in was changed by the call;
- ``unnamed``: a ``perturb`` call was refused while the same call unperturbed returns, and the
  message names neither the argument (its keyword, its C++/camelCase spelling) nor its value.

Calls run in a child process, one child at a time; the parent restarts a child after a crash
or a hang and goes on with the next call. Each finding is printed with its replay handle
``SEED:INDEX`` and a one-line repr of the call; the exit status is 1 on any finding (2 when
the package cannot be imported; the pytest wrapper turns that into a skip).

``KNOWN_FINDINGS`` below filters findings already reported and still open, so that a frequent
one does not hide the others; it must be empty once the package is fixed.
"""
import argparse
import dataclasses
import inspect
import json
import math
import numbers
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

import numpy as np

# (kind, target, substring of the detail or of the call's repr) of findings already reported and
# still open; each entry names the report it belongs to. Empty when the package is fixed.
KNOWN_FINDINGS = [
]

MODES = (("valid", 0.15), ("perturb", 0.60), ("wild", 0.25))
MAX_AXIS = 24


class FuzzCallbackError(Exception):
    """Raised by the callbacks the harness passes in; it belongs to the caller, so it may
    propagate out of a call."""


# ----------------------------------------------------------------------------------- fixtures
class Fixtures:
    """Files the path arguments point at, made once per child in a private directory."""

    def __init__(self, cumed):
        self.root = tempfile.mkdtemp(prefix="cumed-fuzz-")
        self.paths = {}
        r = self.root

        def put(name, data):
            path = os.path.join(r, name)
            with open(path, "wb") as f:
                f.write(data)
            self.paths[name] = path

        pixels = (np.arange(4 * 5 * 6, dtype=np.int16) * 7 - 100).tobytes()
        mha = ("ObjectType = Image\nNDims = 3\nBinaryData = True\nBinaryDataByteOrderMSB = False\n"
               "DimSize = 6 5 4\nElementSpacing = 1 1 2\nOffset = 0 0 0\n"
               "ElementType = MET_SHORT\nElementDataFile = LOCAL\n")
        put("valid.mha", mha.encode() + pixels)
        put("truncated.mha", mha.encode() + pixels[:17])
        put("huge.mha", mha.replace("DimSize = 6 5 4", "DimSize = 100000 100000 100000").encode()
            + pixels)
        put("nan_spacing.mha", mha.replace("ElementSpacing = 1 1 2",
                                           "ElementSpacing = nan 1 inf").encode() + pixels)
        put("zero_dims.mha", mha.replace("NDims = 3", "NDims = 0").encode() + pixels)
        put("float_big.mha", mha.replace("MET_SHORT", "MET_FLOAT").encode()
            + np.full(120, 3e38, np.float32).tobytes())
        nrrd = ("NRRD0004\ntype: short\ndimension: 3\nsizes: 6 5 4\nencoding: raw\n"
                "endian: little\nspace: left-posterior-superior\n"
                "space directions: (1,0,0) (0,1,0) (0,0,1)\nspace origin: (0,0,0)\n\n")
        put("valid.nrrd", nrrd.encode() + pixels)
        put("truncated.nrrd", nrrd.encode() + pixels[:5])
        put("empty.nii", b"")
        put("junk.nii.gz", bytes(range(256)) * 3)
        put("junk.dcm", b"\0" * 128 + b"DICM" + b"\xff" * 64)
        put("notes.txt", b"hello\n")
        os.mkdir(os.path.join(r, "dir.mha"))
        self.paths["dir.mha"] = os.path.join(r, "dir.mha")
        os.mkdir(os.path.join(r, "emptydir"))
        self.paths["emptydir"] = os.path.join(r, "emptydir")
        fifo = os.path.join(r, "fifo.mha")
        os.mkfifo(fifo)
        self.paths["fifo.mha"] = fifo
        fifo2 = os.path.join(r, "fifo.nrrd")
        os.mkfifo(fifo2)
        self.paths["fifo.nrrd"] = fifo2
        self.paths["missing.mha"] = os.path.join(r, "missing.mha")
        self.paths["missing_dir/"] = os.path.join(r, "no", "such", "dir")
        dicom = os.path.join(r, "dicom")
        try:
            z, y, x = np.mgrid[0:6, 0:12, 0:12]
            hu = np.where((z - 3) ** 2 + (y - 6) ** 2 + (x - 6) ** 2 < 12, 1000, -1000)
            cumed.io.write_dicom_series(hu.astype(np.int16), dicom, spacing=(1.0, 1.0, 2.0))
            self.paths["dicom/"] = dicom
            seg = os.path.join(r, "mask.seg.dcm")
            cumed.io.write_dicom_seg((hu > 0).astype(np.uint8), dicom, seg)
            self.paths["mask.seg.dcm"] = seg
        except Exception:  # noqa: BLE001 - the fixture is optional
            pass
        self.out = os.path.join(r, "out")
        os.mkdir(self.out)
        # The working directory of the calls: relative path strings ("x", "../../etc/passwd")
        # given as output directories land here, inside the private directory, never in the
        # checkout the harness was started from.
        self.cwd = os.path.join(r, "cwd", "a", "b", "c")
        os.makedirs(self.cwd)
        sys.path[:] = [os.path.abspath(entry) if entry else entry for entry in sys.path]
        os.chdir(self.cwd)
        self.counter = 0

    def fresh_output(self):
        self.counter += 1
        return os.path.join(self.out, f"series{self.counter}")

    def clean_outputs(self):
        for name in os.listdir(self.out):
            shutil.rmtree(os.path.join(self.out, name), ignore_errors=True)
        top = os.path.join(self.root, "cwd")
        if os.listdir(top) != ["a"] or os.listdir(os.path.join(top, "a")) != ["b"] or \
                os.listdir(os.path.join(top, "a", "b")) != ["c"] or os.listdir(self.cwd):
            os.chdir(self.root)
            shutil.rmtree(top, ignore_errors=True)
            os.makedirs(self.cwd)
            os.chdir(self.cwd)

    def close(self):
        os.chdir(tempfile.gettempdir())
        shutil.rmtree(self.root, ignore_errors=True)


class Path(str):
    """A path argument: a str that prints by its fixture name (paths differ between runs)."""

    def __new__(cls, value, label):
        obj = super().__new__(cls, value)
        obj.label = label
        return obj


# ---------------------------------------------------------------------------- value generators
DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float16", "float32", "float64", "complex64", "complex128", "object"]
SCALARS = [0, -1, 1, 2, 3, 7, 2 ** 31, 2 ** 31 - 1, 2 ** 63, -2 ** 63, 2 ** 64, 10 ** 30,
           -0.0, 0.5, -2.5, float("nan"), float("inf"), float("-inf"), 1e308, -1e308, 5e-324,
           1e-300, 1e30, 3.4e38, True, False, np.float32("nan"), np.int64(5), np.uint64(2 ** 64 - 1),
           np.float64(1e-310), np.int8(-128), 1j]
STRINGS = ["", "x", "ball", "box", "cross", "cpu", "cuda", "auto", "none", "\x00", "é\u2603",
           "a" * 5000, "dilate", "lncc", "vtk", "arrays", "twist", "../../etc/passwd"]


def special_values(dtype):
    if dtype.kind == "f":
        info = np.finfo(dtype)
        return [np.nan, np.inf, -np.inf, info.tiny / 4 if dtype != np.float16 else 1e-7,
                info.max, -info.max, -0.0]
    if dtype.kind == "c":
        return [complex(np.nan, 0), complex(0, np.inf), 1e300j]
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return [info.min, info.max]
    return []


class Gen:
    """The random choices of one call (seeded by (seed, index))."""

    def __init__(self, rng, fixtures, cumed):
        self.rng = rng
        self.fx = fixtures
        self.cumed = cumed

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    def int(self, lo, hi):
        return int(self.rng.integers(lo, hi + 1))

    def float(self, lo, hi):
        return float(self.rng.uniform(lo, hi))

    # --- hostile arrays
    def shape(self):
        kind = self.int(0, 9)
        if kind == 0:
            return ()
        if kind == 1:
            return tuple(self.pick([0, 1, 3]) for _ in range(self.int(1, 4)))
        if kind == 2:
            return (1,) * self.int(1, 4)
        ndim = self.pick([1, 2, 3, 3, 3, 4])
        return tuple(self.int(1, MAX_AXIS) for _ in range(ndim))

    def fill(self, shape, dtype):
        dtype = np.dtype(dtype)
        size = int(np.prod(shape)) if shape else 1
        how = self.int(0, 5)
        if dtype.kind == "O":
            pool = [None, 1, "a", 1.5, [], object()]
            a = np.empty(shape, dtype=object)
            flat = a.reshape(-1) if size else a
            for i in range(size):
                flat[i] = self.pick(pool)
            return a
        if how == 0:
            a = np.zeros(shape, dtype)
        elif how == 1:
            a = np.ones(shape, dtype)
        elif dtype.kind == "b":
            a = self.rng.random(shape) < 0.5
        elif dtype.kind in "iu":
            info = np.iinfo(dtype)
            lo, hi = (info.min, info.max) if how == 2 else (max(info.min, -50), min(info.max, 50))
            a = self.rng.integers(lo, hi, size=shape, dtype=dtype, endpoint=True)
        else:
            scale = self.pick([1.0, 1000.0, 1e-40, 1e30])
            a = (self.rng.standard_normal(shape) * scale).astype(dtype)
            if dtype.kind == "c":
                a = a + 1j * a
        a = np.asarray(a, dtype=dtype)
        if how >= 4 and size:
            specials = special_values(dtype)
            if specials:
                flat = a.reshape(-1)
                for _ in range(self.int(1, 3)):
                    flat[self.int(0, size - 1)] = self.pick(specials)
        return a

    def layout(self, a):
        """Non-contiguous views of `a` (same shape where possible)."""
        kind = self.int(0, 5)
        if a.ndim == 0 or kind <= 1:
            return a
        if kind == 2:
            return a.T
        if kind == 3:
            big = np.repeat(a, 2, axis=-1)
            return big[..., ::2]
        if kind == 4:
            return a[::-1]
        return np.asfortranarray(a)

    def array(self):
        dtype = self.pick(DTYPES)
        return self.layout(self.fill(self.shape(), dtype))

    def near_array(self, valid):
        """`valid` changed in one respect: dtype, shape, layout or NaN/inf/huge values."""
        a = np.asarray(valid)
        what = self.int(0, 5)
        if what == 0:
            return self.fill(a.shape, self.pick(DTYPES))
        if what == 1:
            shape = list(a.shape)
            if shape and self.chance(0.5):
                shape[self.int(0, len(shape) - 1)] = self.pick([0, 1, 2, MAX_AXIS])
            elif self.chance(0.5):
                shape = shape + [self.pick([1, 3])]
            else:
                shape = shape[1:]
            return self.fill(tuple(shape), a.dtype if a.dtype.kind != "O" else "float32")
        if what == 2:
            return self.layout(a.copy())
        if what == 3 and a.size:
            b = a.astype(np.float32 if a.dtype.kind not in "fc" else a.dtype)
            flat = b.reshape(-1)
            flat[self.int(0, b.size - 1)] = self.pick([np.nan, np.inf, -np.inf])
            return b
        if what == 4 and a.size:
            b = a.copy()
            if b.dtype.kind in "fc":
                b.reshape(-1)[self.int(0, b.size - 1)] = self.pick(special_values(b.dtype))
            elif b.dtype.kind in "iu":
                b.reshape(-1)[self.int(0, b.size - 1)] = self.pick(special_values(b.dtype))
            return b
        return self.array()

    def path(self):
        name = self.pick(sorted(self.fx.paths))
        return Path(self.fx.paths[name], name)

    def callable(self):
        kind = self.int(0, 4)
        if kind == 0:
            def raising(*args, **kwargs):
                raise FuzzCallbackError("raised by the fuzz callback")
            return raising
        if kind == 1:
            return lambda *args, **kwargs: "yes"
        if kind == 2:
            return lambda *args, **kwargs: True
        if kind == 3:
            return lambda *args, **kwargs: None
        return print  # a builtin that takes anything

    def wild(self):
        kind = self.int(0, 13)
        if kind <= 3:
            return self.array()
        if kind <= 6:
            return self.pick(SCALARS)
        if kind == 7:
            return self.pick(STRINGS)
        if kind == 8:
            return self.path()
        if kind == 9:
            return None
        if kind == 10:
            return self.pick([tuple, list])(self.pick(SCALARS) for _ in range(self.int(0, 5)))
        if kind == 11:
            return self.pick([{}, {"a": 1}, {"spacing": (1, 1, 1)}, set(), b"bytes", object(),
                              slice(1, 2), Ellipsis, [[1, 2], [3]], ((1, 0, 0), (0, 1, 0))])
        if kind == 12:
            return self.callable()
        return self.cumed.Volume(self.array(), self.pick([(1, 1, 1), (0, 1, 1), (np.nan, 1, 1)]))

    def near(self, valid):
        """A hostile value of the valid value's kind."""
        if isinstance(valid, np.ndarray):
            return self.near_array(valid)
        if isinstance(valid, bool):
            return self.pick([None, 2, "yes", np.bool_(True), float("nan")])
        if isinstance(valid, numbers.Number):
            return self.pick(SCALARS + [str(valid), None, [valid], -valid if valid else -1])
        if isinstance(valid, Path) and self.chance(0.7):
            return self.path()
        if isinstance(valid, str):
            return self.pick(STRINGS + [valid.upper(), valid + " ", None, 1])
        if isinstance(valid, (tuple, list)):
            n = len(valid)
            what = self.int(0, 3)
            if what == 0:
                return type(valid)(self.pick(SCALARS) for _ in range(self.pick([0, 1, 2, n + 1])))
            if what == 1 and n:
                out = list(valid)
                out[self.int(0, n - 1)] = self.pick([float("nan"), float("inf"), 1e308, -1, 0,
                                                     "x", None, 2 ** 63])
                return type(valid)(out)
            if what == 2:
                return np.asarray(valid, dtype=object) if n else np.zeros(0)
            return self.pick([None, 1.0, "1,2,3", {}])
        if callable(valid):
            return self.callable()
        return self.wild()


# --------------------------------------------------------------------------------- valid inputs
def blob(g, shape, dtype):
    """A smooth blob in the middle of `shape` plus a little noise: contours exist at mid values."""
    grids = np.meshgrid(*[np.linspace(-1, 1, n) for n in shape], indexing="ij")
    r2 = sum(v * v for v in grids)
    base = np.exp(-2.0 * r2) + 0.05 * g.rng.standard_normal(shape)
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return (base * 1000.0).astype(dtype)
    if dtype == np.uint8:
        return np.clip(base * 200, 0, 255).astype(dtype)
    if dtype == np.uint16:
        return np.clip(base * 3000, 0, 65535).astype(dtype)
    if dtype == np.bool_:
        return base > 0.5
    return np.clip(base * 2000 - 1000, -32768, 32767).astype(dtype)


def image3d(g, dtypes=("uint8", "int16", "uint16", "float32"), lo=3, hi=12):
    shape = tuple(g.int(lo, hi) for _ in range(3))
    return blob(g, shape, g.pick(list(dtypes)))


def geometry_keywords(g, prefix=""):
    out = {}
    if g.chance(0.5):
        out[prefix + "spacing"] = tuple(g.float(0.3, 2.5) for _ in range(3))
    if g.chance(0.4):
        out[prefix + "origin"] = tuple(g.float(-200, 200) for _ in range(3))
    if g.chance(0.3):
        perm = g.rng.permutation(3)
        m = np.eye(3)[perm] * g.pick([1, -1])
        out[prefix + "direction"] = tuple(tuple(float(v) for v in row) for row in m)
    return out


def execution_keywords(g):
    out = {}
    if g.chance(0.3):
        out["backend"] = g.pick(["auto", "cpu"])
    if g.chance(0.3):
        out["threads"] = g.pick([0, 1, 2])
    if g.chance(0.2):
        out["progress"] = lambda fraction: None
    if g.chance(0.2):
        out["cancel"] = lambda: False
    if g.chance(0.2):
        out["report"] = g.cumed.Report()
    return out


def maybe_volume(g, image, keywords, prefix=""):
    """Sometimes wraps the image in a cumed.Volume carrying the geometry keywords."""
    names = [prefix + n for n in ("spacing", "origin", "direction")]
    if g.chance(0.25):
        geometry = {n[len(prefix):]: keywords.pop(n) for n in names if n in keywords}
        return g.cumed.Volume(image, **geometry)
    return image


def particles(g, shape):
    frame = np.zeros(shape, np.float32)
    for _ in range(shape[0] * shape[1] // 6):
        y, x = g.int(0, shape[0] - 1), g.int(0, shape[1] - 1)
        frame[y, x] = g.float(100, 255)
    return frame


# ----------------------------------------------------------------------------------- the calls
class Call:
    """One call: `func(*positional values, **keywords)` with names for the positionals."""

    def __init__(self, target, func, positional=(), keywords=None, extra_accepted=()):
        self.target = target
        self.func = func
        self.positional = list(positional)  # [(name, value)]
        self.keywords = dict(keywords or {})
        self.extra_accepted = tuple(extra_accepted)
        self.mode = "valid"
        self.perturbed = None  # the name of the argument a perturb call changed

    def copy(self):
        c = Call(self.target, self.func, self.positional, self.keywords, self.extra_accepted)
        c.mode, c.perturbed = self.mode, self.perturbed
        return c

    def run(self):
        return self.func(*[v for _, v in self.positional], **self.keywords)

    def describe(self):
        parts = [f"{n}={summary(v)}" for n, v in self.positional]
        parts += [f"{k}={summary(v)}" for k, v in self.keywords.items()]
        tag = self.mode + (f"[{self.perturbed}]" if self.perturbed else "")
        return f"{self.target}({', '.join(parts)}) <{tag}>"


def summary(value, depth=0):
    if isinstance(value, Path):
        return f"path<{value.label}>"
    if isinstance(value, np.ndarray):
        layout = "C" if value.flags.c_contiguous else ("F" if value.flags.f_contiguous else "strided")
        note = ""
        if value.dtype.kind in "fc" and value.size:
            finite = np.isfinite(value)
            if not finite.all():
                note = ",nonfinite"
            elif value.dtype.kind == "f" and np.abs(value).max() > 1e30:
                note = ",huge"
        return f"ndarray({value.dtype},{value.shape},{layout}{note})"
    if depth > 2:
        return "..."
    if isinstance(value, (list, tuple)):
        inner = ", ".join(summary(v, depth + 1) for v in value[:6])
        more = ", ..." if len(value) > 6 else ""
        return ("[%s%s]" if isinstance(value, list) else "(%s%s)") % (inner, more)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {summary(v, depth + 1)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ", ".join(f"{f.name}={summary(getattr(value, f.name), depth + 1)}"
                           for f in dataclasses.fields(value) if not f.name.startswith("_"))
        return f"{type(value).__name__}({fields})"
    if callable(value) and not isinstance(value, type):
        name = getattr(value, "__name__", type(value).__name__)
        return f"<callable {name}>"
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:20] + f"...({len(value)} chars)")
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fixed_lattice(g, points):
    lo, hi = points.min(axis=0), points.max(axis=0)
    ext = np.maximum(hi - lo, 1e-3) * 1.1
    dims = tuple(g.int(2, 4) for _ in range(3))
    origin = tuple(float(v) for v in lo - 0.05 * ext)
    return g.cumed.deform.Lattice(dims, origin, (float(ext[0]), 0.0, 0.0), (0.0, float(ext[1]), 0.0),
                                  (0.0, 0.0, float(ext[2])))


def mesh_arrays(g):
    n = g.int(3, 20)
    points = (g.rng.standard_normal((n, 3)) * g.float(0.5, 50)).astype(np.float32)
    m = g.int(1, 20)
    triangles = g.rng.integers(0, n, size=(m, 3)).astype(g.pick(["int64", "int32", "uint16"]))
    return points, triangles


def builders(cumed):
    """target name -> function(g) returning a valid Call (objects needed by methods are made
    by valid calls inside the builder)."""
    if os.environ.get("CUMED_FUZZ_SELFTEST"):
        return selftest_builders()
    m, s, r, p, d, io = (cumed.morphology, cumed.surface, cumed.registration, cumed.piv,
                         cumed.deform, cumed.io)
    table = {}

    def morph(name, binary):
        func = getattr(m, name)

        def build(g):
            image = image3d(g, ("uint8", "int16", "uint16", "float32") if not binary
                            else ("uint8", "int16", "uint16"))
            kw = geometry_keywords(g)
            kw.update(execution_keywords(g))
            if g.chance(0.5):
                kw["element"] = g.pick(["ball", "box", "cross"])
            if g.chance(0.2) and kw.get("element", "ball") == "ball":
                kw["radius_mm"] = g.float(0.5, 3.0)
            if binary:
                image = (image > np.median(image)).astype(image.dtype) * g.pick([1, 5])
                kw["foreground"] = int(image.max()) if image.max() else 1
                if g.chance(0.3):
                    kw["background"] = 0
                if g.chance(0.3):
                    kw["boundary_to_foreground"] = g.pick([True, False])
            elif g.chance(0.3):
                kw["boundary"] = g.pick([0, 10] + ([-5] if image.dtype.kind in "if" else []))
            if g.chance(0.3):
                kw["safe_border"] = g.pick([True, False])
            image = maybe_volume(g, image, kw)
            radius = g.pick([0, 1, 2, (1, 0, 2)])
            pos = [("image", image)]
            if name in ("grayscale", "binary"):
                ops = m.BINARY_OPERATIONS if binary else m.GRAYSCALE_OPERATIONS
                pos.append(("operation", g.pick(list(ops))))
            if g.chance(0.3):
                # footprint= instead of radius/element/radius_mm: any 0/1 or bool mask of the
                # image's dimensions, odd or even sizes
                kw.pop("element", None)
                kw.pop("radius_mm", None)
                shape = tuple(g.int(1, 4) for _ in range(3))
                footprint = g.rng.random(shape) > 0.4
                footprint.flat[0] = True
                kw["footprint"] = footprint if g.chance(0.5) else footprint.astype(np.uint8)
            else:
                pos.append(("radius", radius))
            return Call(f"morphology.{name}", func, pos, kw)
        table[f"morphology.{name}"] = build

    for name in ("grayscale", "dilate", "erode", "opening", "closing", "white_top_hat",
                 "black_top_hat", "gradient"):
        morph(name, False)
    for name in ("binary", "binary_dilate", "binary_erode", "binary_opening", "binary_closing"):
        morph(name, True)

    def footprint_maker(name, low, high):
        func = getattr(m, name)

        def build(g):
            kw = {}
            if g.chance(0.3):
                kw["dtype"] = g.pick([np.uint8, bool])
            first = "width" if name in ("cube", "square") else "radius"
            return Call(f"morphology.{name}", func, [(first, g.int(low, high))], kw)
        table[f"morphology.{name}"] = build

    for name in ("ball", "disk", "octahedron", "diamond"):
        footprint_maker(name, 0, 6)
    for name in ("cube", "square"):
        footprint_maker(name, 1, 6)

    def surface_call(name):
        func = getattr(s, name)

        def build(g):
            image = image3d(g, lo=2)
            kw = geometry_keywords(g)
            kw.update(execution_keywords(g))
            mid = float(image.min() + (image.max() - image.min()) * g.float(0.3, 0.8))
            if name == "label_surfaces":
                labels = (image > mid).astype(g.pick(["uint8", "int16", "uint16"])) * g.pick([1, 3])
                if g.chance(0.3):
                    labels[0] = 2
                first = ("labels", maybe_volume(g, labels, kw))
                pos = [first]
                if g.chance(0.5):
                    pos.append(("labels_list", [int(v) for v in np.unique(labels) if v]))
            else:
                values = mid if g.chance(0.6) else [mid, float(image.max())]
                pos = [("image", maybe_volume(g, image, kw)), ("values", values)]
            if g.chance(0.4):
                kw["normals"] = g.pick([True, False])
            if g.chance(0.4):
                kw["scalars"] = g.pick([True, False])
            if g.chance(0.2):
                kw["output"] = "arrays"
            if g.chance(0.2):
                kw["slabs"] = g.pick([0, 1, 2])
            if g.chance(0.1):
                kw["devices"] = 1
            return Call(f"surface.{name}", func, pos, kw)
        table[f"surface.{name}"] = build

    for name in ("isosurface", "closed_surface", "label_surfaces"):
        surface_call(name)

    def ct_surface_build(g, func, target):
        kw = execution_keywords(g)
        if g.chance(0.3) and "dicom/" in g.fx.paths:
            source = Path(g.fx.paths["dicom/"], "dicom/")
        else:
            shape = tuple(g.int(3, 12) for _ in range(3))
            source = blob(g, shape, "int16")
            kw.update(geometry_keywords(g))
            source = maybe_volume(g, source, kw)
        kw["iso"] = g.pick([0.0, 100.0, 300.0])
        kw["radius_mm"] = g.pick([0.0, 1.0, 2.0])
        return Call(target, func, [("source", source)], kw)
    table["surface.ct_surface"] = lambda g: ct_surface_build(g, s.ct_surface, "surface.ct_surface")
    table["ct_surface"] = lambda g: ct_surface_build(g, cumed.ct_surface, "ct_surface")

    def mesh_method(method):
        def build(g):
            image = image3d(g, lo=3)
            mid = float(image.min() + (image.max() - image.min()) * 0.5)
            mesh = s.isosurface(image, [mid, float(image.max()) * 0.9], normals=True, scalars=True)
            if method == "surface":
                return Call("Mesh.surface", mesh.surface, [("index", g.pick([0, 1, -1]))],
                            extra_accepted=(IndexError,))
            return Call("Mesh.to_vtk", mesh.to_vtk, [("scalars_name", g.pick(["HU", "scalars"]))])
        table[f"Mesh.{method}"] = build
    mesh_method("surface")
    mesh_method("to_vtk")

    # ---- registration
    def pair(g):
        two_d = g.chance(0.15)
        shape = tuple(g.int(6, 14) for _ in range(2 if two_d else 3))
        dtype = g.pick(["float32", "float32", "uint8", "int16", "uint16"])
        fixed = blob(g, shape, dtype)
        moving = np.roll(fixed, 1, axis=-1)
        return fixed, moving

    def register_build(g):
        fixed, moving = pair(g)
        kw = execution_keywords(g)
        kw["metric"] = g.pick(list(r.METRICS))
        kw["levels"] = g.int(1, 2)
        kw["iterations"] = g.int(1, 5)
        kw["grid_spacing_mm"] = g.float(3.0, 8.0)
        for name, lo, hi in (("bending", 0, 10), ("elasticity", 0, 1), ("log_jacobian", 0, 1),
                             ("lncc_sigma_mm", 1, 4), ("default_value", -10, 10),
                             ("tolerance", 1e-8, 1e-3)):
            if g.chance(0.2):
                kw[name] = g.float(lo, hi)
        if g.chance(0.2):
            kw["histogram_bins"] = g.int(8, 64)
        if g.chance(0.2):
            kw["affine"] = True
        if g.chance(0.1):
            kw["initial_affine"] = np.eye(4)
        if g.chance(0.2):
            kw["mask"] = (g.rng.random(fixed.shape) < 0.9).astype(g.pick(["uint8", "bool", "int32"]))
        if g.chance(0.1):
            kw["moving_mask"] = np.ones(moving.shape, np.uint8)
        if g.chance(0.3):
            kw["outputs"] = g.pick([("warped",), ("field", "jacobian"), "jacobian", ()])
        if g.chance(0.2):
            kw["on_iteration"] = lambda it: None
        if fixed.ndim == 3:
            kw.update(geometry_keywords(g, "fixed_"))
            if g.chance(0.7):  # the same grid (the images overlap), else a geometry of its own
                kw.update({"moving_" + k[len("fixed_"):]: v for k, v in kw.items()
                           if k.startswith("fixed_")})
            else:
                kw.update(geometry_keywords(g, "moving_"))
        elif g.chance(0.5):
            kw["fixed_spacing"] = (1.0, 1.5)
        return Call("registration.register", r.register,
                    [("fixed", maybe_volume(g, fixed, kw, "fixed_")),
                     ("moving", maybe_volume(g, moving, kw, "moving_"))], kw)
    table["registration.register"] = register_build

    def field(g):
        shape = tuple(g.int(2, 12) for _ in range(3))
        return (g.rng.standard_normal(shape + (3,)) * 0.5).astype(np.float32)

    def warp_build(g):
        f = field(g)
        moving = blob(g, tuple(g.int(2, 12) for _ in range(3)),
                      g.pick(["float32", "uint8", "int16", "uint16"]))
        kw = execution_keywords(g)
        kw.update(geometry_keywords(g))
        kw.update(geometry_keywords(g, "moving_"))
        if g.chance(0.3):
            kw["default_value"] = g.float(-5, 5)
        return Call("registration.warp", r.warp,
                    [("moving", maybe_volume(g, moving, kw, "moving_")), ("field", f)], kw)
    table["registration.warp"] = warp_build

    def jacobian_build(g):
        kw = execution_keywords(g)
        kw.update(geometry_keywords(g))
        f = field(g)
        return Call("registration.jacobian", r.jacobian, [("field", maybe_volume(g, f, kw))], kw)
    table["registration.jacobian"] = jacobian_build

    def jacobian_statistics_build(g):
        shape = tuple(g.int(1, 12) for _ in range(3))
        det = (1 + 0.3 * g.rng.standard_normal(shape)).astype(np.float32)
        kw = geometry_keywords(g)
        if g.chance(0.4):
            kw["mask"] = (g.rng.random(shape) < 0.7).astype(g.pick(["uint8", "bool", "float32"]))
        return Call("registration.jacobian_statistics", r.jacobian_statistics,
                    [("jacobian_determinant", det)], kw)
    table["registration.jacobian_statistics"] = jacobian_statistics_build

    def grid(g):
        size = tuple(g.int(4, 7) for _ in range(3))
        coefficients = g.rng.standard_normal((3,) + size[::-1]) * 0.5
        return r.BSplineGrid(coefficients, tuple(g.float(-10, -2) for _ in range(3)),
                             tuple(g.float(2, 5) for _ in range(3)), size,
                             ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)))

    def field_from_grid_build(g):
        kw = execution_keywords(g)
        kw.update(geometry_keywords(g))
        return Call("registration.field_from_grid", r.field_from_grid,
                    [("grid", grid(g)), ("shape", tuple(g.int(1, 12) for _ in range(3)))], kw)
    table["registration.field_from_grid"] = field_from_grid_build
    table["BSplineGrid.itk_parameters"] = lambda g: Call(
        "BSplineGrid.itk_parameters", grid(g).itk_parameters)
    table["BSplineGrid.itk_fixed_parameters"] = lambda g: Call(
        "BSplineGrid.itk_fixed_parameters", grid(g).itk_fixed_parameters)

    def grid_constructor(g):
        b = grid(g)
        return Call("registration.BSplineGrid", r.BSplineGrid,
                    [("coefficients", b.coefficients), ("origin", b.origin),
                     ("spacing", b.spacing), ("size", b.size), ("direction", b.direction)])
    table["registration.BSplineGrid"] = grid_constructor

    # ---- PIV
    def piv_keywords(g):
        kw = {}
        kw["window"] = g.pick([8, 16, (16, 8)])
        for name, choices in (("overlap", [0.0, 0.25, 0.5, 0.75]), ("search", [0, 2, 4]),
                              ("subpixel", list(p.SUBPIXEL_FITS)),
                              ("deformation", list(p.DEFORMATIONS)),
                              ("predictor_smoothing", [0, 1, 2]), ("remove_mean", [True, False]),
                              ("normalized", [True, False]), ("zero_padding", [True, False]),
                              ("pair_loss_correction", ["first", "all", "none", True]),
                              ("median_test", [True, False]), ("median_threshold", [1.0, 2.0]),
                              ("median_epsilon", [0.1, 0.5]), ("median_radius", [1, 2, 3]),
                              ("min_peak_ratio", [0.0, 1.2]), ("limits", [(-5, 5, -5, 5)]),
                              ("replacement", list(p.REPLACEMENTS)),
                              ("replacement_iterations", [1, 10])):
            if g.chance(0.2):
                kw[name] = g.pick(choices)
        return kw

    def frames(g):
        shape = (g.int(16, MAX_AXIS), g.int(16, MAX_AXIS))
        first = particles(g, shape)
        second = np.roll(first, (1, g.int(0, 2)), axis=(0, 1))
        dtype = g.pick(["float32", "uint8", "uint16", "int16"])
        return first.astype(dtype), second.astype(dtype)

    def piv_build(g):
        first, second = frames(g)
        kw = piv_keywords(g)
        kw.update(execution_keywords(g))
        if g.chance(0.2):
            mask = np.zeros(first.shape, g.pick(["uint8", "bool", "float32"]))
            mask[: first.shape[0] // 3] = 1
            kw["mask"] = mask
        return Call("piv.piv", p.piv, [("first", first), ("second", second)], kw)
    table["piv.piv"] = piv_build

    def ensemble_build(g):
        first, second = frames(g)
        pairs = [(first, second)] + [(np.roll(first, k, axis=1), np.roll(second, k, axis=1))
                                     for k in range(g.int(0, 2))]
        kw = piv_keywords(g)
        kw.update(execution_keywords(g))
        return Call("piv.ensemble", p.ensemble, [("pairs", pairs)], kw)
    table["piv.ensemble"] = ensemble_build

    def piv_result(g):
        first, second = frames(g)
        return p.piv(first, second, window=8, backend="cpu")

    def validate_build(g):
        kw = {k: v for k, v in piv_keywords(g).items()
              if k in ("median_test", "median_threshold", "median_epsilon", "median_radius",
                       "min_peak_ratio", "limits", "replacement", "replacement_iterations")}
        return Call("PivResult.validate", piv_result(g).validate, [], kw)
    table["PivResult.validate"] = validate_build

    def derived_build(g):
        return Call("PivResult.derived", piv_result(g).derived,
                    [("time_between_frames", g.pick([1.0, 0.01, 1e-3])),
                     ("pixel_size", g.pick([1.0, 0.05, 10.0]))])
    table["PivResult.derived"] = derived_build

    # ---- deformation
    def lattice_around_build(g):
        points, _ = mesh_arrays(g)
        kw = {}
        if g.chance(0.5):
            kw["dimensions"] = g.pick([2, 3, (2, 3, 4)])
        if g.chance(0.5):
            kw["margin"] = g.pick([0.0, 0.05, 0.5])
        return Call("deform.lattice_around", d.lattice_around, [("points", points)], kw)
    table["deform.lattice_around"] = lattice_around_build

    def animation_build(g):
        points, _ = mesh_arrays(g)
        lattice = fixed_lattice(g, points)
        kw = {}
        if g.chance(0.7):
            kw["name"] = g.pick(["twist", "bend", "squash", "breathe"])
        if g.chance(0.7):
            kw["frames"] = g.int(1, 12)
        if g.chance(0.5):
            kw["amplitude"] = g.float(-2, 2)
        return Call("deform.animation", d.animation, [("lattice", lattice)], kw)
    table["deform.animation"] = animation_build

    def deform_build(g):
        points, triangles = mesh_arrays(g)
        lattice = fixed_lattice(g, points)
        pos = [("points", points), ("triangles", triangles), ("lattice", lattice)]
        kw = execution_keywords(g)
        kw.pop("backend", None) if g.chance(0.5) else None
        what = g.int(0, 2)
        if what == 0:
            rest = lattice.rest_points()
            pos.append(("control_points", rest + g.rng.standard_normal(rest.shape) * 0.1))
        elif what == 1:
            kw["displacement"] = g.pick([np.array([0.5, 0.0, -0.2]),
                                         lambda rest: rest * 0.1])
        if g.chance(0.3):
            kw["normals"] = g.pick([True, False])
        if g.chance(0.3):
            kw["face_weighting"] = g.pick(["area", "unit"])
        if g.chance(0.2):
            kw["threads_per_block"] = g.pick([0, 32, 256])
        return Call("deform.deform", d.deform, pos, kw)
    table["deform.deform"] = deform_build

    def lattice_build(g):
        points, _ = mesh_arrays(g)
        lat = fixed_lattice(g, points)
        return Call("deform.Lattice", lambda *a, **k: d.Lattice(*a, **k).rest_points(),
                    [("dimensions", lat.dimensions), ("origin", lat.origin), ("s", lat.s),
                     ("t", lat.t), ("u", lat.u)])
    table["deform.Lattice"] = lattice_build
    table["Lattice.rest_points"] = lambda g: Call(
        "Lattice.rest_points", fixed_lattice(g, mesh_arrays(g)[0]).rest_points)

    def control_points_build(g):
        lat = fixed_lattice(g, mesh_arrays(g)[0])
        disp = g.pick([0.0, np.array([1.0, 0.0, 0.0]), lambda rest: rest * 0.1])
        return Call("Lattice.control_points", lat.control_points, [("displacement", disp)])
    table["Lattice.control_points"] = control_points_build

    def deformer_build(g):
        points, triangles = mesh_arrays(g)
        lattice = fixed_lattice(g, points)
        kw = {}
        for name, choices in (("normals", [True, False]), ("face_weighting", ["area", "unit"]),
                              ("threads_per_block", [0, 64]), ("backend", ["auto", "cpu"]),
                              ("threads", [0, 1, 2])):
            if g.chance(0.3):
                kw[name] = g.pick(choices)
        return Call("deform.MeshDeformer", d.MeshDeformer,
                    [("points", points), ("triangles", triangles), ("lattice", lattice)], kw)
    table["deform.MeshDeformer"] = deformer_build

    def deformer_method(method):
        def build(g):
            points, triangles = mesh_arrays(g)
            lattice = fixed_lattice(g, points)
            deformer = d.MeshDeformer(points, triangles, lattice)
            if method == "deform":
                rest = lattice.rest_points()
                if g.chance(0.5):
                    return Call("MeshDeformer.deform", deformer.deform,
                                [("control_points", rest + 0.1)])
                return Call("MeshDeformer.deform", deformer.deform, [],
                            {"displacement": np.array([0.1, 0.2, 0.3])})
            return Call("MeshDeformer.local_coordinates", deformer.local_coordinates)
        table[f"MeshDeformer.{method}"] = build
    deformer_method("deform")
    deformer_method("local_coordinates")

    # ---- io
    def read_build(name, key):
        func = getattr(io, name)

        def build(g):
            choices = [k for k in (("dicom/",) if name == "read_dicom_series" else
                                   ("valid.mha", "valid.nrrd", "dicom/")) if k in g.fx.paths]
            choices = choices or ["valid.mha"]
            label = g.pick(choices)
            kw = {}
            if g.chance(0.3):
                kw["threads"] = g.pick([0, 1, 2])
            if g.chance(0.1):
                kw["series_uid"] = None
            if name == "read_dicom_series" and g.chance(0.3):
                kw["require_ct"] = g.pick([True, False])
            return Call(f"io.{name}", func, [(key, Path(g.fx.paths[label], label))], kw)
        table[f"io.{name}"] = build
    read_build("read_image", "path")
    read_build("read_image_header", "path")
    read_build("read_dicom_series", "directory")

    def write_build(g):
        image = np.maximum(blob(g, (g.int(1, 4), g.int(2, 10), g.int(2, 10)), "int16"), -1024)
        if g.chance(0.2):
            image = image[0]
        kw = geometry_keywords(g)
        for name, choices in (("series_description", ["fuzz", ""]), ("series_number", [1, 99]),
                              ("study_description", ["s"]), ("patient_name", ["A^B"]),
                              ("patient_id", ["P1"]), ("derived", [True, False]),
                              ("unsigned_with_intercept", [True, False])):
            if g.chance(0.2):
                kw[name] = g.pick(choices)
        out = g.fx.fresh_output()
        return Call("io.write_dicom_series", io.write_dicom_series,
                    [("image", maybe_volume(g, image, kw)), ("directory", Path(out, "fresh_out/"))],
                    kw)
    table["io.write_dicom_series"] = write_build

    def list_build(g):
        label = g.pick([k for k in ("dicom/", "emptydir", "missing_dir/", "notes.txt", "junk.dcm")
                        if k in g.fx.paths] or ["emptydir"])
        kw = {}
        for name, choices in (("recursive", [True, False]), ("require_ct", [True, False]),
                              ("threads", [0, 1, 2, -1])):
            if g.chance(0.3):
                kw[name] = g.pick(choices)
        return Call("io.list_series", io.list_series, [("path", Path(g.fx.paths[label], label))],
                    kw)
    table["io.list_series"] = list_build

    def seg_write_build(g):
        # The fixture series' grid (6 x 12 x 12) most of the time, else any shape (refused).
        shape = (6, 12, 12) if g.chance(0.7) else (g.int(1, 7), g.int(1, 13), g.int(1, 13))
        labels = (blob(g, shape, "int16") % g.pick([2, 3, 256])).astype(
            g.pick(["uint8", "uint8", "int16", "float32"]))
        source = g.pick([k for k in ("dicom/", "emptydir", "missing_dir/") if k in g.fx.paths])
        kw = {}
        if g.chance(0.2):
            kw["segment_labels"] = g.pick([{1: "bone"}, {2: ""}, {"x": 1}, {1: "a\0b"}])
        if g.chance(0.1):
            kw["series"] = g.pick(["1", "nope", ""])
        out = g.fx.fresh_output()
        return Call("io.write_dicom_seg", io.write_dicom_seg,
                    [("labels", labels), ("source", Path(g.fx.paths[source], source)),
                     ("file", Path(out + ".dcm", "fresh_out.dcm"))], kw)
    table["io.write_dicom_seg"] = seg_write_build

    def seg_read_build(g):
        label = g.pick([k for k in ("mask.seg.dcm", "junk.dcm", "notes.txt", "missing.mha",
                                    "emptydir") if k in g.fx.paths])
        return Call("io.read_dicom_seg", io.read_dicom_seg, [("file", Path(g.fx.paths[label], label))])
    table["io.read_dicom_seg"] = seg_read_build

    # ---- core
    def volume_build(g):
        image = image3d(g)
        kw = geometry_keywords(g)
        return Call("Volume", lambda *a, **k: cumed.Volume(*a, **k).shape, [("array", image)], kw)
    table["Volume"] = volume_build
    for name in ("cuda_available", "cuda_built", "current_device", "describe_devices",
                 "last_report", "transfer_stats", "Report"):
        table[name] = (lambda name: lambda g: Call(name, getattr(cumed, name)))(name)
    return table


def selftest_builders():
    """With CUMED_FUZZ_SELFTEST=1 the targets are these, each showing one kind of finding, so
    that the pytest wrapper can check that the harness reports them (and survives them)."""
    def crash():
        os.kill(os.getpid(), signal.SIGSEGV)

    def hang():
        time.sleep(3600)

    def key_error():
        return {}["missing"]

    def non_finite(x=1.0):
        return np.array([np.nan])

    return {
        "selftest.crash": lambda g: Call("selftest.crash", crash),
        "selftest.hang": lambda g: Call("selftest.hang", hang),
        "selftest.key_error": lambda g: Call("selftest.key_error", key_error),
        "selftest.non_finite": lambda g: Call("selftest.non_finite", non_finite, [("x", 2.0)]),
    }


# ------------------------------------------------------------------------- enumeration of the API
def public_callables(cumed):
    """Names of every public function and class of the package (and the public methods of its
    classes), as the harness names its targets."""
    names = set()
    modules = {"": cumed}
    for name in cumed.__all__:
        obj = getattr(cumed, name)
        if inspect.ismodule(obj):
            modules[name + "."] = obj
    for prefix, module in modules.items():
        for name in (getattr(module, "__all__", None) or dir(module)):
            if name.startswith("_"):
                continue
            obj = getattr(module, name, None)
            if obj is None or inspect.ismodule(obj):
                continue
            owner = getattr(obj, "__module__", "") or ""
            if not owner.startswith("cumed"):
                continue
            if isinstance(obj, type) and issubclass(obj, BaseException):
                continue
            if not callable(obj):
                continue
            if isinstance(obj, type):
                if owner.startswith("cumed") and name not in ("DeviceArray", "Iteration"):
                    label = name if prefix == "" or name == "Volume" else prefix + name
                    for attr, value in vars(obj).items():
                        if not attr.startswith("_") and inspect.isfunction(value):
                            names.add(f"{name}.{attr}")
                    if not dataclasses.is_dataclass(obj) or name in ("Lattice", "BSplineGrid"):
                        names.add(label)
                continue
            names.add(prefix + name)
    return names


# ------------------------------------------------------------------------------ generate one call
def generate(cumed, table, fixtures, seed, index):
    rng = np.random.default_rng([seed, index])
    g = Gen(rng, fixtures, cumed)
    target = g.pick(sorted(table))
    if os.environ.get("CUMED_FUZZ_SELFTEST"):
        target = sorted(table)[index % len(table)]  # each self-test target in turn
    call = table[target](g)
    roll = rng.random()
    mode = "valid" if roll < MODES[0][1] else ("perturb" if roll < MODES[0][1] + MODES[1][1]
                                               else "wild")
    base = call.copy()
    call.mode = mode
    if mode == "perturb":
        names = [n for n, _ in call.positional] + list(call.keywords)
        extra = signature_keywords(call.func) - set(names)
        what = rng.random()
        if (what < 0.15 or not names) and True:
            if extra and g.chance(0.6):
                name = g.pick(sorted(extra))
            else:
                name = g.pick(["zzz_unknown", "spacng", "Radius", "threads_", "device",
                               "devices", "mask", "progress", "direction"])
            call.keywords[name] = g.wild()
            call.perturbed = name
        else:
            name = g.pick(names)
            replace = None
            for i, (n, v) in enumerate(call.positional):
                if n == name:
                    replace = i
            current = call.positional[replace][1] if replace is not None else call.keywords[name]
            if isinstance(current, g.cumed.Volume) and g.chance(0.5):
                value = g.cumed.Volume(g.near(np.asarray(current.array)), current.spacing,
                                       current.origin, current.direction)
            else:
                value = g.near(current) if g.chance(0.5) else g.wild()
            if replace is not None:
                call.positional[replace] = (name, value)
            else:
                call.keywords[name] = value
            call.perturbed = name
    elif mode == "wild":
        call.positional = [(n, g.wild() if g.chance(0.5) else v) for n, v in call.positional]
        call.keywords = {k: (g.wild() if g.chance(0.5) else v) for k, v in call.keywords.items()}
        known = sorted(signature_keywords(call.func) | {"spacing", "origin", "direction",
                                                           "threads", "backend", "radius"})
        for _ in range(g.int(0, 3)):
            call.keywords[g.pick(known + ["zzz_unknown"])] = g.wild()
    return call, base


def signature_keywords(func):
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return set()
    names = {n for n, prm in sig.parameters.items()
             if prm.kind in (prm.POSITIONAL_OR_KEYWORD, prm.KEYWORD_ONLY)}
    if any(prm.kind == prm.VAR_KEYWORD for prm in sig.parameters.values()):
        names |= {"backend", "threads", "progress", "cancel", "report"}
    return names


# ------------------------------------------------------------------------------------ the oracle
def all_finite(value, depth=0):
    """True when every number in `value` is finite (object arrays and unknown objects: True)."""
    if depth > 6:
        return True
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc":
            return bool(np.isfinite(value).all())
        return True
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return bool(np.isfinite(value))
    if isinstance(value, (list, tuple)):
        return all(all_finite(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(all_finite(v, depth + 1) for v in value.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(all_finite(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)
                   if not f.name.startswith("_"))
    return True


def nonfinite_where(value, path="result", depth=0):
    """The first place in a result that holds NaN/inf, or None."""
    if depth > 6:
        return None
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc" and value.size:
            bad = ~np.isfinite(value)
            if bad.any():
                return f"{path}: {int(bad.sum())} of {value.size} values non-finite"
        return None
    if isinstance(value, (float, complex, np.floating, np.complexfloating)):
        return None if np.isfinite(value) else f"{path} = {value!r}"
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            found = nonfinite_where(v, f"{path}[{i}]", depth + 1)
            if found:
                return found
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            found = nonfinite_where(v, f"{path}[{k!r}]", depth + 1)
            if found:
                return found
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                found = nonfinite_where(getattr(value, f.name), f"{path}.{f.name}", depth + 1)
                if found:
                    return found
    return None


def input_arrays(call):
    out = []

    def walk(v, depth=0):
        if depth > 4:
            return
        if isinstance(v, np.ndarray):
            if v.dtype.kind != "O":
                out.append(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, depth + 1)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            for f in dataclasses.fields(v):
                walk(getattr(v, f.name), depth + 1)
    for _, v in call.positional:
        walk(v)
    for v in call.keywords.values():
        walk(v)
    return out


def spellings(name):
    parts = name.split("_")
    camel = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    out = {name, camel, name.replace("_", " "), name.replace("_", "-")}
    for prefix in ("fixed_", "moving_"):
        if name.startswith(prefix):
            out |= {name[len(prefix):], prefix[:-1]}
    return out


def value_spellings(value):
    """How a message may print a scalar value (10**30 as 1e+30, 0.5 as 0.5 or 0.500000...)."""
    out = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, bool):
        out.add(str(value))
        try:
            f = float(value)
            out |= {repr(f), format(f, "g"), format(f, ".17g"), "%f" % f, str(int(f))
                    if math.isfinite(f) and f.is_integer() else repr(f)}
        except (OverflowError, ValueError):
            pass
    return {v.lower() for v in out if v.strip()}


# The words the package's messages use for an argument besides its keyword (the C++ layer
# says "image" for every image argument, "control point" for what moves the lattice...).
ALIASES = {
    "image": ("image", "volume", "voxel", "input", "slice"),
    "labels": ("image", "label", "volume", "voxel", "input"),
    "source": ("image", "dicom", "directory", "volume", "voxel", "input"),
    "fixed": ("image",), "moving": ("image",), "grid_spacing_mm": ("grid spacing",),
    "jacobian_determinant": ("jacobian",), "values": ("value",), "labels_list": ("label", "value"),
    "path": ("input", "file"), "directory": ("directory", "output", "dicom"),
    "displacement": ("control point",), "control_points": ("control point",),
    "dimensions": ("control point", "lattice"), "name": ("animation",),
    "first": ("frame",), "second": ("frame",), "pairs": ("frame", "pair"),
    "points": ("point",), "triangles": ("triangle", "point id"), "grid": ("coefficients", "grid"),
    "field": ("field",), "mask": ("mask",), "lattice": ("lattice",),
}


def names_argument(message, name, value):
    """Whether a refusal names the argument `name` (a spelling or an alias) or its value."""
    text = message.lower()
    names = spellings(name) | set(ALIASES.get(name, ()))
    if name.endswith("s"):
        names |= spellings(name[:-1])
    if any(s.lower() in text for s in names):
        return True
    if isinstance(value, str) and value and repr(value)[:30].lower() in text:
        return True
    if any(v in text for v in value_spellings(value)):
        return True
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "biuf":
        if any(v in text for v in value_spellings(value.item())):
            return True
    array = getattr(value, "array", value)  # a Volume: its array, and the geometry it carries
    if array is not value and any(n in text for n in ("spacing", "origin", "direction")):
        return True
    if isinstance(array, np.ndarray):
        dims = f"{array.ndim}d"
        words = {str(array.dtype), str(array.shape).replace(",)", ")"), dims}
        if array.dtype.kind in "fc" and array.size and not np.isfinite(array).all():
            words |= {"nan", "inf", "finite"}
        if any(w.lower() in text for w in words):
            return True
    return False


def accepted(call, error):
    import cumed
    # An optional package this Python lacks (VTK for output="vtk" and Mesh.to_vtk) is refused by
    # cumed with an ImportError that says what to install: documented, not a finding.
    if isinstance(error, ImportError) and "install" in str(error):
        return True
    return isinstance(error, (cumed.Error, ValueError, TypeError, FuzzCallbackError)
                      + call.extra_accepted)


OUTCOME = ["returned"]  # how the last checked call ended, for the statistics


def check(call, base, cumed):
    """Runs `call`; returns a list of (kind, detail) findings."""
    findings = []
    OUTCOME[0] = "returned"
    arrays = input_arrays(call)
    before = [a.copy() for a in arrays]
    finite_in = all(all_finite(v) for _, v in call.positional) and \
        all(all_finite(v) for v in call.keywords.values())
    try:
        result = call.run()
    except BaseException as error:  # noqa: BLE001 - everything is judged here
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        OUTCOME[0] = "raised"
        message = str(error).replace("\n", " | ")
        if not accepted(call, error):
            tb = traceback.extract_tb(error.__traceback__)
            where = f"{tb[-1].filename}:{tb[-1].lineno}" if tb else "?"
            findings.append(("exception", f"{type(error).__name__}: {message[:300]} (at {where})"))
        elif call.mode == "perturb" and call.perturbed and \
                not isinstance(error, (cumed.Cancelled, FuzzCallbackError)):
            value = dict(call.positional).get(call.perturbed, call.keywords.get(call.perturbed))
            if not names_argument(message, call.perturbed, value):
                try:
                    base.run()
                    base_ok = True
                except BaseException:  # noqa: BLE001
                    base_ok = False
                if base_ok:
                    findings.append(("unnamed", f"{type(error).__name__}: {message[:300]}"))
        result = None
    else:
        if finite_in:
            where = nonfinite_where(result)
            if where:
                findings.append(("non-finite", where))
    for a, b in zip(arrays, before):
        if a.shape != b.shape or not np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"):
            findings.append(("input-modified", f"an input {summary(b)} was changed"))
    return findings


def known(kind, target, detail, text):
    for k_kind, k_target, k_sub in KNOWN_FINDINGS:
        if k_kind == kind and k_target in (target, "*") and (k_sub in detail or k_sub in text):
            return True
    return False


# -------------------------------------------------------------------------------------- the child
def import_cumed(attempts=20):
    for attempt in range(attempts):
        try:
            import cumed  # noqa: F401
            import cumed.io, cumed.morphology, cumed.surface  # noqa: E401,F401
            import cumed.registration, cumed.piv, cumed.deform  # noqa: E401,F401
            return cumed
        except ImportError:
            if attempt == attempts - 1:
                raise
            time.sleep(3)  # the build may be replacing the package right now


def child(seed, start, stop, deadline):
    import resource
    limit = 8 << 30  # a runaway allocation fails in the child instead of taking the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # The protocol goes to the original stdout; anything the package or a callback prints
    # (fd 1) goes to stderr instead, so it cannot be mistaken for a protocol line.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    cumed = import_cumed()
    fixtures = Fixtures(cumed)
    table = builders(cumed)
    out.write(json.dumps({"root": fixtures.root}) + "\n")  # the parent removes it after a kill
    out.flush()
    try:
        index = start
        while index < stop and time.time() < deadline:
            try:
                call, base = generate(cumed, table, fixtures, seed, index)
                text = call.describe()
            except Exception as error:  # noqa: BLE001 - a builder's valid call failed
                call, base, text = None, None, f"<generation failed: {type(error).__name__}>"
                setup_error = error
            out.write(json.dumps({"begin": index, "call": text}) + "\n")
            out.flush()
            findings = []
            if call is None:
                if not accepted(Call("", None), setup_error):
                    findings.append(("exception", "while building the valid call: "
                                     f"{type(setup_error).__name__}: {str(setup_error)[:300]}"))
                target, outcome = "?", "setup raised"
            else:
                findings = check(call, base, cumed)
                target = call.target
                outcome = f"{call.mode} {OUTCOME[0]}"
            fixtures.clean_outputs()
            out.write(json.dumps({"end": index, "target": target, "outcome": outcome,
                                  "findings": findings}) + "\n")
            out.flush()
            index += 1
    finally:
        fixtures.close()


# ------------------------------------------------------------------------------------- the parent
def run_parent(args):
    here = os.path.abspath(__file__)
    seeds = [int(s) for s in str(args.seed).split(",")]
    seconds_per_seed = args.seconds / len(seeds)
    total_findings = 0
    failed_starts = 0
    stats, outcomes = {}, {}
    for seed in seeds:
        end = time.time() + seconds_per_seed
        index = args.start
        calls = 0
        while time.time() < end:
            errlog = tempfile.TemporaryFile()
            proc = subprocess.Popen(
                [sys.executable, here, "--child", "--seed", str(seed), "--start", str(index),
                 "--stop", str(index + 100000), "--deadline", str(end)],
                stdout=subprocess.PIPE, stderr=errlog)
            current, current_text, last_begin = None, None, time.time()
            # Lines are read from the pipe's descriptor by hand: a buffered reader could hold
            # the next lines while select() waits on the descriptor, and a fast call would be
            # mistaken for a hang.
            fd, buffer, pending, eof = proc.stdout.fileno(), b"", [], False
            child_root = None
            while True:
                timeout = args.timeout - (time.time() - last_begin) if current is not None \
                    else max(1.0, end - time.time() + 60)
                if not pending and not eof:
                    ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
                    if ready:
                        chunk = os.read(fd, 1 << 16)
                        if chunk:
                            buffer += chunk
                            *complete, buffer = buffer.split(b"\n")
                            pending.extend(line for line in complete if line.strip())
                            continue
                        eof = True
                if not pending and not eof:
                    if current is not None:
                        proc.kill()
                        proc.wait()
                        total_findings += report(seed, current, current_text, "hang",
                                                 f"no return within {args.timeout} s")
                        index = current + 1
                        calls += 1
                    else:
                        proc.kill()
                        proc.wait()
                    break
                line = pending.pop(0) if pending else b""
                if not line:
                    code = proc.wait()
                    if current is not None:
                        errlog.seek(0)
                        tail = errlog.read().decode(errors="replace").strip().splitlines()[-3:]
                        how = (f"signal {-code} ({signal.Signals(-code).name})" if code < 0
                               else f"exit status {code}")
                        total_findings += report(seed, current, current_text, "crash",
                                                 f"child died: {how}; stderr: {' | '.join(tail)}")
                        index = current + 1
                        calls += 1
                    elif code != 0:
                        errlog.seek(0)
                        text = errlog.read().decode(errors="replace")[-3000:]
                        failed_starts += 1
                        if failed_starts > 3:  # not transient (a rebuild takes a minute)
                            sys.stderr.write(text)
                            print(f"fuzz_api: the child failed before any call (exit {code})")
                            return 2
                        print(f"fuzz_api: the child failed before any call (exit {code}), "
                              f"retrying: {text.strip().splitlines()[-1:]}", flush=True)
                        time.sleep(10)
                    break
                message = json.loads(line.decode())
                if "root" in message:
                    child_root = message["root"]
                    continue
                if "begin" in message:
                    current, current_text, last_begin = message["begin"], message["call"], \
                        time.time()
                    if args.verbose:
                        print(f"{seed}:{current} {current_text}", flush=True)
                else:
                    stats[message["target"]] = stats.get(message["target"], 0) + 1
                    outcomes[message["outcome"]] = outcomes.get(message["outcome"], 0) + 1
                    for kind, detail in message["findings"]:
                        if known(kind, message["target"], detail, current_text):
                            stats["(known findings filtered)"] = \
                                stats.get("(known findings filtered)", 0) + 1
                            continue
                        total_findings += report(seed, current, current_text, kind, detail)
                    index = current + 1
                    current = None
                    calls += 1
            errlog.close()
            if child_root and os.path.basename(child_root).startswith("cumed-fuzz-"):
                shutil.rmtree(child_root, ignore_errors=True)  # a killed child leaves its files
        print(f"fuzz_api: seed {seed}: {calls} calls, indices {args.start}..{index - 1}",
              flush=True)
    print("fuzz_api: outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    if args.stats:
        for name in sorted(stats):
            print(f"  {name}: {stats[name]}")
    print_groups()
    print(f"fuzz_api: {total_findings} finding(s)")
    return 1 if total_findings else 0


GROUPS = {}


def report(seed, index, text, kind, detail):
    print(f"FINDING {kind} --replay {seed}:{index}\n  call: {text}\n  {detail}", flush=True)
    # Grouped by kind, target, the argument a perturb call changed and the message with its
    # numbers, quotes and paths blanked, for the summary at the end.
    target = text.split("(", 1)[0]
    perturbed = text.rsplit("<", 1)[-1].rstrip(">") if text.endswith(">") else ""
    shape = re.sub(r"'[^']*'|\"[^\"]*\"|/[\w./+-]+|[-+]?\d[\d.e+-]*", "#", detail)[:160]
    key = (kind, target, perturbed if perturbed.startswith("perturb") else "", shape)
    GROUPS.setdefault(key, []).append(f"{seed}:{index}")
    return 1


def print_groups():
    if not GROUPS:
        return
    print(f"fuzz_api: {len(GROUPS)} distinct finding(s) (kind, target, [argument], message shape):")
    severity = ["crash", "hang", "exception", "non-finite", "input-modified", "unnamed"]
    for key in sorted(GROUPS, key=lambda k: (severity.index(k[0]) if k[0] in severity else 0,
                                             k[1], k[2])):
        kind, target, perturbed, shape = key
        handles = GROUPS[key]
        print(f"  {kind} {target} {perturbed} x{len(handles)} (first --replay {handles[0]}): {shape}")


def replay(spec):
    seed, index = (int(v) for v in spec.split(":"))
    cumed = import_cumed()
    fixtures = Fixtures(cumed)
    try:
        table = builders(cumed)
        call, base = generate(cumed, table, fixtures, seed, index)
        print("call:", call.describe())
        print("unperturbed:", base.describe())
        for n, v in call.positional:
            print(f"  {n} = {v!r}"[:2000])
        for k, v in call.keywords.items():
            print(f"  {k} = {v!r}"[:2000])
        try:
            result = call.run()
            print("returned:", summary(result))
        except BaseException:  # noqa: BLE001
            traceback.print_exc()
        call2, base2 = generate(cumed, table, fixtures, seed, index)
        findings = check(call2, base2, cumed)
        for kind, detail in findings:
            print(f"FINDING {kind}: {detail}")
        return 1 if findings else 0
    finally:
        fixtures.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", default="1", help="a seed, or several separated by commas")
    parser.add_argument("--start", type=int, default=0, help="first call index")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per call")
    parser.add_argument("--replay", metavar="SEED:INDEX")
    parser.add_argument("--list", action="store_true", help="print the targets and exit")
    parser.add_argument("--stats", action="store_true", help="print calls per target")
    parser.add_argument("--verbose", action="store_true", help="print every call")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--deadline", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(int(args.seed), args.start, args.stop, args.deadline)
        return 0
    try:
        cumed = import_cumed()
    except ImportError as error:
        print(f"fuzz_api: cannot import cumed: {error}")
        return 2
    if args.replay:
        return replay(args.replay)
    table = builders(cumed)
    public = public_callables(cumed)
    missing = [] if os.environ.get("CUMED_FUZZ_SELFTEST") else sorted(public - set(table))
    if args.list:
        for name in sorted(table):
            print(name)
        print("fuzz_api: public callables without a target: " + (", ".join(missing) or "none"))
        return 1 if missing else 0
    if missing:
        print("fuzz_api: public callables without a target (add them to builders()): "
              + ", ".join(missing))
        return 1
    return run_parent(args)


if __name__ == "__main__":
    sys.exit(main())
