#!/usr/bin/env bash
# Installs what is missing, configures with the "default" preset (CUDA when nvcc is found) and
# builds everything, including the generated sample CT series (build/Data/phantom-ct).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# nvcc lives outside PATH on a stock CUDA install; CMake finds it there too (cmake/CuMedCuda.cmake).
cmake --preset default
cmake --build --preset default
