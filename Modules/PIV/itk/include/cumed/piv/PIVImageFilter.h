#pragma once
// PIV as an ITK filter: two 2D frames in (SetFirstInput / SetSecondInput; pixel types CuMed
// computes on: unsigned char, short, unsigned short, float), the velocity field out as an
// itk::Image<itk::Vector<float, 2>, 2> on the grid of window centres: origin at the first window
// centre, spacing = step x the frames' spacing, the frames' direction. Each vector is the
// displacement x spacing / TimeBetweenFrames in physical axes (turned by the direction, as ITK's
// displacement fields are). The full PivField (flags, peaks, ratios) of the last run is
// GetField().
//
//   auto piv = cumed::PIVImageFilter<itk::Image<unsigned char, 2>>::New();
//   piv->SetFirstInput(readerA->GetOutput());
//   piv->SetSecondInput(readerB->GetOutput());
//   cumed::piv::PivOptions options;  options.windowSizes = {64, 32, 16};
//   piv->SetPivOptions(options);
//   piv->Update();   // errors: itk::ExceptionObject (cumed::ItkError); abort: itk::ProcessAborted
//
// A MultiInputFilterAccelerator (cumed/itk/FilterAccelerator.h, what every CuMed ITK filter
// shares): SetBackend/GetBackend, GetLastBackend() (CPU or CUDA after a run, None after a
// failure), GetLastExecutionReport(); ITK's work units set the CPU threads, progress events come
// between passes, AbortGenerateData stops the run.
#include "cumed/itk/FilterAccelerator.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/piv/FieldGrid.h"
#include "cumed/piv/Piv.h"

#include <itkImage.h>
#include <itkVector.h>

#include <algorithm>
#include <type_traits>

namespace cumed {

template <class TInputImage, class TOutputImage = itk::Image<itk::Vector<float, 2>, 2>>
class PIVImageFilter : public MultiInputFilterAccelerator<TInputImage, TOutputImage> {
public:
  static_assert(TInputImage::ImageDimension == 2 && TOutputImage::ImageDimension == 2,
                "PIV frames and fields are 2D");
  static_assert(
      IsCuMedPixel<TInputImage>() &&
          std::is_same_v<typename TInputImage::PixelType,
                         typename ItkPixelTraits<typename TInputImage::PixelType>::ComponentType>,
      "PIV frames are scalar unsigned char, short, unsigned short or float images");
  ITK_DISALLOW_COPY_AND_MOVE(PIVImageFilter);
  using Self = PIVImageFilter;
  using Superclass = MultiInputFilterAccelerator<TInputImage, TOutputImage>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(PIVImageFilter, ImageToImageFilter);

  void SetFirstInput(const TInputImage* image) {
    this->SetNthInput(0, const_cast<TInputImage*>(image));
  }
  void SetSecondInput(const TInputImage* image) {
    this->SetNthInput(1, const_cast<TInputImage*>(image));
  }

  /// Every PIV setting (the backend becomes SetBackend's); the mask, threads, progress, cancel and
  /// report members are the filter's own.
  void SetPivOptions(const piv::PivOptions& options) {
    this->SetBackend(options.backend);
    m_Options = options;
    m_Options.mask = {};
    m_Options.report = nullptr;
    this->Modified();
  }
  /// The PIV settings, with GetBackend() as the backend.
  piv::PivOptions GetPivOptions() const {
    piv::PivOptions options = m_Options;
    options.backend = this->GetBackend();
    return options;
  }
  /// Velocity = displacement x spacing / this (> 0; default 1: displacement per pair).
  itkSetMacro(TimeBetweenFrames, double);
  itkGetConstMacro(TimeBetweenFrames, double);
  /// The field of the last run (px, image axes), with flags, peaks and ratios.
  const piv::PivField& GetField() const { return m_Field; }

protected:
  PIVImageFilter() { this->SetNumberOfRequiredInputs(2); }
  ~PIVImageFilter() override = default;

  void GenerateOutputInformation() override {
    const TInputImage* first = this->GetInput(0);
    TOutputImage* output = this->GetOutput();
    if (!first || !output) return;
    const auto region = first->GetLargestPossibleRegion();
    const piv::FieldGrid grid =
        piv::PlanFieldGrid(int(region.GetSize(0)), int(region.GetSize(1)), m_Options);
    ImageGeometry frames;
    frames.size = {region.GetSize(0), region.GetSize(1), 1};
    typename TInputImage::PointType origin;
    first->TransformIndexToPhysicalPoint(region.GetIndex(), origin);
    for (unsigned i = 0; i < 2; ++i) {
      frames.spacing[i] = first->GetSpacing()[i];
      frames.origin[i] = origin[i];
      for (unsigned j = 0; j < 2; ++j) frames.direction[3 * i + j] = first->GetDirection()(i, j);
    }
    ImageGeometry field = piv::FieldGeometry(grid, frames);
    // An empty grid still needs a valid region; GenerateData reports the real problem.
    field.size = {std::max<std::size_t>(field.size[0], 1), std::max<std::size_t>(field.size[1], 1),
                  1};
    RunWithItkErrors(*this, [&] { ApplyGeometry(field, *output); });
    output->SetLargestPossibleRegion(output->GetBufferedRegion());
  }

  /// The field from both whole frames (the base requests them whole for any part of it).
  void GenerateDataWithCuMed() override {
    if (!(m_TimeBetweenFrames > 0))
      itkExceptionMacro(<< "TimeBetweenFrames = " << m_TimeBetweenFrames << " must be positive");
    piv::PivOptions options = m_Options;
    this->ApplyExecution(options);
    this->RunCore([&] {
      m_Field =
          piv::ComputePiv(HostView(*this->GetInput(0)), HostView(*this->GetInput(1)), options);
      WriteVelocities();
      return m_Field.backendUsed;
    });
  }

  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "TimeBetweenFrames: " << m_TimeBetweenFrames << "\n";
  }

private:
  /// The field's displacements as velocities in physical axes.
  void WriteVelocities() {
    TOutputImage* output = this->GetOutput();
    output->SetBufferedRegion(output->GetRequestedRegion());
    output->Allocate();
    const auto& spacing = this->GetInput(0)->GetSpacing();
    const auto& direction = this->GetInput(0)->GetDirection();
    typename TOutputImage::PixelType* pixels = output->GetBufferPointer();
    for (std::size_t i = 0; i < m_Field.size(); ++i) {
      const double a = m_Field.u[i] * spacing[0] / m_TimeBetweenFrames;
      const double b = m_Field.v[i] * spacing[1] / m_TimeBetweenFrames;
      pixels[i][0] = static_cast<float>(direction(0, 0) * a + direction(0, 1) * b);
      pixels[i][1] = static_cast<float>(direction(1, 0) * a + direction(1, 1) * b);
    }
  }

  piv::PivOptions m_Options; // its backend is unused: the base's is the filter's
  double m_TimeBetweenFrames = 1.0;
  piv::PivField m_Field;
};

} // namespace cumed
