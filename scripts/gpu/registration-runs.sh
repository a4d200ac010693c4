#!/usr/bin/env bash
# Runs on the GPU machine (from run-gpu-suite.sh): cumed-register on the registration cases, each
# scored by cumed-field-error (known warps, body mask) or cumed-landmark-tre (lung pair).
set -uo pipefail
out=$1
ct=/tmp/cumed-root/shared/data/ct/popi-phase00
reg=/tmp/cumed-root/shared/data/registration
work=/tmp/cumed-registration-runs
log="$out/registration-apps.log"
rm -rf "$work" && mkdir -p "$work"
status=0
make_case() { # name, extra generator options
  local name=$1; shift
  cumed-make-known-warp --series "$ct" --output "$work/$name" "$@" 2>&1 | grep -v skipping | tee -a "$log"
}
register() { # case dir, output dir, options...
  local case=$1 result=$2; shift 2
  echo "=== cumed-register $* ($(basename "$case"))" | tee -a "$log"
  cumed-register --force --output "$result" "$@" "$case/fixed.mha" "$case/moving.mha" 2>&1 | tee -a "$log" || status=1
  cumed-field-error "$result/field.mha" "$case/true-field.mha" "$case/body-mask.mha" 2>&1 | tee -a "$log" || status=1
}
make_case bspline-2mm --field bspline
make_case rbf-2mm --field rbf
make_case bspline-full --full-resolution
lncc=(--metric lncc --lncc-sigma 3 --grid-spacing 10 --levels 3 --bending 10 --iterations 50)
register "$work/bspline-2mm" "$work/out-bspline-cuda" "${lncc[@]}" --backend cuda
register "$work/rbf-2mm" "$work/out-rbf-cuda" "${lncc[@]}" --backend cuda
register "$work/bspline-full" "$work/out-full-cuda" "${lncc[@]}" --backend cuda
register "$work/bspline-2mm" "$work/out-bspline-cpu" "${lncc[@]}" --backend cpu
register "$work/bspline-2mm" "$work/out-bspline-ssd-cuda" --metric ssd --bending 10 --iterations 100 --backend cuda
# The lung masks at two time points (follow-up onto baseline), affine stage first; TRE on the 51
# landmark pairs inside the images.
lung=$reg/elastix_Testing_Data
points=$reg/ITKElastix_examples_data
for backend in cuda cpu; do
  echo "=== cumed-register lung pair --affine --backend $backend" | tee -a "$log"
  cumed-register --force --output "$work/out-lung-$backend" --metric ssd --affine --grid-spacing 10 \
    --bending 10 --backend $backend "$lung/3DCT_lung_baseline_mask.mha" "$lung/3DCT_lung_followup_mask.mha" 2>&1 |
    tee -a "$log" || status=1
  cumed-landmark-tre "$points/CT_3D_lung_fixed_point_set_corrected.txt" \
    "$points/CT_3D_lung_moving_point_set_corrected.txt" "$work/out-lung-$backend/field.mha" 2>&1 |
    tee -a "$log" || status=1
done
# The 2D head pair through the same program.
head=$reg/ITKElastix_examples_data
for metric in lncc nmi; do
  echo "=== cumed-register 2D head pair --metric $metric" | tee -a "$log"
  cumed-register --force --output "$work/out-head-$metric" --metric $metric --backend cuda --png \
    "$head/CT_2D_head_fixed.mha" "$head/CT_2D_head_moving.mha" 2>&1 | tee -a "$log" || status=1
done
cp "$work/out-head-lncc/checkerboard-after.png" "$out/head-checkerboard-after.png" 2>/dev/null
exit $status
