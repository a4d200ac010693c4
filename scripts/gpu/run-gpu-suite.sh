#!/usr/bin/env bash
# Runs on the GPU machine inside `bash .gpu/env.sh`: every bundled GoogleTest executable in full
# (CPU and CUDA cases), then the CT-to-surface application with --backend cuda rendering through
# EGL. Logs and outputs go to $OUT.
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
# Tests find the real CT as $CUMED_SOURCE_DIR/../shared/data/ct/popi-phase00.
# The deformation suite finds the meshes as $CUMED_SOURCE_DIR/../shared/data/mesh.
mkdir -p /tmp/cumed-root/checkout /tmp/cumed-root/shared/data/ct /tmp/cumed-root/shared/data/piv /tmp/cumed-root/shared/data/mesh
[ -f .gpu/popi-ct.tar.xz ] && tar -C /tmp/cumed-root/shared/data/ct -xJf .gpu/popi-ct.tar.xz
[ -f .gpu/piv-data.tar.xz ] && tar -C /tmp/cumed-root/shared/data/piv -xJf .gpu/piv-data.tar.xz
[ -f .gpu/meshes.tar.xz ] && tar -C /tmp/cumed-root/shared/data/mesh -xJf .gpu/meshes.tar.xz
[ -f .gpu/registration-data.tar.xz ] && tar -C /tmp/cumed-root/shared/data -xJf .gpu/registration-data.tar.xz
# cuFFT (CuMed::PIV) is not bundled: the machine's CUDA toolkit provides it, after the bundle.
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:/usr/local/cuda/lib64"
export DCMDICTPATH=$PWD/.gpu/dicom.dic
# Program tests run the bundled programs (their compiled-in paths are the build machine's).
command -v cumed-deform >/dev/null && export CUMED_DEFORM=$(command -v cumed-deform) \
  CUMED_COMPARE=$(command -v cumed-compare) CUMED_DEFORM_WORK_DIR=/tmp/cumed-deform-app-work
# The randomized differential suites (cumed/test/RandomCases.h) run ten times CI's cases here.
export CUMED_RANDOM_SCALE=${CUMED_RANDOM_SCALE:-10}
status=0
for test in /tmp/gpu-bundle/bin/cumed_*_test; do
  echo "=== $(basename "$test")" | tee -a "$out/tests.log"
  # Exit 77: every selected test skipped itself (see Testing/GTestMain); not a failure.
  CUMED_SOURCE_DIR=/tmp/cumed-root/checkout "$test" --gtest_brief=1 >"$out/test-run.log" 2>&1
  code=$?
  tail -n 40 "$out/test-run.log" | tee -a "$out/tests.log"
  if [ "$code" -ne 0 ] && [ "$code" -ne 77 ]; then
    echo "FAILED: $(basename "$test") exited with $code" | tee -a "$out/tests.log"
    status=1
  fi
done
rm -f "$out/test-run.log"
if command -v cumed-ct-surface >/dev/null; then
  echo "=== cumed-ct-surface --backend cuda" | tee "$out/app.log"
  cumed-ct-surface /tmp/cumed-root/shared/data/ct/popi-phase00 --backend cuda --output-dir /tmp/ct-out --force 2>&1 |
    tee -a "$out/app.log" || status=1
  cp /tmp/ct-out/surface.png "$out/" 2>/dev/null
  ldd "$(command -v cumed-ct-surface)" | grep -c libcuda | sed 's/^/libcuda lines in ldd: /' |
    tee -a "$out/app.log"
fi
if command -v cumed-morphology-benchmark >/dev/null; then
  cumed-morphology-benchmark --ct /tmp/cumed-root/shared/data/ct/popi-phase00 2>&1 | tee "$out/morphology-benchmark.md" || status=1
fi
if command -v cumed-isosurface >/dev/null; then
  echo "=== cumed-isosurface --backend cuda, 1 GPU and every GPU" | tee "$out/isosurface-app.log"
  for gpus in 1 0; do
    rm -f /tmp/iso-$gpus.vtp /tmp/iso-$gpus.png
    cumed-isosurface /tmp/cumed-root/shared/data/ct/popi-phase00 --iso 300 --backend cuda \
      --gpus $gpus --output /tmp/iso-$gpus.vtp --png /tmp/iso-$gpus.png 2>&1 |
      tee -a "$out/isosurface-app.log" || status=1
  done
  cmp -s /tmp/iso-1.vtp /tmp/iso-0.vtp && echo "1 GPU and every GPU: identical .vtp" |
    tee -a "$out/isosurface-app.log"
  cp /tmp/iso-1.png "$out/isosurface.png" 2>/dev/null
  # The picture alone: the mesh stays on the GPU and is drawn from there (render_mesh=interop,
  # no copy of the mesh down: copies_down=0, render_bytes_down=24, the bounds).
  rm -f /tmp/iso-picture.png
  cumed-isosurface /tmp/cumed-root/shared/data/ct/popi-phase00 --iso 300 --backend cuda \
    --png /tmp/iso-picture.png 2>&1 | tee -a "$out/isosurface-app.log" || status=1
