#!/bin/bash
# Runs elastix or plastimatch on one fixed/moving pair, turns the result into a dense
# displacement field on the fixed grid (ITK's convention: fixed point x -> x + u(x) in moving
# space), and scores it: the field error over a mask against a true field, or the TRE on landmark
# pairs. Prints one summary line with the wall time and peak memory of the registration (GNU time).
#
# usage: run-reference.sh elastix|plastimatch PARAMETERS FIXED MOVING OUTDIR
#          [--truth TRUE_FIELD MASK] [--landmarks FIXED_POINTS MOVING_POINTS] [--threads N]
# PARAMETERS: one file, or several joined by commas, run in that order (elastix: -p per file,
# the field of the last transform, which composes the earlier ones; plastimatch: the stages of
# the files one after the other).
# The CuMed programs cumed-field-error and cumed-landmark-tre are looked up in $CUMED_BIN
# (default: build-cpu/bin of this checkout).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 5 ] || usage
tool=$1 parameters=$2 fixed=$3 moving=$4 out=$5
shift 5
truth="" mask="" fixed_points="" moving_points="" threads=$(nproc)
while [ $# -gt 0 ]; do
  case $1 in
    --truth) [ $# -ge 3 ] || usage; truth=$2 mask=$3; shift 3 ;;
    --landmarks) [ $# -ge 3 ] || usage; fixed_points=$2 moving_points=$3; shift 3 ;;
    --threads) [ $# -ge 2 ] || usage; threads=$2; shift 2 ;;
    *) echo "run-reference.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
bin=${CUMED_BIN:-$here/../../../build-cpu/bin}
IFS=, read -r -a parameter_files <<< "$parameters"
for f in "${parameter_files[@]}" "$fixed" "$moving"; do
  [ -f "$f" ] || { echo "run-reference.sh: no such file: $f" >&2; exit 1; }
done
mkdir -p "$out"
timing="$out/time.txt"
field="$out/field.mha"
case $tool in
  elastix)
    p_options=()
    for f in "${parameter_files[@]}"; do p_options+=(-p "$f"); done
    /usr/bin/time -v -o "$timing" elastix -f "$fixed" -m "$moving" "${p_options[@]}" \
      -out "$out" -threads "$threads" > "$out/elastix-stdout.txt"
    # The dense field of the last transform (it composes the earlier ones) on the fixed grid.
    last=$(( ${#parameter_files[@]} - 1 ))
    transformix -def all -tp "$out/TransformParameters.$last.txt" -out "$out" \
      -threads "$threads" > "$out/transformix-stdout.txt"
    mv "$out/deformationField.mha" "$field" ;;
  plastimatch)
    command_file="$out/plastimatch-command.txt"
    { printf '[GLOBAL]\nfixed=%s\nmoving=%s\nvf_out=%s\n\n' "$fixed" "$moving" "$field"
      cat "${parameter_files[@]}"; } > "$command_file"
    OMP_NUM_THREADS=$threads /usr/bin/time -v -o "$timing" \
      plastimatch register "$command_file" > "$out/plastimatch-stdout.txt" 2>&1 ;;
  *) echo "run-reference.sh: unknown tool '$tool' (elastix or plastimatch)" >&2; exit 2 ;;
esac
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$timing" |
  awk -F: '{ s = 0; for (i = 1; i <= NF; ++i) s = s * 60 + $i; print s }')
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$timing")
score=""
[ -z "$truth" ] || score+=" $("$bin/cumed-field-error" "$field" "$truth" "$mask")"
[ -z "$fixed_points" ] || score+=" $("$bin/cumed-landmark-tre" "$fixed_points" "$moving_points" "$field")"
printf '%s %s: wall_s=%s peak_rss_mb=%d threads=%s%s\n' "$tool" "$parameters" \
  "$wall" $((rss_kb / 1024)) "$threads" "$score" | tee "$out/summary.txt"
