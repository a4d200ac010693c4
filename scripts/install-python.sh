#!/usr/bin/env bash
# Installs the cumed Python package built in build/ into the interpreter it was built for
# (CUMED_PYTHON_EXECUTABLE, Debian's /usr/bin/python3 by default) and checks that it imports.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
# With shared CuMed libraries (CUMED_SHARED_LIBS) the python component also installs the ones its
# extension loads (cmake/CuMedPythonInstall.cmake): the main job builds no other program or library.
"${sudo_cmd[@]}" cmake --install build --component python >/dev/null
python=$(sed -n 's/^CUMED_PYTHON_EXECUTABLE:FILEPATH=//p' build/CMakeCache.txt)
(cd / && "$python" -c "import cumed; print('python: import cumed OK (' + cumed.__file__ + '); ' + cumed.describe_devices())")
