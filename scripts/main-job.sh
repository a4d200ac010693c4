#!/usr/bin/env bash
# Command (1) of the README: install, build, and run the CT-to-surface application on the
# generated sample series. Extra arguments go to cumed-ct-surface (e.g. --iso 200 --radius-mm 3).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what this job runs: the program, the sample series it reads (cumed_sample_data builds
# cumed-make-phantom and writes build/Data/phantom-ct) and the Python package; the tests and
# benchmarks are built by scripts/run-tests.sh, in the same build/.
bash scripts/build.sh --main cumed-ct-surface cumed_sample_data cumed_python
# The Python package (cumed) into Debian's /usr/bin/python3 (its /usr/local site-packages), so
# `python3 -c "import cumed"` works after this script.
bash scripts/install-python.sh
out="$PWD/out/ct-surface"
# A rerun replaces the previous outputs (the program refuses to without --force).
force=(--force)
for argument in "$@"; do
  if [ "$argument" = --force ]; then force=(); fi
done
app=(build/bin/cumed-ct-surface --output-dir "$out" "${force[@]}" "$@")
# An NVIDIA GPU renders headless through EGL; elsewhere VTK renders into a virtual X server.
if [ -z "${DISPLAY:-}" ] && ! { command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; }; then
  app=(xvfb-run -a -s "-screen 0 1280x1024x24" "${app[@]}")
fi
"${app[@]}"
echo "outputs: $out/surface.vtp, $out/surface.stl, $out/surface.png"
