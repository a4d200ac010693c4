#include "cumed/registration/itk/ApplyTransform.h"

#include "TextTransformFile.h"
#include "TransformIO.h"

#include "cumed/core/Error.h"
#include "cumed/io/ImageFiles.h"

#include <itkResampleImageFilter.h>
#include <itkTransform.h>
#include <itkTransformFileReader.h>

namespace cumed::registration {
namespace {

/// The points through `transform` if it maps D-dimensional points; false otherwise.
template <unsigned D> bool MapPointsOf(const TransformBaseType& base, PointList& points) {
  const auto* transform = dynamic_cast<const itk::Transform<double, D, D>*>(&base);
  if (!transform) return false;
  for (auto& p : points) {
    typename itk::Transform<double, D, D>::InputPointType in;
    for (unsigned a = 0; a < D; ++a) in[a] = p[a];
    const auto out = transform->TransformPoint(in);
    for (unsigned a = 0; a < D; ++a) p[a] = out[a];
  }
  return true;
}

} // namespace

TransformBaseType::ConstPointer ReadTransformFile(const std::filesystem::path& file,
                                                  const std::string& label) {
  RegisterTransformIO();
  const std::string name = label + " '" + file.string() + "'";
  auto reader = itk::TransformFileReaderTemplate<double>::New();
  reader->SetFileName(file.string());
  try {
    reader->Update();
  } catch (const itk::ExceptionObject& e) {
    throw cumed::Error("cannot read " + name + ": " + io::ItkErrorText(e));
  }
  const auto* list = reader->GetTransformList();
  if (list->empty()) throw cumed::Error(name + " holds no transform");
  // ITK reads a text file cut inside its last lines as complete (the transform keeps its
  // identity parameters): every transform but a composite must end with its FixedParameters.
  if (IsTextTransformFile(file)) {
    const TextTransformFileShape shape = ReadTextTransformFileShape(file);
    if (shape.fixedParameters != shape.transforms - shape.composites ||
        !shape.endsWithFixedParameters)
      throw cumed::Error(name + " is incomplete: " + std::to_string(shape.transforms) +
                         " transforms are named but " + std::to_string(shape.fixedParameters) +
                         " end with a complete FixedParameters line (a file cut short?)");
  }
  for (const auto& part : *list) {
    if (part->GetParameters().size() != part->GetNumberOfParameters())
      throw cumed::Error(name + ": its " + part->GetTransformTypeAsString() + " has " +
                         std::to_string(part->GetParameters().size()) + " parameters, " +
                         std::to_string(part->GetNumberOfParameters()) + " expected");
  }
  // A composite file lists the composite first, then its parts: the first is the whole.
  TransformBaseType::ConstPointer transform = list->front().GetPointer();
  const unsigned dimension = transform->GetInputSpaceDimension();
  if ((dimension != 2 && dimension != 3) || transform->GetOutputSpaceDimension() != dimension)
    throw cumed::Error(name + " holds a " + transform->GetTransformTypeAsString() +
                       "; expected a transform of 2D or 3D points");
  return transform;
}

void MapPoints(const TransformBaseType& transform, PointList& points) {
  const bool mapped = transform.GetInputSpaceDimension() == 2 ? MapPointsOf<2>(transform, points)
                                                              : MapPointsOf<3>(transform, points);
  if (!mapped)
    throw InvalidArgument("a " + transform.GetTransformTypeAsString() +
                          ", which cannot map points");
}

template <unsigned D>
typename FloatImage<D>::Pointer
ResampleOntoReference(const TransformBaseType& base, const FloatImage<D>* image,
                      const FloatImage<D>* reference, double defaultValue) {
  const auto* transform = dynamic_cast<const itk::Transform<double, D, D>*>(&base);
  if (!transform)
    throw InvalidArgument("a " + base.GetTransformTypeAsString() + ", which does not map " +
                          std::to_string(D) + "D points");
  // ResampleImageFilter's default interpolator is linear, as the registration's warped output.
  auto resample = itk::ResampleImageFilter<FloatImage<D>, FloatImage<D>, double>::New();
  resample->SetInput(image);
  resample->SetTransform(transform);
  resample->UseReferenceImageOn();
  resample->SetReferenceImage(reference);
  resample->SetDefaultPixelValue(static_cast<float>(defaultValue));
  resample->Update();
  typename FloatImage<D>::Pointer resampled = resample->GetOutput();
  resampled->DisconnectPipeline();
  return resampled;
}

template FloatImage<2>::Pointer ResampleOntoReference<2>(const TransformBaseType&,
                                                         const FloatImage<2>*, const FloatImage<2>*,
                                                         double);
template FloatImage<3>::Pointer ResampleOntoReference<3>(const TransformBaseType&,
                                                         const FloatImage<3>*, const FloatImage<3>*,
                                                         double);

} // namespace cumed::registration