fi
if command -v cumed-render-benchmark >/dev/null; then
  # --breakdown: the per-frame table also gets the frames drawn again with glFinish after each
  # (the GPU's share apart from Render()'s host time). Then the same without multisampling
  # (VTK's default is 8 samples a pixel), to see what the samples cost.
  cumed-render-benchmark --ct /tmp/cumed-root/shared/data/ct/popi-phase00 --breakdown \
    --png "$out/render-benchmark.png" 2>&1 | tee "$out/render-benchmark.md" || status=1
  cumed-render-benchmark --ct /tmp/cumed-root/shared/data/ct/popi-phase00 --breakdown --msaa 0 \
    2>&1 | tee "$out/render-benchmark-msaa0.md" || status=1
fi
if command -v cumed-isosurface-benchmark >/dev/null; then
  cumed-isosurface-benchmark --ct /tmp/cumed-root/shared/data/ct/popi-phase00 \
    --metaball-sizes 512,1024 --repeat 9 --no-vtk-mc-large 2>&1 |
    tee "$out/isosurface-benchmark.md" || status=1
fi
if command -v cumed-piv >/dev/null; then
  # The arrows of --png built on the GPU and drawn from its memory: png_arrows=cuda
  # render_mesh=interop render_host_copies=0 (DISPLAY is unset: the EGL device context).
  echo "=== cumed-piv --backend cuda --png (openpiv-exp1)" | tee "$out/piv-app.log"
  for colour in magnitude vorticity; do
    rm -rf /tmp/piv-png-$colour
    cumed-piv --output /tmp/piv-png-$colour --backend cuda --png --colour-by $colour \
      /tmp/cumed-root/shared/data/piv/openpiv-exp1/exp1_001_a.bmp \
      /tmp/cumed-root/shared/data/piv/openpiv-exp1/exp1_001_b.bmp 2>&1 |
      tee -a "$out/piv-app.log" || status=1
    cp /tmp/piv-png-$colour/exp1_001_a.png "$out/piv-arrows-$colour.png" 2>/dev/null
  done
  grep -q "png_arrows=cuda render_mesh=interop render_host_copies=0" "$out/piv-app.log" ||
    { echo "FAILED: cumed-piv's arrows were not drawn from the GPU" | tee -a "$out/piv-app.log"; status=1; }
  # Pathlines traced on the GPU, their ribbons built there and drawn from its memory
  # (png_pathlines=cuda ... render_mesh=interop render_host_copies=0).
  echo "=== cumed-piv --backend cuda --png --pathlines (openpiv-exp1)" | tee "$out/piv-pathlines.log"
  rm -rf /tmp/piv-pathlines
  cumed-piv --output /tmp/piv-pathlines --backend cuda --png --pathlines /tmp/piv-pathlines/paths.vtp \
    --pathline-seed-step 1 /tmp/cumed-root/shared/data/piv/openpiv-exp1/exp1_001_a.bmp \
    /tmp/cumed-root/shared/data/piv/openpiv-exp1/exp1_001_b.bmp 2>&1 |
    tee -a "$out/piv-pathlines.log" || status=1
  cp /tmp/piv-pathlines/pathlines.png "$out/piv-pathlines.png" 2>/dev/null
  grep -q "png_pathlines=cuda pathline_png=\"/tmp/piv-pathlines/pathlines.png\" render_mesh=interop render_host_copies=0" \
    "$out/piv-pathlines.log" ||
    { echo "FAILED: cumed-piv's pathlines were not drawn from the GPU" | tee -a "$out/piv-pathlines.log"; status=1; }
fi
if command -v cumed-piv-benchmark >/dev/null; then
  cumed-piv-benchmark --repeat 9 2>&1 | tee "$out/piv-benchmark.md" || status=1
fi
if command -v cumed-piv-reference >/dev/null; then
  cumed-piv-reference --data /tmp/cumed-root/shared/data/piv 2>&1 |
    tee "$out/piv-reference.md" || status=1
