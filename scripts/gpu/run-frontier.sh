#!/usr/bin/env bash
# Issue 28's GPU checks and benchmarks, run on the GPU machine inside `bash .gpu/env.sh` after
# `bash scripts/gpu/bundle.sh frontier-mp` (morphology, piv), `frontier-s` (surface) or `frontier-r` (registration): the CUDA tests of what changed, then the benchmark
# rows the targets are judged on. Parts: morphology, piv, surface (isosurface + cumed-ct-surface),
# registration. Logs and tables go to $OUT.
#   run(carry: [".gpu"], command: "rm -rf /tmp/gpu-bundle; bash .gpu/env.sh bash .gpu/run-frontier.sh morphology piv")
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out" /tmp/cumed-root/checkout /tmp/cumed-root/shared/data/ct /tmp/cumed-root/shared/data/piv
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
[ -f .gpu/popi-ct.tar.xz ] && tar -C /tmp/cumed-root/shared/data/ct -xJf .gpu/popi-ct.tar.xz
[ -f .gpu/piv-data.tar.xz ] && tar -C /tmp/cumed-root/shared/data/piv -xJf .gpu/piv-data.tar.xz
[ -f .gpu/registration-data.tar.xz ] && tar -C /tmp/cumed-root/shared/data -xJf .gpu/registration-data.tar.xz
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:/usr/local/cuda/lib64" # cuFFT from the machine's toolkit
# DCMTK's dictionary, compressed when the bundle needed the room.
[ -f .gpu/dicom.dic.xz ] && xz -dc .gpu/dicom.dic.xz > /tmp/dicom.dic
[ -f .gpu/dicom.dic ] && cp .gpu/dicom.dic /tmp/dicom.dic
export DCMDICTPATH=/tmp/dicom.dic CUMED_SOURCE_DIR=/tmp/cumed-root/checkout
ct=/tmp/cumed-root/shared/data/ct/popi-phase00
status=0
# Runs a GoogleTest program (exit 77: everything skipped, not a failure) and keeps its tail.
gtest() {
  local name=$1
  shift
  echo "=== $name $*" | tee -a "$out/tests.log"
  "$name" --gtest_brief=1 "$@" >"$out/test-run.log" 2>&1
  local code=$?
  tail -n 25 "$out/test-run.log" | tee -a "$out/tests.log"
  if [ "$code" -ne 0 ] && [ "$code" -ne 77 ]; then
    echo "FAILED: $name exited with $code" | tee -a "$out/tests.log"
    status=1
  fi
}
for part in "$@"; do
  case "$part" in
    morphology)
      gtest cumed_morphology_test --gtest_filter="*Cuda*"
      cumed-morphology-benchmark --ct "$ct" --no-itk \
        --only 'dilate ball r4,dilate ball r8,dilate ball r15,dilate ball r40,close ball r4' 2>&1 |
        tee "$out/morphology-frontier.md" || status=1
      ;;
    piv)
      gtest cumed_piv_test --gtest_filter="*Cuda*"
      cumed-piv-benchmark --repeat 9 --ensemble-pairs 0 --sequence-pairs 256 2>&1 |
        tee "$out/piv-frontier.md" || status=1
      for size in 512 2048; do
        cumed-piv-benchmark --size $size --only 1 --repeat 5 --ensemble-pairs 0 2>&1 |
          tee -a "$out/piv-scaling.md" || status=1
      done
      ;;
    surface)
      # First the program, so that its first run is the machine's first OpenGL use (no shader
      # cache yet); then warm runs in fresh processes, the serial path, runs with the driver's
      # shader disk cache off, and the 16-core CPU path. Every run writes the same outputs.
      for run in first warm1 warm2 warm3 warm4 serial nocache cpu1 cpu2; do
        args=(--backend cuda)
        case $run in
          serial) args+=(--no-overlap) ;;
          cpu*) args=(--backend cpu) ;;
        esac
        echo "=== $run ${args[*]}" | tee -a "$out/ct-surface.log"
        if [ "$run" = nocache ]; then export __GL_SHADER_DISK_CACHE=0; fi
        /usr/bin/time -f "wall_s=%e" cumed-ct-surface "$ct" "${args[@]}" \
          --output-dir /tmp/ct-$run --force 2>&1 | tee -a "$out/ct-surface.log" || status=1
        unset __GL_SHADER_DISK_CACHE
      done
      for f in surface.vtp surface.stl; do
        cmp /tmp/ct-first/$f /tmp/ct-serial/$f && echo "overlapped and serial $f identical" |
          tee -a "$out/ct-surface.log" || status=1
      done
      ls -la ~/.nv/GLCache ~/.cache/nvidia/GLCache 2>&1 | head -5 | tee -a "$out/ct-surface.log"
      gtest cumed_surface_test --gtest_filter="*Cuda*:*Registration*"
      gtest cumed_rendering_test
      cumed-isosurface-benchmark --ct "$ct" --metaball-sizes 128,256,512,1024 --repeat 9 \
        --no-vtk-mc-large 2>&1 | tee "$out/isosurface-frontier.md" || status=1
      ;;
    registration)
      gtest cumed_registration_test --gtest_filter="*Cuda*:*Lbfgs*:*Outputs*"
      cumed-register-benchmark --series "$ct" --registration-data /tmp/cumed-root/shared/data/registration \
        --reference-dir .gpu/registration-reference --no-references --no-cpu \
        --cases bspline-2mm,rbf-2mm,bspline-full,lung 2>&1 | tee "$out/registration-frontier.md" || status=1
      ;;
    *) echo "run-frontier: unknown part '$part'" >&2; status=2 ;;
  esac
done
rm -f "$out/test-run.log"
exit "$status"
