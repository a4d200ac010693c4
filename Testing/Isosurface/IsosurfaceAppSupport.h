#pragma once
// What the tests of cumed-isosurface share: a fresh directory per test, running the built program
// there, the summary line's fields, volumes on an awkward grid (a smooth "sphere" of int16, label
// balls) written as files, surfaces read back, and the reference surfaces of VTK's own filters.
#include "ProgramRun.h"

#include <itkImage.h>
#include <vtkImageData.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::isosurfacetest {

using RunResult = apptest::RunResult;
using Int16Volume = itk::Image<std::int16_t, 3>;
using UInt8Volume = itk::Image<std::uint8_t, 3>;
using FloatVolume = itk::Image<float, 3>;
using DoubleVolume = itk::Image<double, 3>;

/// A new, empty directory for the current test (the previous run's is removed).
std::filesystem::path FreshWorkDirectory();

/// Runs cumed-isosurface with `arguments` in `directory`.
RunResult RunIsosurface(const std::vector<std::string>& arguments,
                        const std::filesystem::path& directory);

/// The value of "key=" in the summary line (up to the next space), or "" when absent.
std::string FieldOf(const std::string& summary, const std::string& key);

/// The phantom CT series the build generates (CUMED_SAMPLE_CT_DIR, from the environment or the
/// build).
std::filesystem::path PhantomDirectory();

/// A 31x27x23 volume on a tilted grid (spacing 0.8, 1.1, 1.7; an origin; rotated 25 degrees about
/// z and 10 about x): 1000 - 60 * (distance to an off-centre point in mm), plus a slow wave.
template <class TImage>
typename TImage::Pointer SphereVolume(const typename TImage::SizeType& size);

/// Labels 1 and 2 in two overlapping balls of a 29x25x21 uint8 volume (same grid as above).
UInt8Volume::Pointer TwoBallLabels();

template <class TImage> void WriteItkImage(const TImage* image, const std::filesystem::path& file);

/// The ITK image as a vtkImageData with the same geometry (a copy of the pixels).
template <class TImage> vtkSmartPointer<vtkImageData> ToVtkImage(const TImage* image);

/// Writes a vtkImageData as .vti.
void WriteVti(vtkImageData* image, const std::filesystem::path& file);

/// Reads a .vtp, .stl or .ply surface.
vtkSmartPointer<vtkPolyData> ReadSurface(const std::filesystem::path& file);

/// vtkFlyingEdges3D (or, `labels`, vtkDiscreteFlyingEdges3D) at `values` on `image`.
vtkSmartPointer<vtkPolyData> VtkReference(vtkImageData* image, const std::vector<double>& values,
                                          bool labels = false);

} // namespace cumed::isosurfacetest
