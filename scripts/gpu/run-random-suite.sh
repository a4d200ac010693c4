#!/usr/bin/env bash
# Runs on the GPU machine inside `bash .gpu/env.sh` (bundle: `bash scripts/gpu/bundle.sh random`):
# every randomized differential test (cumed/test/RandomCases.h) of every module, CPU and CUDA
# instances, at CUMED_RANDOM_SCALE (default 10: ten times CI's cases), and a Markdown table of
# cases and failures per test. A failure's reproducer line is kept in $OUT/random-failures.log.
#   run(carry: [".gpu"], command: "rm -rf /tmp/gpu-bundle; bash .gpu/env.sh bash .gpu/run-random-suite.sh")
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out"
export CUMED_RANDOM_SCALE=${CUMED_RANDOM_SCALE:-10}
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:/usr/local/cuda/lib64" # cuFFT from the machine's toolkit
# module, test program, GoogleTest filter of its randomized suites
suites=(
  "morphology cumed_morphology_test *RandomizedMorphology*"
  "surface cumed_surface_test *RandomizedVsVtk*"
  "mesh distance cumed_mesh_distance_test MeshDistance.*BruteForce*:MeshDistance.SameMeshIsAtZero"
  "piv cumed_piv_test *PivRandomBruteForce*"
  "registration cumed_registration_test AssessRegistrationRandom.*:*RegisterRandomVsCpu.*"
  "deformation cumed_deformation_test *Randomized*"
)
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "GPU: ${gpu:-none}; run seed ${CUMED_RANDOM_SEED:-the date}; scale $CUMED_RANDOM_SCALE" | tee "$out/random-table.md"
echo "| module | test | cases | result |" | tee -a "$out/random-table.md"
echo "|---|---|---|---|" | tee -a "$out/random-table.md"
status=0
: >"$out/random-failures.log"
for entry in "${suites[@]}"; do
  read -r -a words <<<"$entry"
  filter=${words[-1]}
  program=${words[-2]}
  module=${words[*]:0:${#words[@]}-2}
  if ! command -v "$program" >/dev/null; then
    echo "| $module | $program not bundled | | |" | tee -a "$out/random-table.md"
    continue
  fi
  log="$out/random-$program.log"
  "$program" --gtest_filter="$filter" >"$log" 2>&1
  code=$?
  # One row per test: "[ random   ] Suite.Test: N cases, run seed S" and its OK/FAILED line.
  awk -v module="$module" '
    /^\[ random   \] .*: [0-9]+ cases?, run seed/ {
      name = $4; sub(/:$/, "", name); cases[name] = $5; order[++n] = name }
    /^\[ +OK \]/ { result[$4] = "passed" }
    /^\[  FAILED  \] .*\(/ { result[$4] = "FAILED" }
    /^\[  SKIPPED \] .*\(/ { result[$4] = "skipped" }
    END { for (i = 1; i <= n; ++i) printf "| %s | %s | %s | %s |\n", module, order[i], cases[order[i]],
                                          result[order[i]] ? result[order[i]] : "crashed" }' "$log" |
    tee -a "$out/random-table.md"
  grep "reproduce:" "$log" >>"$out/random-failures.log"
  if [ "$code" -ne 0 ] && [ "$code" -ne 77 ]; then status=1; echo "FAILED: $program exited $code" | tee -a "$out/random-table.md"; fi
done
# Surface pieces over random MPI splits, under the machine's own OpenMPI (as run-mpi-suite.sh:
# its libraries, not the bundled ones), last because that swaps the C++ runtime.
if command -v cumed_parallel_surface_random_test >/dev/null && command -v mpirun >/dev/null; then
  rm -f /tmp/gpu-bundle/lib/libmpi* /tmp/gpu-bundle/lib/libopen-* /tmp/gpu-bundle/lib/libstdc++.so* \
    /tmp/gpu-bundle/lib/libgcc_s.so*
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  export OMPI_MCA_btl_vader_single_copy_mechanism=none OMP_NUM_THREADS=1
  for ranks in 1 3; do
    log="$out/random-mpi-$ranks.log"
    timeout 300 mpirun -n "$ranks" "$(command -v cumed_parallel_surface_random_test)" >"$log" 2>&1
    code=$?
    awk -v module="surface pieces, $ranks ranks" '
      /^\[ random   \] .*: [0-9]+ cases?, run seed/ {
        name = $4; sub(/:$/, "", name); cases[name] = $5; order[++n] = name }
      /^\[ +OK \]/ { result[$4] = "passed" }
      /^\[  FAILED  \] .*\(/ { result[$4] = "FAILED" }
      END { for (i = 1; i <= n; ++i) printf "| %s | %s | %s | %s |\n", module, order[i],
                                            cases[order[i]], result[order[i]] ? result[order[i]] : "see log" }' "$log" |
      tee -a "$out/random-table.md"
    if [ "$code" -ne 0 ] && [ "$code" -ne 77 ]; then status=1; echo "FAILED: mpirun -n $ranks exited $code" | tee -a "$out/random-table.md"; fi
  done
fi
exit "$status"
