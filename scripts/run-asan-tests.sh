#!/usr/bin/env bash
# The CPU build under AddressSanitizer and UndefinedBehaviorSanitizer (preset "asan", build-asan/):
# configure, build, and run the CTest suite; any sanitizer report fails its test. Tests labelled
# no-sanitizer are left out (Documentation/reliability.md says which and why).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset asan
cmake --build --preset asan
ctest --preset asan
