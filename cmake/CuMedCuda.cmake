# Decides whether the CUDA backend is built.
#   CUMED_CUDA=AUTO (default): built when nvcc is found, else a CPU-only build with the same API.
#   CUMED_CUDA=ON: nvcc is required.   CUMED_CUDA=OFF: CPU-only even when nvcc is present.
# The CUDA runtime is linked statically and libcuda is never linked directly, so every binary
# starts on a machine without an NVIDIA driver (the runtime loads the driver lazily).
set(CUMED_CUDA "AUTO" CACHE STRING "Build the CUDA backend: AUTO, ON or OFF")
set_property(CACHE CUMED_CUDA PROPERTY STRINGS AUTO ON OFF)

set(CUMED_WITH_CUDA OFF)
if(NOT CUMED_CUDA STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    set(CMAKE_CUDA_RUNTIME_LIBRARY Static)
    # CMake 3.25's FindCUDAToolkit (Debian 12) marks CUDA::nvToolsExt deprecated without checking
    # that it found the library; CUDA 13 ships none (NVTX is header-only nvtx3): an empty target.
    if(NOT TARGET CUDA::nvToolsExt)
      add_library(CUDA::nvToolsExt INTERFACE IMPORTED)
    endif()
    find_package(CUDAToolkit REQUIRED)
    set(CUMED_WITH_CUDA ON)
  elseif(CUMED_CUDA STREQUAL "ON")
    message(FATAL_ERROR "CUMED_CUDA=ON but no CUDA compiler (nvcc) was found; set CMAKE_CUDA_COMPILER "
                        "or configure with -DCUMED_CUDA=OFF for a CPU-only build")
  endif()
endif()
message(STATUS "CuMed CUDA backend: ${CUMED_WITH_CUDA} (CUMED_CUDA=${CUMED_CUDA})")
