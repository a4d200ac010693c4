#!/usr/bin/env bash
# Command (2) of the README: install, build, run the whole CTest suite. CUDA cases skip (and are
# reported as skipped) without a usable device. Then the same suite on the CPU build under ASan and
# UBSan, and each fuzz target for a bounded time (Documentation/reliability.md). Every stage runs
# even when an earlier one's tests fail; the exit status is non-zero when any failed. Each stage's
# duration is printed at the end (CI's budget is 60 minutes on 2 cores: see reliability.md).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
timings=()
# Runs "$@" as the stage named $1's command, records its minutes, and keeps going on failure.
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@" || status=1
  local took=$((SECONDS - start))
  timings+=("$(printf '%-20s %3d min %02d s' "$name" $((took / 60)) $((took % 60)))")
}
stage "build (default)" bash scripts/build.sh
[ "$status" -eq 0 ] || exit 1 # nothing to test without the build
stage "tests (default)" ctest --preset default
stage "asan build + tests" bash scripts/run-asan-tests.sh
stage "fuzz build + runs" bash scripts/run-fuzz-tests.sh
printf 'stage times:\n'
printf '  %s\n' "${timings[@]}"
exit "$status"
