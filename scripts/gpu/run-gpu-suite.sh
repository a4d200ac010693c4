#!/usr/bin/env bash
# Runs on the GPU machine inside `bash .gpu/env.sh`: every bundled GoogleTest executable in full
# (CPU and CUDA cases), then the CT-to-surface application with --backend cuda rendering through
# EGL. Logs and outputs go to $OUT.
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out" /tmp/cumed-data
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
tar -C /tmp/cumed-data -xJf .gpu/phantom-ct.tar.xz
status=0
for test in /tmp/gpu-bundle/bin/*_test; do
  echo "=== $(basename "$test")"
  CUMED_SOURCE_DIR=$PWD "$test" --gtest_brief=1 2>&1 | tail -n 40 || status=1
done 2>&1 | tee "$out/tests.log"
grep -q "FAILED" "$out/tests.log" && status=1
if command -v cumed-ct-surface >/dev/null; then
  echo "=== cumed-ct-surface --backend cuda" | tee "$out/app.log"
  cumed-ct-surface /tmp/cumed-data/phantom-ct --backend cuda --output-dir /tmp/ct-out 2>&1 |
    tee -a "$out/app.log" || status=1
  cp /tmp/ct-out/surface.png "$out/" 2>/dev/null
  ldd "$(command -v cumed-ct-surface)" | grep -c libcuda | sed 's/^/libcuda lines in ldd: /' |
    tee -a "$out/app.log"
fi
echo "gpu suite status: $status"
exit $status
