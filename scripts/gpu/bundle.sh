#!/usr/bin/env bash
# Run here (no GPU), after scripts/build.sh: packs one suite's test executables, applications,
# their libraries and the sample data into .gpu/ (see ../shared/gpu/GPU.md), ready for the device
# tool (a run carries at most 64 MiB, so the suites travel separately):
#   bash scripts/gpu/bundle.sh surface        (or: morphology, platform, transfers, piv, rendering, deformation, registration)
#   run(carry: [".gpu"], command: "rm -rf /tmp/gpu-bundle; bash .gpu/env.sh bash .gpu/run-gpu-suite.sh")
# (env.sh unpacks only when /tmp/gpu-bundle is absent: on a machine still warm from an earlier
# run, remove it or the old executables run.)
set -euo pipefail
cd "$(dirname "$0")/../.."
shared=${CUMED_SHARED_DIR:-../shared}
build=${CUMED_BUILD_DIR:-build}
# The suites that have CUDA cases or run on the GPU, and the programs; the smoke tests that drive
# the build tree's programs by path stay on the CI machine.
suite=${1:-morphology}
case "$suite" in
  morphology) names=(cumed_core_test cumed_morphology_test cumed_io_test cumed_rendering_test
                     cumed-ct-surface cumed-morphology-benchmark) ;;
  surface) names=(cumed_core_test cumed_surface_test cumed_surface_vtk_test cumed-ct-surface
                  cumed-isosurface cumed-isosurface-benchmark) ;;
  # The platform layer: execution options, the ITK bridge and device-resident ITK pipelines.
  platform) names=(cumed_core_test cumed_morphology_test cumed_device_pipeline_test cumed_device_mesh_vtk_test
                   cumed_bridge_vtk_test cumed_surface_vtk_test cumed-ct-surface
                   cumed-morphology-benchmark cumed-io-benchmark cumed-mesh-io-benchmark) ;;
  # Host-in/host-out through Core's TransferPipeline: its tests, the modules that use it, and the
  # two benchmarks that judge it against the pinned round trip.
  transfers) names=(cumed_core_test cumed_surface_test cumed_morphology_test
                    cumed-isosurface-benchmark cumed-morphology-benchmark) ;;
  # PIV: its tests and both benchmarks (the PIV pairs travel instead of the CT). cuFFT (286 MB)
  # does not: the GPU machine's CUDA 13 toolkit has it (/usr/local/cuda/lib64), see
  # run-gpu-suite.sh.
  piv) names=(cumed_core_test cumed_piv_test cumed-piv-benchmark cumed-piv-reference) ;;
  # Drawing device meshes (CUDA-OpenGL interop): the mapper's tests, the programs that use it and
  # its benchmark.
  rendering) names=(cumed_rendering_test cumed_device_mesh_mapper_test cumed-ct-surface
                    cumed-isosurface cumed-render-benchmark) ;;
  # Free-form deformation of meshes: its tests (CPU vs CUDA on the bunny and Igea), the program, its
  # tests (the frames drawn through interop against the host round trip, compared by cumed-compare)
  # and the benchmark.
  deformation) names=(cumed_deformation_test cumed_deform_app_test cumed-deform cumed-compare
                      cumed-deform-benchmark) ;;
  # B-spline registration: its tests (CPU vs CUDA), the application, the known-warp generator and
  # scorers, and the benchmark; the CT and the registration data travel.
  registration) names=(cumed_registration_test cumed_registration_metrics_test
                       cumed_registration_penalty_test cumed_registration_filter_test
                       cumed_registration_accuracy_test cumed-register-benchmark
                       cumed-register cumed-make-known-warp cumed-field-error cumed-landmark-tre) ;;
  # The MPI layer (issue 15) under that machine's own mpirun (OpenMPI 4.1, ABI-compatible with
  # Debian's): the distributed filters with the CUDA backend, the batch farm, VTK's MPI pipeline.
  mpi) names=(cumed_parallel_test cumed_parallel_morphology_test cumed_parallel_morphology_ct_test
              cumed_parallel_surface_test cumed_parallel_surface_random_test cumed_surface_vtk_mpi_test
              cumed-mpi-morphology
              cumed-mpi-isosurface cumed-batch cumed-morphology cumed-make-phantom
              cumed-mpi-scaling-benchmark) ;;
  # The randomized differential suites of every module (issue 23), run by run-random-suite.sh at
  # ten times CI's budget; no real data travels (the random cases make their own).
  random) names=(cumed_morphology_test cumed_surface_test cumed_mesh_distance_test cumed_piv_test
                 cumed_registration_test cumed_deformation_test cumed_parallel_surface_random_test) ;;
  # Issue 28's frontier checks (run-frontier.sh): the kernels' tests and the benchmarks of the
  # targets, in bundles that each fit a run (the first without cuFFT, as piv; the others with a
  # stand-in for ICU's 31 MB data library, see icudata-stub.c).
  frontier-mp) names=(cumed_morphology_test cumed-morphology-benchmark cumed_piv_test
                      cumed-piv-benchmark) ;;
  frontier-s) names=(cumed_surface_test cumed_rendering_test cumed-ct-surface
                     cumed-isosurface-benchmark) ;;
  frontier-r) names=(cumed_registration_test cumed-register-benchmark) ;;
  *) echo "bundle: unknown suite '$suite' (morphology, surface, platform, transfers, piv, rendering, deformation, registration, mpi, random, frontier-mp, frontier-s or frontier-r)" >&2; exit 2 ;;
