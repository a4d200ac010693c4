#!/usr/bin/env bash
# Run here (no GPU), after scripts/build.sh: packs the test executables, the applications, their
# libraries and the sample data into .gpu/ (see ../shared/gpu/GPU.md), ready for the device tool:
#   run(carry: [".gpu"], command: "bash .gpu/env.sh bash .gpu/run-gpu-suite.sh")
set -euo pipefail
cd "$(dirname "$0")/../.."
shared=${CUMED_SHARED_DIR:-../shared}
build=${CUMED_BUILD_DIR:-build}
mapfile -t executables < <(find "$build/bin" -maxdepth 1 -type f -executable | sort)
[ ${#executables[@]} -gt 0 ] || { echo "bundle: no executables in $build/bin; build first" >&2; exit 1; }
bash "$shared/gpu/prepare.sh" "${executables[@]}"
tar -C "$build/Data" -cJf .gpu/phantom-ct.tar.xz phantom-ct
cp scripts/gpu/run-gpu-suite.sh .gpu/
du -sh .gpu
