#!/usr/bin/env bash
# Installs the cumed Python package built in build/ into the interpreter it was built for
# (CUMED_PYTHON_EXECUTABLE, Debian's /usr/bin/python3 by default) and checks that it imports.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
# A shared build (CUMED_SHARED_LIBS) has the extension load CuMed's libraries from <prefix>/lib.
# The runtime component holds every program and library, which the main job does not build, so
# only the libraries the extension loads are installed, each by its own directory's install
# rules (runtime files only, not its subdirectories'). A static build loads none.
native=$(ls build/python/cumed/_cumed*.so)
build_lib="$PWD/build/lib/"
for library in $(ldd "$native" | awk -v dir="$build_lib" 'index($3, dir) == 1 {print $3}'); do
  file=$(basename "$(readlink -f "$library")")
  rules=$(grep -rl --include=cmake_install.cmake "/lib/$file\"" build | grep -vx build/cmake_install.cmake | head -n 1)
  if [ -z "$rules" ]; then
    echo "install-python: no install rule in build/ installs $file" >&2
    exit 1
  fi
  "${sudo_cmd[@]}" cmake -DCMAKE_INSTALL_COMPONENT=runtime -DCMAKE_INSTALL_LOCAL_ONLY=ON \
    -P "$rules" >/dev/null
done
"${sudo_cmd[@]}" cmake --install build --component python >/dev/null
python=$(sed -n 's/^CUMED_PYTHON_EXECUTABLE:FILEPATH=//p' build/CMakeCache.txt)
(cd / && "$python" -c "import cumed; print('python: import cumed OK (' + cumed.__file__ + '); ' + cumed.describe_devices())")
