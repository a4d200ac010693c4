#!/usr/bin/env bash
# The libFuzzer targets (preset "fuzz", build-fuzz/, clang-14): configure, build, write the seed
# corpora and fuzz each target for CUMED_FUZZ_SECONDS (default 30) seconds; any finding fails.
# Findings are kept under build-fuzz/Testing/Fuzz/work/<target>/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset fuzz
cmake --build --preset fuzz
ctest --preset fuzz
