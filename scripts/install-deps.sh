#!/usr/bin/env bash
# Installs CuMed's build and test dependencies from Debian 12's packages, only what is missing.
# Idempotent: a second run installs nothing. Needs root (or sudo) and the Debian package mirror.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git xz-utils
  libinsighttoolkit5-dev libgdcm-dev libvtk9-dev libdcmtk-dev
  libgtest-dev libgmock-dev libomp-dev libfftw3-dev
  libcli11-dev nlohmann-json3-dev libexpat1-dev zlib1g-dev
  xvfb xauth libgl1-mesa-dri libgl1-mesa-dev libegl-dev
  clang-format
  pybind11-dev python3-dev python3-numpy python3-pytest python3-vtk9
  openmpi-bin libopenmpi-dev
  dcm2niix # tests only: tilt-corrected geometry compared with CuMed's (skipped when absent)
  dicom3tools # dciodvfy: the SEG and derived-series tests validate what CuMed writes
)

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
