#pragma once
// Shared machinery of CuMed's ITK morphology filters: an itk::KernelImageFilter that hands its
// whole input to CuMed's core (CPU or CUDA) and records which backend ran. Subclasses only say
// which operation they are and expose the setters of their ITK counterpart.
#include "cumed/core/Backend.h"
#include "cumed/morphology/BinaryMorphology.h"
#include "cumed/morphology/GrayscaleMorphology.h"

#include <itkKernelImageFilter.h>
#include <itkMathematicalMorphologyEnums.h>

namespace cumed {

template <class TInputImage, class TOutputImage, class TKernel>
class MorphologyImageFilterBase
    : public itk::KernelImageFilter<TInputImage, TOutputImage, TKernel> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(MorphologyImageFilterBase);
  using Self = MorphologyImageFilterBase;
  using Superclass = itk::KernelImageFilter<TInputImage, TOutputImage, TKernel>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkTypeMacro(MorphologyImageFilterBase, KernelImageFilter);

  using InputImageType = TInputImage;
  using OutputImageType = TOutputImage;
  using KernelType = TKernel;
  using PixelType = typename TInputImage::PixelType;
  static constexpr unsigned int ImageDimension = TInputImage::ImageDimension;
  static_assert(ImageDimension == 2 || ImageDimension == 3,
                "CuMed morphology works on 2D and 3D images");

  /// Which implementation to use (default Auto: CUDA when a device is usable, else CPU).
  void SetBackend(cumed::Backend backend) {
    if (m_Backend != backend) {
      m_Backend = backend;
      this->Modified();
    }
  }
  cumed::Backend GetBackend() const { return m_Backend; }
  /// The backend that ran the last Update().
  cumed::Backend GetLastBackend() const { return m_LastBackend; }

  /// ITK's algorithm selection, accepted so code written for ITK's filters compiles unchanged.
  /// ITK's algorithms all give the same output, and so does CuMed's one exact algorithm per
  /// backend: the value is recorded, not used.
  using AlgorithmEnum = itk::MathematicalMorphologyEnums::Algorithm;
  void SetAlgorithm(AlgorithmEnum algorithm) { m_Algorithm = algorithm; }
  AlgorithmEnum GetAlgorithm() const { return m_Algorithm; }
  /// The top-hats' companion of SetAlgorithm, recorded likewise.
  void SetForceAlgorithm(bool force) { m_ForceAlgorithm = force; }
  bool GetForceAlgorithm() const { return m_ForceAlgorithm; }

  /// The kernel as CuMed's element (members: kernel values > 0, centre at the kernel's centre).
  static morphology::StructuringElement ToStructuringElement(const KernelType& kernel);

protected:
  MorphologyImageFilterBase() = default;
  ~MorphologyImageFilterBase() override = default;
  void PrintSelf(std::ostream& os, itk::Indent indent) const override;

  /// The core works on whole images: the whole input is needed for any output region.
  void GenerateInputRequestedRegion() override;
  void EnlargeOutputRequestedRegion(itk::DataObject* output) override;

  /// Runs a grayscale operation from the input into the output (allocated here), casting to the
  /// output pixel type afterwards as ITK's filters do.
  void RunGrayscale(morphology::GrayscaleOperation operation, morphology::GrayscaleOptions options);
  /// The same for a binary operation (options.backend is set here).
  void RunBinary(morphology::BinaryOperation operation, morphology::BinaryOptions options);
  /// The kernel as CuMed's structuring element.
  morphology::StructuringElement Element() const { return ToStructuringElement(this->GetKernel()); }

private:
  /// compute(inputView, outputView) -> Backend, on views of the input pixel type.
  template <class Compute> void RunCore(Compute compute);

  cumed::Backend m_Backend = cumed::Backend::Auto;
  cumed::Backend m_LastBackend = cumed::Backend::Auto;
  AlgorithmEnum m_Algorithm = AlgorithmEnum::BASIC;
  bool m_ForceAlgorithm = false;

protected:
  void SetLastBackend(cumed::Backend backend) { m_LastBackend = backend; }
  /// Progress forwarding for the core's callback.
  morphology::GrayscaleOptions BaseOptions();
};

} // namespace cumed

#include "MorphologyImageFilterBase.hxx"
