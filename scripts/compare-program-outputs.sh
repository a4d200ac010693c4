#!/usr/bin/env bash
# Runs every program of two builds (BEFORE_BIN and AFTER_BIN, e.g. an older commit's build/bin and
# this one's) on the same inputs (the phantom and the real CT, PIV, mesh and registration data of
# ../shared/data) on the CPU backend, and compares their outputs file by file: byte for byte
# where the format has no time stamp or UID in it, else with BEFORE_BIN's cumed-compare and its
# default tolerances; DICOM series by their HU and geometry read back (UIDs and dates differ). Prints one table row per output; exit 1
# if any differ.
#   usage: scripts/compare-program-outputs.sh BEFORE_BIN AFTER_BIN WORK_DIR [PHANTOM_DIR]
# Issue 24's before/after check (Documentation/applications.md, "Same outputs").
set -uo pipefail
before=$(realpath "$1") after=$(realpath "$2") work=$3
root=$(cd "$(dirname "$0")/.." && pwd)
phantom=${4:-$root/build/Data/phantom-ct}
data=$(realpath "$root/../shared/data")
ct=$data/ct/popi-phase00
rm -rf "$work" && mkdir -p "$work"
work=$(realpath "$work")
status=0

# run NAME COMMAND... : OUT is replaced by the side's output path, BIN by its bin directory.
run() {
  local name=$1
  shift
  for side in before after; do
    local bin=$before
    [[ $side == after ]] && bin=$after
    local out=$work/$side/$name
    mkdir -p "$(dirname "$out")"
    local args=("${@//OUT/$out}")
    args=("${args[@]//BIN/$bin}")
    if ! "${args[@]}" >"$work/$side/$name.stdout" 2>"$work/$side/$name.stderr"; then
      echo "| $name | $side run failed: $(tail -1 "$work/$side/$name.stderr") |"
      status=1
    fi
  done
}

# same NAME FILE: byte-identical, or compared by cumed-compare (kind from the extension).
same() {
  local name=$1 file=$2 kind=${3:-bytes}
  local a=$work/before/$name$file b=$work/after/$name$file
  if [[ ! -e $a || ! -e $b ]]; then
    echo "| $name$file | missing ($( [[ -e $a ]] || echo before) $( [[ -e $b ]] || echo after)) |"
    status=1
  elif [[ $kind == dicom ]]; then # UIDs and dates differ by design: pixels and geometry
    if PYTHONPATH=$after/../python /usr/bin/python3 -c "
import sys, numpy, cumed
a, b = (cumed.io.read_dicom_series(p) for p in sys.argv[1:])
sys.exit(not (numpy.array_equal(a.array, b.array) and a.spacing == b.spacing
              and a.origin == b.origin and a.direction == b.direction))" "$a" "$b" 2>/dev/null; then
      echo "| $name$file | equal (DICOM: HU and geometry read back) |"
    else echo "| $name$file | DIFFERENT (DICOM) |"; status=1; fi
  elif [[ $kind == bytes ]]; then
    if cmp -s "$a" "$b"; then echo "| $name$file | identical bytes |"
    else echo "| $name$file | DIFFERENT bytes |"; status=1; fi
  else
    if "$before/cumed-compare" --quiet "$b" "$a" >/dev/null 2>&1; then
      echo "| $name$file | equal ($kind, cumed-compare, default tolerances) |"
    else echo "| $name$file | DIFFERENT ($kind) |"; status=1; fi
  fi
}

echo "| output | result |"
echo "|---|---|"
for input in phantom ct; do
  dir=$phantom
  [[ $input == ct ]] && dir=$ct
  run ct-surface-$input BIN/cumed-ct-surface --backend cpu --no-png --output-dir OUT "$dir"
  same ct-surface-$input /surface.vtp
  same ct-surface-$input /surface.stl
  run isosurface-$input BIN/cumed-isosurface --backend cpu --iso 300 --output OUT.vtp "$dir"
  same isosurface-$input .vtp
  run morphology-$input BIN/cumed-morphology --backend cpu --operation close --radius-vox 2 \
    "$dir" OUT.mha
  same morphology-$input .mha
  run morphology-dicom-$input BIN/cumed-morphology --backend cpu --operation gradient \
    --radius-vox 1 --dicom "$dir" OUT
  same morphology-dicom-$input "" dicom
done
run phantom BIN/cumed-make-phantom --size 64 64 40 OUT
same phantom "" dicom
mpi=(mpirun --allow-run-as-root --oversubscribe -np 2)
run mpi-isosurface "${mpi[@]}" BIN/cumed-mpi-isosurface "$phantom" --iso 300 --gather --output OUT.vtp \
  --backend cpu
same mpi-isosurface .vtp
run morphology-mha BIN/cumed-morphology --backend cpu --operation open --radius-vox 1 \
  "$phantom" OUT.mha
run mpi-morphology "${mpi[@]}" BIN/cumed-mpi-morphology "$work/after/morphology-mha.mha" \
  dilate --radius 2 --gather --output OUT.mha --backend cpu  # the old name: both accept it
same mpi-morphology .mha
mkdir -p "$work/tree" && cp -r "$phantom" "$work/tree/phantom"
run batch BIN/cumed-batch --backend cpu "$work/tree" --output-dir OUT
for file in $(cd "$work/after/batch" 2>/dev/null && find . -name '*.vtp' -o -name '*.stl'); do
  same batch "/${file#./}"
done
run piv BIN/cumed-piv --backend cpu --output OUT "$data/piv/openpiv-exp1/exp1_001_a.bmp" \
  "$data/piv/openpiv-exp1/exp1_001_b.bmp"
for file in $(cd "$work/after/piv" 2>/dev/null && ls); do same piv "/$file"; done
run deform BIN/cumed-deform "$data/mesh/stanford-bunny.obj" --backend cpu --frames 10 --output OUT.vtp
same deform .vtp
reg=$data/registration/ITKElastix_examples_data
run register BIN/cumed-register --backend cpu --output OUT "$reg/CT_2D_head_fixed.mha" \
  "$reg/CT_2D_head_moving.mha"
for file in $(cd "$work/after/register" 2>/dev/null && ls | grep -v json); do
  same register "/$file"
done
exit $status
