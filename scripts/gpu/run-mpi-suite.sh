#!/usr/bin/env bash
# Runs on the GPU machine inside `bash .gpu/env.sh` after `bash scripts/gpu/bundle.sh mpi`: the MPI
# layer's tests and programs under that machine's mpirun with 1 to 4 ranks sharing its GPU (the
# distributed filters pick CUDA there), the batch farm with --backend cuda. Logs go to $OUT.
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out" /tmp/cumed-root/checkout /tmp/cumed-root/shared/data/ct
tar -C /tmp/cumed-root/shared/data/ct -xJf .gpu/popi-ct.tar.xz
# That machine's OpenMPI runtime (mpirun, orted, plugins) with its own libmpi, not the bundled one.
rm -f /tmp/gpu-bundle/lib/libmpi* /tmp/gpu-bundle/lib/libopen-*
# Its libmpi_cxx needs its newer C++ runtime, which also runs the bundled programs.
rm -f /tmp/gpu-bundle/lib/libstdc++.so* /tmp/gpu-bundle/lib/libgcc_s.so*
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none CUMED_SOURCE_DIR=/tmp/cumed-root/checkout
export DCMDICTPATH=$PWD/.gpu/dicom.dic OMP_NUM_THREADS=4
status=0
for test in cumed_parallel_test cumed_parallel_morphology_test cumed_parallel_morphology_ct_test \
            cumed_parallel_surface_test cumed_parallel_surface_random_test cumed_surface_vtk_mpi_test; do
  for ranks in 1 2 3 4; do
    echo "=== $test -n $ranks" | tee -a "$out/mpi-tests.log"
    timeout 300 mpirun -n "$ranks" "$(command -v $test)" --gtest_brief=1 >"$out/run.log" 2>&1
    code=$?
    tail -n 4 "$out/run.log" | tee -a "$out/mpi-tests.log"
    if [ "$code" -ne 0 ]; then echo "FAILED: $test -n $ranks exit $code" | tee -a "$out/mpi-tests.log"; status=1; fi
  done
done
ct=/tmp/cumed-root/shared/data/ct/popi-phase00
rm -rf /tmp/mpi-out && mkdir -p /tmp/mpi-out
{
  echo "=== cumed-mpi-isosurface on the real CT, 1 and 4 ranks, on the GPU and on the CPU"
  for backend in cuda cpu; do
    for ranks in 1 4; do
      /usr/bin/time -f "wall %e s" mpirun -n $ranks cumed-mpi-isosurface $ct --iso 300 --normals --gather --backend $backend --output /tmp/mpi-out/iso-$backend-$ranks.vtp
    done
  done
  for run in cuda-1 cuda-4 cpu-4; do
    cmp /tmp/mpi-out/iso-cpu-1.vtp /tmp/mpi-out/iso-$run.vtp && echo "cpu 1 rank and $run: identical .vtp"
  done
  echo "=== cumed-batch --backend cuda, 3 ranks, 3 series (one a copy)"
  mkdir -p /tmp/batch-in/a /tmp/batch-in/b
  cumed-make-phantom /tmp/batch-in/a/series >/dev/null && cp -r /tmp/batch-in/a/series /tmp/batch-in/b/
  cumed-make-phantom --size 96 96 64 --seed 2 /tmp/batch-in/c >/dev/null
  /usr/bin/time -f "wall %e s" mpirun -n 3 cumed-batch /tmp/batch-in --output-dir /tmp/mpi-out/batch --backend cuda
  echo "batch exit $?"; cat /tmp/mpi-out/batch/report.csv
} 2>&1 | tee "$out/mpi-apps.log"
rm -f "$out/run.log"
exit "$status"