esac
# cumed-piv --backend cuda --png (arrows built on the GPU, drawn through interop; with
# --pathlines, pathlines traced and ribbons built on the GPU) runs in
# run-gpu-suite.sh on openpiv-exp1, which the piv data carries.
if [ "$suite" = piv ]; then names+=(cumed-piv); fi
executables=()
for name in "${names[@]}"; do
  [ -x "$build/bin/$name" ] || { echo "bundle: $build/bin/$name missing; build first" >&2; exit 1; }
  executables+=("$build/bin/$name")
done
bash "$shared/gpu/prepare.sh" "${executables[@]}"
rm -rf .gpu/popi-ct.tar.xz .gpu/piv-data.tar.xz .gpu/meshes.tar.xz .gpu/registration-data.tar.xz .gpu/registration-reference
if [ "$suite" = piv ] || [ "$suite" = random ] || [ "$suite" = frontier-mp ]; then
  # Repack without cuFFT (the bundle would exceed what a run carries).
  stage=$(mktemp -d)
  xz -dc .gpu/bundle.tar.xz | tar -C "$stage" -xf -
  rm -f "$stage"/bundle/lib/libcufft*
  tar -C "$stage" -cf - bundle | xz -T2 -6 > .gpu/bundle.tar.xz
  rm -rf "$stage"
  if [ "$suite" = piv ] || [ "$suite" = frontier-mp ]; then
    tar -C "$shared/data/piv" -cJf .gpu/piv-data.tar.xz synthetic-shift-3px openpiv-exp1 \
      openpiv-pattern1 pivchallenge-2001A
  fi
fi
if [ "$suite" != piv ] && [ "$suite" != random ]; then
  # The deformation suite also takes the meshes (with the CT: about 62 MB in all).
  if [ "$suite" = deformation ]; then
    tar -C "$shared/data/mesh" -cJf .gpu/meshes.tar.xz stanford-bunny.obj igea.ply
  fi
  # The real CT for the tests and benchmarks (../shared does not travel).
  tar -C "$shared/data/ct" -cJf .gpu/popi-ct.tar.xz popi-phase00
  if [ "$suite" = registration ] || [ "$suite" = frontier-r ]; then
    tar -C "$shared/data" -cJf .gpu/registration-data.tar.xz registration
    cp -r Testing/RegistrationData/reference .gpu/registration-reference
  fi
fi
if [ "$suite" = frontier-s ] || [ "$suite" = frontier-r ]; then
  stage=$(mktemp -d)
  xz -dc .gpu/bundle.tar.xz | tar -C "$stage" -xf -
  gcc -shared -fPIC -Wl,-soname,libicudata.so.72 -o "$stage/bundle/lib/libicudata.so.72" \
    scripts/gpu/icudata-stub.c
  tar -C "$stage" -cf - bundle | xz -T2 -6 > .gpu/bundle.tar.xz
  rm -rf "$stage"
fi
# DCMTK's data dictionary is a data file, not a library: ldd does not bring it.
cp /usr/share/libdcmtk17/dicom.dic .gpu/
cp scripts/gpu/run-gpu-suite.sh scripts/gpu/run-random-suite.sh scripts/gpu/registration-runs.sh \
   scripts/gpu/run-mpi-suite.sh scripts/gpu/run-frontier.sh \
   scripts/gpu/run-mpi-scaling.sh scripts/mpi-scaling.sh .gpu/
du -sh .gpu
