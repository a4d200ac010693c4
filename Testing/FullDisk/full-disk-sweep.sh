#!/usr/bin/env bash
# Every program that writes files, run with each file limited to a few KiB (RLIMIT_FSIZE: a write
# past it fails with EFBIG as on a full file system; SIGXFSZ is ignored so the program sees the
# error, not the signal): it must exit 1 saying it cannot write, and leave nothing under the
# output's name and no staging directory. Each case also runs without the limit and must succeed,
# so a refusal is the limit's doing. Usage: full-disk-sweep.sh BIN_DIR WORK_DIR [PIV_FRAMES_DIR]
set -u
bin=$1 work=$2 piv=${3:-}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$bin/cumed-make-phantom" --quiet --size 64 64 40 ct >/dev/null || exit 1
"$bin/cumed-morphology" --quiet --operation dilate --radius-vox 1 ct in.mha >/dev/null || exit 1
"$bin/cumed-ct-surface" --quiet --no-png --output-dir mesh ct >/dev/null || exit 1
"$bin/cumed-make-known-warp" --series ct --output warp >/dev/null || exit 1
failures=0 cases=0

# check LIMIT_KIB OUTPUT PROGRAM ARGUMENTS... where the arguments name OUTPUT as @OUT@.
check() {
  local limit=$1 out=$2 program=$3
  shift 3
  local good=() limited=()
  set -- --quiet "$@"
  for argument in "$@"; do
    good+=("${argument//@OUT@/ok-$out}")
    limited+=("${argument//@OUT@/$out}")
  done
  cases=$((cases + 1))
  if ! "$bin/$program" "${good[@]}" >/dev/null 2>good.err; then
    echo "FAIL $program ${good[*]}: fails without a limit: $(cat good.err)"
    failures=$((failures + 1))
    return
  fi
  local before
  before=$(find . | sort)
  bash -c 'trap "" XFSZ; ulimit -f "$1"; shift; exec "$@"' _ "$limit" "$bin/$program" "${limited[@]}" >/dev/null 2>limited.err
  local status=$?
  local left
  left=$(comm -13 <(echo "$before") <(find . | sort | grep -v -e '/good.err$' -e '/limited.err$') |
    head -3 | tr '\n' ' ') # anything the limited run left
  if [ "$status" -ne 1 ] || ! grep -q "cannot write" limited.err || [ -n "$left" ]; then
    echo "FAIL $program ${limited[*]} (files <= $limit KiB): exit $status, left [$left]:"
    cat limited.err
    failures=$((failures + 1))
  else
    echo "ok   $program ${limited[*]} (files <= $limit KiB): $(tail -1 limited.err | cut -c1-160)"
  fi
}

for extension in mha mhd nii nii.gz; do
  check 8 "morph.$extension" cumed-morphology --operation close --radius-vox 1 in.mha \
    "@OUT@"
done
check 8 morph-series cumed-morphology --operation dilate --radius-vox 1 ct "@OUT@/"
check 8 iso cumed-isosurface --iso 300 in.mha --output "@OUT@/s.vtp"
check 8 iso-stl cumed-isosurface --iso 300 in.mha --output "@OUT@/s.stl"
check 8 surface cumed-ct-surface --no-png --output-dir "@OUT@" ct
check 20 surface-png cumed-ct-surface --output-dir "@OUT@" ct
for limit in 8 200; do
  check "$limit" "reg-$limit" cumed-register warp/fixed.mha warp/moving.mha --levels 1 \
    --iterations 3 --output "@OUT@"
done
check 8 deform cumed-deform mesh/surface.vtp --frames 2 --output "@OUT@.vtp"
check 8 deform-png cumed-deform mesh/surface.vtp --frames 2 --png "@OUT@/f%02d.png"
if [ -n "$piv" ] && [ -d "$piv" ]; then
  frames=("$piv"/*.bmp)
  check 4 piv cumed-piv --output "@OUT@" "${frames[0]}" "${frames[1]}"
  check 4 piv-vtk cumed-piv --format vtk --png --output "@OUT@" "${frames[0]}" "${frames[1]}"
else
  echo "skip cumed-piv: no frames at '$piv'"
fi
echo "$cases cases, $failures failed"
[ "$failures" -eq 0 ]
