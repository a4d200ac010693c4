#!/usr/bin/env bash
# Run here (no GPU), after scripts/build.sh: packs what the GPU machine needs to build and test the
# cumed Python package there. The extension is compiled there, against that machine's Python
# (3.12, NumPy 2, CuPy, PyTorch) and its pybind11, because an extension is tied to the interpreter
# it was built for and Debian's pybind11 2.10 predates NumPy 2. What travels: CuMed's static
# libraries and generated headers, the link line CMake used here (rewritten to the kit), the shared
# libraries it names (with a shared build, CuMed's own shared libraries), the reference program of the tests (through prepare.sh) and the real CT.
#   bash scripts/gpu/bundle-python.sh
#   run(carry: [".gpu"], command: "rm -rf /tmp/gpu-bundle; bash .gpu/env.sh bash .gpu/run-python-suite.sh")
set -euo pipefail
cd "$(dirname "$0")/../.."
shared=${CUMED_SHARED_DIR:-../shared}
build=${CUMED_BUILD_DIR:-build}
link_file=$build/Wrapping/Python/CMakeFiles/cumed_python_native.dir/link.txt
[ -f "$link_file" ] || { echo "bundle-python: $link_file missing; build first" >&2; exit 1; }
executables=()
# cumed-isosurface and cumed-piv travel for their shared libraries: the extension links VTK's XML image reader
# and ITK's BMP, PNG and TIFF readers (CuMed::ImageInput reads .vti files and PIV frames) and
# their dependencies, which the reference program does not.
for name in cumed_python_reference cumed-isosurface cumed-piv; do
  [ -x "$build/bin/$name" ] && executables+=("$build/bin/$name")
done
rm -rf .gpu && mkdir -p .gpu
if [ ${#executables[@]} -gt 0 ]; then bash "$shared/gpu/prepare.sh" "${executables[@]}"; fi
# cuFFT (cumed-piv's, 286 MB) does not travel: that machine's CUDA toolkit has it.
stage=$(mktemp -d)
xz -dc .gpu/bundle.tar.xz | tar -C "$stage" -xf -
rm -f "$stage"/bundle/lib/libcufft*
tar -C "$stage" -cf - bundle | xz -T2 -6 > .gpu/bundle.tar.xz
rm -rf "$stage"
kit=$(mktemp -d)/python-kit
mkdir -p "$kit/lib" "$kit/include"
cp -r "$build/Modules/Core/include/." "$kit/include/"
# Include directories CMake used here: the checkout's travel as tracked files, the build tree's
# generated headers are in the kit, and system headers that machine lacks (ITK, GDCM: cumed.io's
# reader header holds an itk::Image) are copied; its own Python's and CUDA's are used there.
flags=$build/Wrapping/Python/CMakeFiles/cumed_python_native.dir/flags.make
root=$(pwd)
includes=()
for dir in $(sed -n 's/^CXX_INCLUDES = //p' "$flags" | tr ' ' '\n' | grep -v '^-I$\|^-isystem$' | sed 's/^-I//'); do
  case "$dir" in
    "$root/$build"/*) ;; # generated headers: in the kit already
    "$root"/*) includes+=("-I${dir#$root/}") ;;
    */python3*|/usr/local/cuda*) ;;
    /usr/include/*)
      mkdir -p "$kit/sysinclude"
      cp -r "$dir" "$kit/sysinclude/"
      includes+=("-IKIT/sysinclude/$(basename "$dir")") ;;
  esac
done
printf '%s\n' "${includes[@]}" > "$kit/include-flags.txt"
# The libraries after the objects in CMake's link line: CuMed's archives and system .so files are
# copied into the kit; flags (-l..., -L...) stay as they are.
libraries=()
started=0
for token in $(cat "$link_file"); do
  case "$token" in
    *.o) started=1; continue ;;
  esac
  if [ "$started" = 0 ]; then
    # Link options before the objects (the exported GDCM jpeg hooks of CuMed::IO) travel too.
    case "$token" in -Wl,*) libraries+=("$token") ;; esac
    continue
  fi
  case "$token" in
    *.a|*.so|*.so.*)
      path=$token
      [ -f "$path" ] || path=$build/Wrapping/Python/$token
      if [[ "$path" == */gcc/* ]]; then
        continue # libgomp: -fopenmp there links that machine's own
      elif [ -f "$path" ] && [[ "$path" != /usr/local/cuda* ]] && [[ "$path" != */libpthread.a ]] && [[ "$path" != */librt.a ]]; then
        cp -L "$path" "$kit/lib/" 2>/dev/null || true
        libraries+=("KIT/lib/$(basename "$path")")
        # A shared CuMed library (CUMED_SHARED_LIBS) is loaded there by its SONAME.
        soname=$(objdump -p "$path" 2>/dev/null | awk '/SONAME/ {print $2}')
        if [ -n "$soname" ] && [ "$soname" != "$(basename "$path")" ]; then
          ln -sf "$(basename "$path")" "$kit/lib/$soname"
        fi
      elif [[ "$path" == /usr/local/cuda* ]]; then
        libraries+=("-l:$(basename "$path")") # found in that machine's /usr/local/cuda/lib64
      fi ;;
    -lm|-ldl|-lrt|-lpthread|-lcudadevrt|-lcudart_static|-L*|-Wl,*) libraries+=("$token") ;;
    -lnsl) ;; # named by DCMTK's link interface, called by nothing here; absent on that machine
    -l*) libraries+=("$token") ;;
  esac
done
printf '%s\n' "${libraries[@]}" > "$kit/link-libraries.txt"
# Shared CuMed libraries load libraries of their own that the extension's link line does not name
# (private links: DCMTK's dcmseg for CuMed::DicomSeg, ...): those travel too, by their SONAME, except
# what that machine provides (glibc, the driver, GL, cuFFT in its toolkit) and its newer C++ runtime and OpenMP.
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|libcuda\.so|libnvidia|libGL|libEGL|libOpenGL|libstdc\+\+|libgcc_s|libgomp|libcufft|libcumed_)'
# Those the executables' bundle already holds stay out (a run carries at most 64 MiB).
bundled=$(mktemp)
[ -f .gpu/bundle.tar.xz ] && tar -tJf .gpu/bundle.tar.xz | sed -n 's#^bundle/lib/##p' > "$bundled"
for library in "$kit"/lib/libcumed_*.so.*.*.*; do
  [ -e "$library" ] || continue
  ldd "$library" | awk '/=> \//{print $1, $3}' | while read -r name path; do
    [[ $name =~ $skip ]] && continue
    grep -qxF "$name" "$bundled" && continue
    [ -e "$kit/lib/$name" ] || cp -L "$path" "$kit/lib/$name"
  done
done
rm -f "$bundled"
tar -C "$(dirname "$kit")" -cJf .gpu/python-kit.tar.xz python-kit
rm -rf "$(dirname "$kit")"
rm -rf .gpu/popi-ct.tar.xz
# The real CT only when it fits what a run carries (64 MiB with the checkout): its tests skip without.
if [ "${CUMED_PYTHON_BUNDLE_CT:-0}" = 1 ]; then
  tar -C "$shared/data/ct" -cJf .gpu/popi-ct.tar.xz popi-phase00
fi
cp /usr/share/libdcmtk17/dicom.dic .gpu/
cp scripts/gpu/run-python-suite.sh .gpu/
du -sh .gpu
