#pragma once
// The file formats the registration's files use, registered once for programs that did not list
// them with ITK's UseITK (a library user's program); ITK registers a factory class only once.
#include <itkHDF5TransformIOFactory.h>
#include <itkMetaImageIOFactory.h>
#include <itkNiftiImageIOFactory.h>
#include <itkNrrdImageIOFactory.h>
#include <itkTxtTransformIOFactory.h>

#include <mutex>

namespace cumed::registration {

/// ITK transform files: .tfm and .txt (text), .h5 (HDF5).
inline void RegisterTransformIO() {
  static std::once_flag once;
  std::call_once(once, [] {
    itk::TxtTransformIOFactory::RegisterOneFactory();
    itk::HDF5TransformIOFactory::RegisterOneFactory();
  });
}

/// The image files the outputs are written as: MetaImage, NRRD, NIfTI.
inline void RegisterImageWriters() {
  static std::once_flag once;
  std::call_once(once, [] {
    itk::MetaImageIOFactory::RegisterOneFactory();
    itk::NrrdImageIOFactory::RegisterOneFactory();
    itk::NiftiImageIOFactory::RegisterOneFactory();
  });
}

} // namespace cumed::registration
