#!/bin/bash
# Re-runs issue 25's hostile-input table on fresh cases (PIV, meshes, cumed-register, the Python
# API, MPI with 3 ranks, outputs): builds small valid inputs with the programs themselves, hostile
# variants of every example class in the issue and seeded random mutations, runs each case once
# (timeout 60 s), classifies it (crash, hang, input modified, silent wrong, half-written), prints
# the table and the command of every non-zero cell. Exit status 1 when any cell is non-zero.
#
# Usage: scripts/hostile-table.sh [BUILD_DIR] [SCRATCH_DIR]
#   BUILD_DIR    default: build (relative to the repository root)
#   SCRATCH_DIR  default: /tmp/cumed-hostile (emptied first; inputs regenerated with seed 25)
# Environment: HOSTILE_SEED (default 25), HOSTILE_MUTATIONS (random mutations per valid input,
# default 6), HOSTILE_FAMILIES (comma list to run a subset: piv,meshes,register,python,mpi,outputs)
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${1:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
scratch="${2:-/tmp/cumed-hostile}"
case "$scratch" in /work/main*) echo "hostile-table.sh: the scratch directory must lie outside the checkout" >&2; exit 2 ;; esac
exec /usr/bin/python3 "$here/hostile_table.py" "$build" "$scratch"
