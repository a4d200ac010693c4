#!/usr/bin/env bash
# Installs what is missing, configures with the "default" preset (CUDA when nvcc is found) and
# builds.
#   build.sh                      all dependencies; every target: libraries, programs, tests,
#                                 benchmarks, the sample CT series (build/Data/phantom-ct)
#   build.sh --main TARGET...     the main job's dependencies only (install-deps.sh --main) and
#                                 only the named targets with what they need
# The configure step is the same either way, so a later full build reuses what --main built.
set -euo pipefail
cd "$(dirname "$0")/.."
deps=()
if [ "${1:-}" = --main ]; then
  deps=(--main)
  shift
fi
bash scripts/install-deps.sh "${deps[@]}"
# nvcc lives outside PATH on a stock CUDA install; CMake finds it there too (cmake/CuMedCuda.cmake).
cmake --preset default
if [ $# -gt 0 ]; then
  cmake --build --preset default --target "$@"
else
  cmake --build --preset default
fi
