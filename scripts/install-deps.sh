#!/usr/bin/env bash
# Installs CuMed's dependencies from Debian 12's packages, only what is missing.
#   install-deps.sh          everything: the build, the tests, the sanitizer and fuzz builds
#   install-deps.sh --main   what the main job needs (scripts/main-job.sh): the same configure and
#                            build of the libraries, cumed-ct-surface, the phantom and the Python
#                            package, and its headless rendering; no test-only tools
# Idempotent: a second run installs nothing. Needs root (or sudo) and the Debian package mirror.
set -euo pipefail

# Everything `cmake --preset default` finds must be here, so that the main job configures the
# build exactly as the tests do (GTest and MPI are found at configure time) and the test command
# reuses the main job's build.
main_packages=(
  build-essential cmake pkg-config git xz-utils
  libinsighttoolkit5-dev libgdcm-dev libvtk9-dev libdcmtk-dev
  libgtest-dev libgmock-dev libomp-dev libfftw3-dev
  libcli11-dev nlohmann-json3-dev libexpat1-dev zlib1g-dev
  xvfb xauth libgl1-mesa-dri libgl1-mesa-dev libegl-dev
  pybind11-dev python3-dev python3-numpy
  openmpi-bin libopenmpi-dev
)
test_packages=(
  clang-format
  python3-pytest python3-vtk9 # the Python suite; cumed imports VTK only when handed VTK objects
  clang-14 libclang-rt-14-dev # the fuzz build (preset "fuzz": libFuzzer, ASan, UBSan)
  lld # links the sanitizer build (preset "asan"): a quarter of GNU ld's time per test program
  dcm2niix # tilt-corrected geometry compared with CuMed's (skipped when absent)
  dicom3tools # dciodvfy: the SEG and derived-series tests validate what CuMed writes
  python3-scipy python3-skimage # footprint= and ball/disk/cube compared with SciPy and scikit-image
  doxygen # the API reference (target docs, test cumed_api_docs)
  file # dpkg-shlibdeps, run by CPack for the Debian packages (test cumed_packages)
)

case "${1:-}" in
  --main) packages=("${main_packages[@]}") ;;
  "") packages=("${main_packages[@]}" "${test_packages[@]}") ;;
  *)
    echo "install-deps: usage: install-deps.sh [--main]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
