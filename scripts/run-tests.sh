#!/usr/bin/env bash
# Command (2) of the README: install, build, run the whole CTest suite. CUDA cases skip (and are
# reported as skipped) without a usable device. Then the same suite on the CPU build under ASan and
# UBSan, and each fuzz target for a bounded time (Documentation/reliability.md). Every stage runs
# even when an earlier one's tests fail; the exit status is non-zero when any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
status=0
ctest --preset default || status=1
bash scripts/run-asan-tests.sh || status=1
bash scripts/run-fuzz-tests.sh || status=1
exit "$status"