fi
if command -v cumed-deform >/dev/null; then
  echo "=== cumed-deform igea.ply --backend cuda (device-resident, then host round trip)" | tee "$out/deform-app.log"
  for extra in "" --host-output; do
    cumed-deform /tmp/cumed-root/shared/data/mesh/igea.ply --backend cuda --frames 500 $extra 2>&1 |
      tee -a "$out/deform-app.log" || status=1
  done
  echo "=== cumed-deform igea.ply --backend cuda, rendered offscreen 1024x768 (interop, then --no-interop)" |
    tee -a "$out/deform-app.log"
  for extra in "" --no-interop; do
    cumed-deform /tmp/cumed-root/shared/data/mesh/igea.ply --backend cuda --frames 500 --render \
      $extra 2>&1 | tee -a "$out/deform-app.log" || status=1
  done
  # Where a frame's time goes: the GPU waited for after every frame (gpu_wait_ms_median apart
  # from render_call_ms_median), with VTK's 8 samples a pixel and without multisampling.
  echo "=== cumed-deform igea.ply --render --breakdown (interop, --no-interop; then --msaa 0)" |
    tee -a "$out/deform-app.log"
  for extra in "" --no-interop "--msaa 0" "--msaa 0 --no-interop"; do
    cumed-deform /tmp/cumed-root/shared/data/mesh/igea.ply --backend cuda --frames 500 --render \
      --breakdown $extra 2>&1 | tee -a "$out/deform-app.log" || status=1
  done
  cumed-deform /tmp/cumed-root/shared/data/mesh/igea.ply --backend cuda --frames 500 --render \
    --msaa 0 2>&1 | tee -a "$out/deform-app.log" || status=1
  rm -rf "$out/deform-frames"
  cumed-deform /tmp/cumed-root/shared/data/mesh/igea.ply --backend cuda --frames 100 \
    --png "$out/deform-frames/igea-%03d.png" --png-every 25 2>&1 | tee -a "$out/deform-app.log" ||
    status=1
  echo "=== cumed-deform <CT> --iso 300 --backend cuda (the isosurface deformed on the device)" |
    tee -a "$out/deform-app.log"
  cumed-deform /tmp/cumed-root/shared/data/ct/popi-phase00 --iso 300 --backend cuda --frames 200 \
    --quiet 2>&1 | tee -a "$out/deform-app.log" || status=1
fi
if command -v cumed-deform-benchmark >/dev/null; then
  cumed-deform-benchmark --mesh-dir /tmp/cumed-root/shared/data/mesh 2>&1 |
    tee "$out/deform-benchmark.md" || status=1
  # The rendered frames again without multisampling (bunny and Igea only).
  cumed-deform-benchmark --mesh-dir /tmp/cumed-root/shared/data/mesh --large-triangles 0 \
    --no-sweep --msaa 0 2>&1 | tee "$out/deform-benchmark-msaa0.md" || status=1
fi
# Where a PIV pair's time goes: the kernels of the 1024^2 single pass and three passes.
if [ -z "${CUMED_SKIP_PIV_PROFILE:-}" ] && command -v cumed-piv-benchmark >/dev/null; then
  if command -v nsys >/dev/null; then
    nsys profile -o /tmp/piv-profile --force-overwrite true cumed-piv-benchmark --repeat 20 \
      >/dev/null 2>&1 && nsys stats --report cuda_gpu_kern_sum,cuda_api_sum /tmp/piv-profile.nsys-rep \
      2>&1 | tee "$out/piv-nsys.txt"
  fi
  if command -v ncu >/dev/null; then
    # Row 1: the 32 px single pass; row 3: the three passes (its first launch is the 64 px one).
    for run in "1 FusedCorrelation" "1 ValidateKernel" "3 FusedCorrelation" "3 DeformKernel"; do
      read -r row kernel <<<"$run"
      echo "=== ncu: cumed-piv-benchmark row $row, first $kernel launch"
      ncu --kernel-name "regex:$kernel" --launch-count 1 --section SpeedOfLight --section Occupancy \
        --section LaunchStats --section WarpStateStats --section ComputeWorkloadAnalysis \
        --section MemoryWorkloadAnalysis cumed-piv-benchmark --repeat 1 --only "$row" 2>&1 |
        grep -v '^==PROF=='
    done 2>&1 | tee "$out/piv-ncu.txt"
  fi
fi
# Where the time goes in the two headline kernels (Nsight Compute, when the machine has it).
if [ -z "${CUMED_SKIP_NCU:-}" ] && command -v ncu >/dev/null && command -v cumed-morphology-benchmark >/dev/null; then
  for workload in "dilate disk r4 (2D)" "dilate ball r4"; do
    echo "=== ncu: $workload"
    ncu --kernel-name regex:Chord --launch-skip 2 --launch-count 1 --section SpeedOfLight \
      --section Occupancy --section SchedulerStats --section LaunchStats \
      cumed-morphology-benchmark --ct /tmp/cumed-root/shared/data/ct/popi-phase00 --no-itk \
      --only "$workload" --repeat 1 --tall-slices 8 2>&1 |
      grep -E "Duration|Throughput|Registers|Occupancy|Issued Warp|Eligible Warps|Grid Size"
  done 2>&1 | tee "$out/ncu.txt"
fi
if command -v cumed-register >/dev/null; then
  # Registration, whole application (files in, files out): the known warps of the real CT
  # (2 mm B-spline and RBF families, full resolution), the lung pair with its 51 landmarks, the
  # 2D head pair. The field error / TRE comes from the independent scorers.
  bash .gpu/registration-runs.sh "$out" || status=1
fi
if command -v cumed-register-benchmark >/dev/null; then
  cumed-register-benchmark --series /tmp/cumed-root/shared/data/ct/popi-phase00 \
    --registration-data /tmp/cumed-root/shared/data/registration \
    --reference-dir .gpu/registration-reference 2>&1 | tee "$out/registration-benchmark.md" || status=1
fi
echo "gpu suite status: $status"
exit $status
