#!/usr/bin/env bash
# Runs cumed-mpi-scaling-benchmark with 1, 2, 4 and 8 ranks (oversubscribed where there are fewer
# cores) on the same generated volume and collects the rows into one Markdown file: the 1-rank
# total is passed to the others as --baseline (speedup, efficiency); the triangle counts must agree.
#
#   scripts/mpi-scaling.sh [--bin DIR] [--out FILE] [--ranks "1 2 4 8"] -- BENCHMARK_OPTIONS...
#   e.g. scripts/mpi-scaling.sh --out scaling.md -- --ct ../shared/data/ct/popi-phase00 \
#        --size 1024 1024 1024 --repeats 3
#
# OpenMP threads per rank: OMP_NUM_THREADS when set, else cores / ranks (at least 1), so every
# rank count uses the same cores. Exit status: 0 done; 1 a run failed or the triangles differ;
# 2 usage.
set -uo pipefail
bin=build-cpu/bin
out=mpi-scaling.md
ranks_list="1 2 4 8"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --ranks) ranks_list=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "mpi-scaling.sh: unknown option '$1' (benchmark options go after --)" >&2; exit 2 ;;
  esac
done
program=$bin/cumed-mpi-scaling-benchmark
if [ ! -x "$program" ]; then
  echo "mpi-scaling.sh: '$program' is not an executable (build cumed-mpi-scaling-benchmark or pass --bin DIR)" >&2
  exit 2
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
cores=$(nproc)
fixed_threads=${OMP_NUM_THREADS:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
baseline=()
rows=""
models=""
triangles=""
for ranks in $ranks_list; do
  threads=${fixed_threads:-$(( cores / ranks > 0 ? cores / ranks : 1 ))}
  echo "mpi-scaling.sh: $ranks rank(s), $threads thread(s) each" >&2
  # --bind-to none: OpenMPI binds each rank to one core when it starts two ranks or fewer, which
  # would leave a 1-rank run's OpenMP threads on a single core.
  if ! OMP_NUM_THREADS=$threads mpirun --oversubscribe --bind-to none -np "$ranks" "$program" "$@" \
      "${baseline[@]}" >"$tmp/run.txt" 2>"$tmp/err.txt"; then
    echo "mpi-scaling.sh: $ranks rank(s) failed:" >&2
    cat "$tmp/run.txt" "$tmp/err.txt" >&2
    exit 1
  fi
  [ -n "$rows" ] || header=$(grep -m2 '^|' "$tmp/run.txt")
  rows+="$(grep "^| $ranks |" "$tmp/run.txt" | sed "s/ |\$/ | $threads |/")"$'\n'
  # The model depends on the volume and the 1-rank total only: the first run's is kept.
  [ -n "$models" ] || models="$(sed -n '/^Model for/,/^ranks=/p' "$tmp/run.txt" | grep -v '^ranks=')"$'\n'
  count=$(grep -o 'triangles=[0-9]*' "$tmp/run.txt" | cut -d= -f2)
  total=$(grep -o 'total_s=[0-9.e+-]*' "$tmp/run.txt" | cut -d= -f2)
  tile=$(grep -m1 '^tile:' "$tmp/run.txt")
  if [ -z "$triangles" ]; then
    triangles=$count
  elif [ "$count" != "$triangles" ]; then
    echo "mpi-scaling.sh: $ranks rank(s) made $count triangles, 1 rank $triangles" >&2
    exit 1
  fi
  [ ${#baseline[@]} -gt 0 ] || baseline=(--baseline "$total")
done
{
  echo "Command: \`scripts/mpi-scaling.sh --ranks \"$ranks_list\" -- $*\`"
  echo
  echo "Machine: $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/^Mem:/{print $2}') GiB; $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "$tile"
  echo
  echo "$(echo "$header" | head -1) threads/rank |"
  echo "$(echo "$header" | tail -1)---:|"
  printf '%s' "$rows"
  echo
  echo "Triangles equal for every rank count: $triangles."
  echo
  echo "Every rank count shares the same $cores cores (threads/rank): where the 1-rank run already"
  echo "uses them all, the ideal speedup here is 1.0 and the rows show what splitting costs (halo"
  echo "work near the cuts, exchanges); efficiency = speedup / ranks assumes each rank brings its"
  echo "own cores, as one rank per node of a cluster does."
  echo
  printf '%s' "$models"
} >"$out"
echo "mpi-scaling.sh: wrote $out" >&2
