#!/usr/bin/env bash
# Runs on the GPU machine, inside `bash .gpu/env.sh` when a bundle travels (see bundle-python.sh): compiles the cumed
# extension for this machine's python3 from the carried kit and the checkout's sources, then runs
# the whole pytest suite (the CuPy cases in test_gpu_*.py included). Logs go to $OUT.
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
work=/tmp/cumed-python
rm -rf "$work" && mkdir -p "$work/site/cumed" /tmp/cumed-root/shared/data/ct
tar -C "$work" -xJf .gpu/python-kit.tar.xz
[ -f .gpu/popi-ct.tar.xz ] && tar -C /tmp/cumed-root/shared/data/ct -xJf .gpu/popi-ct.tar.xz
kit=$work/python-kit
python=${PYTHON:-python3}
suffix=$($python -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
includes=$(sed "s#KIT#$kit#" "$kit/include-flags.txt" | tr '\n' ' ')
libraries=$(sed "s#KIT#$kit#" "$kit/link-libraries.txt" | tr '\n' ' ')
echo "=== building the extension for $($python --version) with pybind11 $($python -m pybind11 --version)" | tee "$out/python.log"
start=$(date +%s)
ls Wrapping/Python/src/*.cxx | xargs -P 16 -I{} sh -c \
  "g++ -O2 -std=c++17 -fPIC -fvisibility=hidden -fopenmp -DNDEBUG $($python -m pybind11 --includes) -I/usr/local/cuda/include -I$kit/include $includes -c {} -o $work/\$(basename {} .cxx).o" \
  2>&1 | tee -a "$out/python.log"
g++ -shared -fopenmp -Wl,--no-as-needed -o "$work/site/cumed/_cumed$suffix" "$work"/*.o -L/usr/local/cuda/lib64 \
  $libraries -ldl -lrt -lpthread 2>&1 | tee -a "$out/python.log"
cp Wrapping/Python/cumed/*.py "$work/site/cumed/"
nm -D "$work/site/cumed/_cumed$suffix" | grep jpeg_std_error | tee -a "$out/python.log"
echo "built in $(( $(date +%s) - start )) s" | tee -a "$out/python.log"
# The extension was compiled by that machine's newer g++: the bundle's (Debian 12) C++ runtime must
# not shadow the system's, which also runs the bundled programs (it is backward compatible).
rm -f /tmp/gpu-bundle/lib/libstdc++.so* /tmp/gpu-bundle/lib/libgcc_s.so*
export PYTHONPATH=$work/site LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$kit/lib:/usr/local/cuda/lib64"
export DCMDICTPATH=$PWD/.gpu/dicom.dic CUMED_SHARED_DATA=/tmp/cumed-root/shared/data
command -v cumed_python_reference >/dev/null && export CUMED_PYTHON_REFERENCE=$(command -v cumed_python_reference)
export CUMED_BUILD_DIR=/tmp/gpu-bundle
$python -c "import cumed, cupy; print(cumed.describe_devices(), 'cupy', cupy.__version__)" 2>&1 | tee -a "$out/python.log"
LD_BIND_NOW=1 LD_DEBUG=bindings $python -c "import cumed" 2>&1 | grep "jpeg_std_error'" | sed 's/^ *[0-9]*: *//' | head -6 | tee -a "$out/python.log"
# Deselected here: that test checks how CMake links the extension on Debian (GDCM's jpeg hooks bound
# to CuMed's); the extension above is linked by hand with this machine's toolchain, not by CMake.
PYTHONUNBUFFERED=1 $python -m pytest -p no:cacheprovider -rs -q -s Wrapping/Python/tests \
  --deselect Wrapping/Python/tests/test_io.py::test_gdcm_jpeg_warnings_reach_cumeds_hook_inside_the_extension 2>&1 | tee "$out/pytest.log"
status=${PIPESTATUS[0]}
echo "pytest exit status $status" | tee -a "$out/pytest.log"
$python Wrapping/Python/benchmark/benchmark_python.py --series /tmp/cumed-root/shared/data/ct/popi-phase00 \
  2>&1 | grep -v "warning: skipping" | tee "$out/python-benchmark.md" || status=1
exit "$status"
