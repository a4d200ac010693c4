#!/usr/bin/env bash
# Runs on the GPU machine inside `bash .gpu/env.sh` after `bash scripts/gpu/bundle.sh mpi` (the
# MPI suite's runtime set-up first: `bash .gpu/env.sh bash .gpu/run-mpi-suite.sh` unpacks the CT
# and swaps in that machine's OpenMPI): cumed-mpi-scaling-benchmark over 1, 2, 4 and 8 ranks on
# the real CT tiled to 1024^3 and 2048x2048x1024, CPU backend and CUDA backend (ranks sharing the
# GPU). One Markdown file per volume and backend in $OUT, for Documentation/scaling.md.
#   SIZES="1024 1024 1024" (one size) and REPEATS=2 shorten it; each run fits one 10-minute call.
set -uo pipefail
out=${OUT:-/tmp/cumed-gpu-out}
mkdir -p "$out"
ct=/tmp/cumed-root/shared/data/ct/popi-phase00
[ -d "$ct" ] || { mkdir -p /tmp/cumed-root/shared/data/ct && tar -C /tmp/cumed-root/shared/data/ct -xJf .gpu/popi-ct.tar.xz; }
rm -f /tmp/gpu-bundle/lib/libmpi* /tmp/gpu-bundle/lib/libopen-* /tmp/gpu-bundle/lib/libstdc++.so* /tmp/gpu-bundle/lib/libgcc_s.so*
export DCMDICTPATH=$PWD/.gpu/dicom.dic
unset OMP_NUM_THREADS # mpi-scaling.sh gives each rank cores / ranks threads
bin=$(dirname "$(command -v cumed-mpi-scaling-benchmark)")
backends=${BACKENDS:-cpu cuda}
repeats=${REPEATS:-3}
status=0
while read -r x y z; do
  for backend in $backends; do
    name=scaling-${x}x${y}x${z}-$backend.md
    echo "=== $name"
    bash .gpu/mpi-scaling.sh --bin "$bin" --out "$out/$name" -- --ct "$ct" --size "$x" "$y" "$z" \
      --backend "$backend" --repeats "$repeats" || status=1
  done
done < <(printf '%s\n' "${SIZES:-1024 1024 1024
2048 2048 1024}")
exit "$status"
