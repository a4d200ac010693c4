#!/usr/bin/env bash
# Command (2) of the README: install, build, run the whole CTest suite. CUDA cases skip (and are
# reported as skipped) without a usable device.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --preset default
