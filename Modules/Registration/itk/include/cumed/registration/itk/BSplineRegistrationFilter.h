#pragma once
// B-spline free-form deformation registration (cumed::registration::Register) as an ITK filter.
// Inputs: the fixed image (primary), the moving image, an optional fixed mask (unsigned char,
// nonzero = counted), an optional moving mask (unsigned char in moving space, any grid: a fixed
// voxel counts only where it maps onto a nonzero voxel of it, as elastix's moving mask and ITK's
// SetMovingImageMask), an optional affine pre-alignment (any itk::MatrixOffsetTransformBase);
// host itk::Images or device-resident cumed::CudaImages (read where their pixels are current).
// Outputs, all in memory and on the fixed image's grid:
//   output 0                  the moving image warped onto the fixed grid (float, trilinear)
//   GetDisplacementField()    A(x + u(x)) - x in mm, ITK's convention (fixed point -> moving point)
//   GetJacobianDeterminant()  of x -> A(x + u(x)); GetJacobianStatistics() its range and folding
//   GetTransform()            u as an itk::BSplineTransform<double, D, 3>
//   GetCompositeTransform()   A after u as an itk::CompositeTransform (what ResampleImageFilter
//                             needs to reproduce output 0)
//   GetAffineTransform()      A: the initial transform, or with AffineStageOn() the affine the
//                             registration estimated from it before the B-spline levels
//
//   using Filter = cumed::BSplineRegistrationFilter<itk::Image<short, 3>>;
//   auto registration = Filter::New();
//   registration->SetFixedImage(fixed);
//   registration->SetMovingImage(moving);
//   registration->SetMetric(cumed::registration::SimilarityMetric::NCC);
//   registration->SetGridSpacing(20.0);
//   registration->Update(); // errors: itk::ExceptionObject; observer abort: itk::ProcessAborted
//
// After every optimiser iteration the filter invokes itk::IterationEvent (GetCurrentLevel,
// GetCurrentIteration, GetCurrentCost say where it is; GetCurrentAffineStage whether the affine
// stage or the B-spline levels run) and a progress event; an observer that
// calls AbortGenerateDataOn() stops the run with itk::ProcessAborted.
//
// A MultiInputFilterAccelerator (cumed/itk/FilterAccelerator.h, what every CuMed ITK filter
// shares): SetBackend/GetBackend, GetLastBackend() (CPU or CUDA after a run, None after a
// failure), GetLastExecutionReport() (Register's), ITK's work units as the CPU threads, CuMed's
// errors as itk::ExceptionObject, whole images as the requested regions.
#include "cumed/core/Error.h"
#include "cumed/core/Execution.h"
#include "cumed/itk/CudaImage.h"
#include "cumed/itk/FilterAccelerator.h"
#include "cumed/itk/ItkImageBridge.h"
#include "cumed/registration/Registration.h"
#include "cumed/registration/itk/AffineTransformBridge.h"
#include "cumed/registration/itk/BSplineTransform2D.h"
#include "cumed/registration/itk/BSplineTransformBridge.h"

#include <itkBSplineTransform.h>
#include <itkCompositeTransform.h>
#include <itkEventObject.h>
#include <itkImage.h>
#include <itkMatrixOffsetTransformBase.h>
#include <itkVector.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace cumed {

template <class TFixedImage, class TMovingImage = TFixedImage>
class BSplineRegistrationFilter
    : public MultiInputFilterAccelerator<TFixedImage,
                                         itk::Image<float, TFixedImage::ImageDimension>> {
public:
  static constexpr unsigned int ImageDimension = TFixedImage::ImageDimension;
  static_assert(ImageDimension == 2 || ImageDimension == 3, "the registration is 2D or 3D");
  static_assert(TMovingImage::ImageDimension == ImageDimension,
                "the fixed and moving images must have the same dimension");
  static_assert(IsCuMedPixel<TFixedImage>() && IsCuMedPixel<TMovingImage>() &&
                    ItkPixelTraits<typename TFixedImage::PixelType>::Components == 1 &&
                    ItkPixelTraits<typename TMovingImage::PixelType>::Components == 1,
                "fixed and moving images are scalar unsigned char, short, unsigned short or float");
  ITK_DISALLOW_COPY_AND_MOVE(BSplineRegistrationFilter);

  using FixedImageType = TFixedImage;
  using MovingImageType = TMovingImage;
  using OutputImageType = itk::Image<float, ImageDimension>;
  using MaskImageType = itk::Image<unsigned char, ImageDimension>;
  using DisplacementFieldType = itk::Image<itk::Vector<float, ImageDimension>, ImageDimension>;
  using JacobianImageType = itk::Image<float, ImageDimension>;
  using TransformType = itk::BSplineTransform<double, ImageDimension, 3>;
  using InitialTransformType =
      itk::MatrixOffsetTransformBase<double, ImageDimension, ImageDimension>;
  using CompositeTransformType = itk::CompositeTransform<double, ImageDimension>;

  using Self = BSplineRegistrationFilter;
  using Superclass = MultiInputFilterAccelerator<TFixedImage, OutputImageType>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  itkNewMacro(Self);
  itkTypeMacro(BSplineRegistrationFilter, ImageToImageFilter);

  itkSetInputMacro(FixedImage, FixedImageType);
  itkGetInputMacro(FixedImage, FixedImageType);
  itkSetInputMacro(MovingImage, MovingImageType);
  itkGetInputMacro(MovingImage, MovingImageType);
  /// Optional: only voxels where the mask is nonzero count in the similarity and statistics.
  itkSetInputMacro(FixedMask, MaskImageType);
  itkGetInputMacro(FixedMask, MaskImageType);
  /// Optional: a fixed voxel counts only where its mapped position falls on a nonzero voxel of
  /// this mask (nearest voxel; outside it = 0). Its own grid in moving space: not checked against
  /// the moving image's (Register reads it at the moving voxels' centres).
  itkSetInputMacro(MovingMask, MaskImageType);
  itkGetInputMacro(MovingMask, MaskImageType);

  /// The affine pre-alignment A (moving point = A(fixed point)); none: the identity.
  void SetInitialTransform(const InitialTransformType* transform) {
    if (m_InitialTransform == transform) return;
    m_InitialTransform = transform;
    this->Modified();
  }
  const InitialTransformType* GetInitialTransform() const {
    return m_InitialTransform.GetPointer();
  }

  // The settings of cumed::registration::RegistrationOptions, one by one.
  itkSetEnumMacro(Metric, registration::SimilarityMetric);
  itkGetEnumMacro(Metric, registration::SimilarityMetric);
  itkSetMacro(NumberOfLevels, int);
  itkGetConstMacro(NumberOfLevels, int);
  /// Control-point spacing (mm) at the finest level.
  itkSetMacro(GridSpacing, double);
  itkGetConstMacro(GridSpacing, double);
  /// Per level.
  itkSetMacro(MaximumNumberOfIterations, int);
  itkGetConstMacro(MaximumNumberOfIterations, int);
  itkSetMacro(RelativeTolerance, double);
  itkGetConstMacro(RelativeTolerance, double);
  itkSetMacro(BendingEnergyWeight, double);
  itkGetConstMacro(BendingEnergyWeight, double);
  itkSetMacro(LinearElasticityWeight, double);
  itkGetConstMacro(LinearElasticityWeight, double);
  itkSetMacro(LogJacobianWeight, double);
  itkGetConstMacro(LogJacobianWeight, double);
  /// NMI's joint histogram.
  itkSetMacro(NumberOfHistogramBins, int);
  itkGetConstMacro(NumberOfHistogramBins, int);
  /// LocalNCC's Gaussian window (mm).
  itkSetMacro(LocalNCCSigma, double);
  itkGetConstMacro(LocalNCCSigma, double);
  /// Written where the warped image samples outside the moving image.
  itkSetMacro(DefaultPixelValue, double);
  itkGetConstMacro(DefaultPixelValue, double);
  /// Estimate an affine pre-alignment (starting from the initial transform, or the identity)
  /// before the B-spline levels; off by default. GetAffineTransform() returns it after Update().
  itkSetMacro(AffineStage, bool);
  itkGetConstMacro(AffineStage, bool);
  itkBooleanMacro(AffineStage);

  /// Every setting at once (the backend becomes SetBackend's; the observer and the other
  /// ExecutionOptions members are the filter's own and ignored here); an initialAffine becomes the
  /// initial transform (an itk::AffineTransform), none clears it.
  void SetRegistrationOptions(const registration::RegistrationOptions& options) {
    this->SetBackend(options.backend);
    SetMetric(options.metric);
    SetNumberOfLevels(options.levels);
    SetGridSpacing(options.gridSpacing);
    SetMaximumNumberOfIterations(options.maximumIterations);
    SetRelativeTolerance(options.relativeTolerance);
    SetBendingEnergyWeight(options.bendingEnergyWeight);
    SetLinearElasticityWeight(options.linearElasticityWeight);
    SetLogJacobianWeight(options.logJacobianWeight);
    SetNumberOfHistogramBins(options.histogramBins);
    SetLocalNCCSigma(options.localNccSigma);
    m_Sampling = options.sampling; // CPU only (cumed/registration/Sampling.h)
    SetDefaultPixelValue(options.defaultPixelValue);
    SetAffineStage(options.affineStage);
    if (!options.initialAffine) {
      SetInitialTransform(nullptr);
      return;
    }
    const auto affine = RunWithItkErrors(*this, [&] {
      return registration::ToItkAffineTransform<ImageDimension>(*options.initialAffine);
    });
    SetInitialTransform(affine);
  }
  /// The settings the next Update() passes to Register (the observer, threads, progress,
  /// cancellation and report are the filter's own).
  registration::RegistrationOptions GetRegistrationOptions() const {
    registration::RegistrationOptions options;
    options.backend = this->GetBackend();
    options.metric = m_Metric;
    options.levels = m_NumberOfLevels;
    options.gridSpacing = m_GridSpacing;
    options.maximumIterations = m_MaximumNumberOfIterations;
    options.relativeTolerance = m_RelativeTolerance;
    options.bendingEnergyWeight = m_BendingEnergyWeight;
    options.linearElasticityWeight = m_LinearElasticityWeight;
    options.logJacobianWeight = m_LogJacobianWeight;
    options.histogramBins = m_NumberOfHistogramBins;
    options.localNccSigma = m_LocalNCCSigma;
    options.sampling = m_Sampling;
    options.defaultPixelValue = m_DefaultPixelValue;
    options.affineStage = m_AffineStage;
    if (m_InitialTransform)
      options.initialAffine = registration::ToAffineTransform(*m_InitialTransform);
    return options;
  }

  // Where the running registration is (valid inside an IterationEvent observer).
  itkGetConstMacro(CurrentLevel, int);
  itkGetConstMacro(CurrentIteration, int);
  itkGetConstMacro(CurrentCost, double);
  itkGetConstMacro(CurrentSimilarity, double);
  itkGetConstMacro(CurrentRegularisation, double);
  /// True while the affine stage runs (GetCurrentLevel is then its pyramid level).
  itkGetConstMacro(CurrentAffineStage, bool);

  // Outputs of the last Update().
  DisplacementFieldType* GetDisplacementField() {
    return dynamic_cast<DisplacementFieldType*>(this->itk::ProcessObject::GetOutput(1));
  }
  JacobianImageType* GetJacobianDeterminant() {
    return dynamic_cast<JacobianImageType*>(this->itk::ProcessObject::GetOutput(2));
  }
  const registration::JacobianStatistics& GetJacobianStatistics() const {
    return m_JacobianStatistics;
  }
  /// Similarity at the finest level before and after the B-spline stage.
  /// The end-of-run check (cumed/registration/Quality.h): folding and a result worse than the
  /// start, each also logged at warning level through cumed::Log.
  const registration::RegistrationQuality& GetQuality() const { return m_Quality; }
  itkGetConstMacro(SimilarityBefore, double);
  itkGetConstMacro(SimilarityAfter, double);
  const std::vector<int>& GetIterationsPerLevel() const { return m_IterationsPerLevel; }
  /// Iterations of the affine stage per level it ran on (empty with AffineStageOff()).
  const std::vector<int>& GetAffineIterationsPerLevel() const { return m_AffineIterationsPerLevel; }
  /// Wall time of the registration itself (seconds).
  itkGetConstMacro(ElapsedSeconds, double);
  /// The B-spline grid (3D, as the registration ran it); throws itk::ExceptionObject before a run.
  const registration::BSplineGrid& GetBSplineGrid() const {
    if (!m_Grid) itkExceptionMacro(<< "no B-spline grid yet: call Update() first");
    return *m_Grid;
  }
  /// The affine A the registration ran with: the estimated one with AffineStageOn(), else the
  /// initial transform's (the identity without one).
  const registration::AffineTransform& GetAffineTransform() const { return m_Affine; }

  /// x -> x + u(x): a new itk::BSplineTransform in ITK's coefficient layout. 2D: the equivalent
  /// 2D transform on the fixed image's plane (ToItkBSplineTransform2D).
  typename TransformType::Pointer GetTransform() const {
    const registration::BSplineGrid& grid = GetBSplineGrid();
    return RunWithItkErrors(*this, [&]() -> typename TransformType::Pointer {
      if constexpr (ImageDimension == 3)
        return registration::ToItkBSplineTransform(grid);
      else
        return registration::ToItkBSplineTransform2D(grid, 0.0);
    });
  }
  /// x -> A(x + u(x)): the affine added first and the B-spline second, so that the B-spline is
  /// applied first (CompositeTransform applies the last added first).
  typename CompositeTransformType::Pointer GetCompositeTransform() const {
    auto composite = CompositeTransformType::New();
    auto affine = RunWithItkErrors(
        *this, [&] { return registration::ToItkAffineTransform<ImageDimension>(m_Affine); });
    composite->AddTransform(affine);
    composite->AddTransform(GetTransform());
    return composite;
  }

  itk::ModifiedTimeType GetMTime() const override {
    itk::ModifiedTimeType time = Superclass::GetMTime();
    if (m_InitialTransform) time = std::max(time, m_InitialTransform->GetMTime());
    return time;
  }

protected:
  BSplineRegistrationFilter() {
    this->SetPrimaryInputName("FixedImage");
    this->AddRequiredInputName("MovingImage", 1);
    this->AddOptionalInputName("FixedMask", 2);
    this->AddOptionalInputName("MovingMask", 3);
    this->SetNumberOfRequiredOutputs(3);
    this->SetNthOutput(1, this->MakeOutput(1));
    this->SetNthOutput(2, this->MakeOutput(2));
  }
  ~BSplineRegistrationFilter() override = default;

  using DataObjectPointerArraySizeType = itk::ProcessObject::DataObjectPointerArraySizeType;
  itk::DataObject::Pointer MakeOutput(DataObjectPointerArraySizeType index) override {
    if (index == 1) return DisplacementFieldType::New().GetPointer();
    return OutputImageType::New().GetPointer(); // 0: warped, 2: Jacobian (same type)
  }
  using Superclass::MakeOutput;

  /// The moving image has its own grid, and the mask is checked here rather than by ITK's rule
  /// that every input share the fixed image's physical space.
  void VerifyInputInformation() ITKv5_CONST override {
    const FixedImageType* fixed = this->GetFixedImage();
    const MaskImageType* mask = this->GetFixedMask();
    if (!fixed || !mask) return;
    const auto fixedSize = fixed->GetLargestPossibleRegion().GetSize();
    const auto maskSize = mask->GetLargestPossibleRegion().GetSize();
    if (fixedSize != maskSize)
      itkExceptionMacro(<< "the fixed mask is " << SizeText(maskSize)
                        << " voxels; expected the fixed image's " << SizeText(fixedSize));
    const double tolerance = 1e-6 * fixed->GetSpacing().GetNorm();
    if (fixed->GetOrigin().EuclideanDistanceTo(mask->GetOrigin()) > tolerance ||
        (fixed->GetSpacing() - mask->GetSpacing()).GetNorm() > tolerance ||
        !fixed->GetDirection().GetVnlMatrix().is_equal(mask->GetDirection().GetVnlMatrix(), 1e-6))
      itkExceptionMacro(<< "the fixed mask's origin, spacing or direction differs from the fixed "
                           "image's (origin "
                        << mask->GetOrigin() << " vs " << fixed->GetOrigin() << ", spacing "
                        << mask->GetSpacing() << " vs " << fixed->GetSpacing() << ")");
  }

  void VerifyPreconditions() ITKv5_CONST override {
    Superclass::VerifyPreconditions(); // the required inputs are set
    if (m_NumberOfLevels < 1)
      itkExceptionMacro(<< "NumberOfLevels = " << m_NumberOfLevels << "; expected 1 or more");
    if (!(std::isfinite(m_GridSpacing) && m_GridSpacing > 0))
      itkExceptionMacro(<< "GridSpacing = " << m_GridSpacing
                        << " mm; expected a finite number > 0");
    if (m_MaximumNumberOfIterations < 0)
      itkExceptionMacro(<< "MaximumNumberOfIterations = " << m_MaximumNumberOfIterations
                        << "; expected 0 or more");
    if (!(std::isfinite(m_RelativeTolerance) && m_RelativeTolerance >= 0))
      itkExceptionMacro(<< "RelativeTolerance = " << m_RelativeTolerance
                        << "; expected a finite number >= 0");
    const std::pair<const char*, double> weights[] = {
        {"BendingEnergyWeight", m_BendingEnergyWeight},
        {"LinearElasticityWeight", m_LinearElasticityWeight},
        {"LogJacobianWeight", m_LogJacobianWeight}};
    for (const auto& [name, value] : weights)
      if (!(std::isfinite(value) && value >= 0))
        itkExceptionMacro(<< name << " = " << value << "; expected a finite number >= 0");
    if (m_NumberOfHistogramBins < 2)
      itkExceptionMacro(<< "NumberOfHistogramBins = " << m_NumberOfHistogramBins
                        << "; expected 2 or more");
    if (!(std::isfinite(m_LocalNCCSigma) && m_LocalNCCSigma > 0))
      itkExceptionMacro(<< "LocalNCCSigma = " << m_LocalNCCSigma
                        << " mm; expected a finite number > 0");
  }

  /// The registration of the whole inputs (the base requests them whole) into whole outputs.
  void GenerateDataWithCuMed() override {
    m_Grid.reset();
    registration::RegistrationOptions options =
        RunWithItkErrors(*this, [&] { return GetRegistrationOptions(); });
    this->ApplyExecution(options);
    // Progress comes from the iteration observer below, which counts the affine stage's levels
    // too (Register's own progress covers the B-spline levels only).
    options.progress = nullptr;
    std::exception_ptr observerError;
    options.observer = [this, &observerError](const registration::IterationReport& report) {
      return ReportIteration(report, observerError);
    };
    this->UpdateProgress(0.0f);
    try {
      this->RunCore([&] {
        const Image fixed = AsCuMedImage(this->GetFixedImage());
        const Image moving = AsCuMedImage(this->GetMovingImage());
        std::optional<Image> mask, movingMask;
        if (this->GetFixedMask()) mask = AsCuMedImage(this->GetFixedMask());
        if (this->GetMovingMask()) movingMask = AsCuMedImage(this->GetMovingMask());
        registration::RegistrationResult result =
            registration::Register(fixed, moving, options, mask ? &*mask : nullptr,
                                   movingMask ? &*movingMask : nullptr, MemoryLocation::Host);
        KeepResults(result);
        return result.backend;
      });
    } catch (...) {
      // An exception of an ITK observer stopped the run: it, not the cancellation, is the news.
      if (observerError) std::rethrow_exception(observerError);
      throw;
    }
  }

  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "Metric: " << registration::ToString(m_Metric) << "\n";
    os << indent << "NumberOfLevels: " << m_NumberOfLevels << "\n";
    os << indent << "GridSpacing: " << m_GridSpacing << "\n";
    os << indent << "MaximumNumberOfIterations: " << m_MaximumNumberOfIterations << "\n";
    os << indent << "RelativeTolerance: " << m_RelativeTolerance << "\n";
    os << indent << "BendingEnergyWeight: " << m_BendingEnergyWeight << "\n";
    os << indent << "LinearElasticityWeight: " << m_LinearElasticityWeight << "\n";
    os << indent << "LogJacobianWeight: " << m_LogJacobianWeight << "\n";
    os << indent << "NumberOfHistogramBins: " << m_NumberOfHistogramBins << "\n";
    os << indent << "LocalNCCSigma: " << m_LocalNCCSigma << "\n";
    os << indent << "DefaultPixelValue: " << m_DefaultPixelValue << "\n";
    os << indent << "AffineStage: " << (m_AffineStage ? "On" : "Off") << "\n";
    os << indent << "InitialTransform: "
       << (m_InitialTransform ? m_InitialTransform->GetNameOfClass() : "(none)") << "\n";
  }

private:
  template <class TSize> static std::string SizeText(const TSize& size) {
    std::ostringstream text;
    for (unsigned i = 0; i < ImageDimension; ++i) text << (i ? "x" : "") << size[i];
    return text.str();
  }

  /// The ITK image as a CuMed image without a copy (the bridge): device pixels of a CudaImage
  /// whose device copy is current, else the host buffer.
  template <class TImage> static Image AsCuMedImage(const TImage* image) {
    using Pixel = typename TImage::PixelType;
    using DeviceImage = CudaImage<Pixel, ImageDimension>;
    if (const auto* device = dynamic_cast<const DeviceImage*>(image);
        device && device->IsDeviceCurrent()) {
      const ImageView<const Pixel> view = device->GetDeviceView();
      itk::SmartPointer<const DeviceImage> owner(device);
      return Image::Adopt(const_cast<Pixel*>(view.data), PixelTypeOf<Pixel>(), view.geometry,
                          MemoryLocation::Device,
                          std::shared_ptr<void>(nullptr, [owner](void*) {}));
    }
    return AdoptItkImage(const_cast<TImage*>(image));
  }

  bool ReportIteration(const registration::IterationReport& report, std::exception_ptr& error) {
    m_CurrentLevel = report.level;
    m_CurrentIteration = report.iteration;
    m_CurrentCost = report.cost;
    m_CurrentSimilarity = report.similarity;
    m_CurrentRegularisation = report.regularisation;
    m_CurrentAffineStage = report.affine;
    try {
      this->InvokeEvent(itk::IterationEvent());
      const double levelDone =
          m_MaximumNumberOfIterations > 0
              ? std::min(1.0, double(report.iteration) / double(m_MaximumNumberOfIterations))
              : 1.0;
      // The affine stage's levels (all but the finest, at least one) come before the B-spline's.
      const int affineLevels = m_AffineStage ? std::max(1, report.levels - 1) : 0;
      const int done = report.affine ? report.level : affineLevels + report.level;
      this->UpdateProgress(
          static_cast<float>((done + levelDone) / std::max(1, affineLevels + report.levels)));
    } catch (...) {
      error = std::current_exception();
      return false;
    }
    return !this->GetAbortGenerateData();
  }

  /// The result's host images become the outputs, without copies where the pixel layouts agree;
  /// the rest is kept for the getters.
  void KeepResults(registration::RegistrationResult& result) {
    this->GraftNthOutput(0, ToItkImage<OutputImageType>(std::move(result.warpedImage)));
    auto jacobian = ToItkImage<JacobianImageType>(std::move(result.jacobianDeterminant));
    GetJacobianDeterminant()->Graft(jacobian);
    GetDisplacementField()->Graft(ToFieldImage(std::move(result.displacementField)));
    m_JacobianStatistics = result.jacobian;
    m_Quality = result.quality;
    m_SimilarityBefore = result.similarityBefore;
    m_SimilarityAfter = result.similarityAfter;
    m_IterationsPerLevel = result.iterations;
    m_AffineIterationsPerLevel = result.affineIterations;
    m_ElapsedSeconds = result.seconds;
    m_Affine = result.affine;
    m_Grid.emplace(std::move(result.grid));
  }

  /// The 3-component field as an ITK vector image of D components (2D: x and y; a 2D
  /// registration does not move points out of their plane).
  static typename DisplacementFieldType::Pointer ToFieldImage(Image field) {
    if constexpr (ImageDimension == 3) {
      return ToItkImage<DisplacementFieldType>(std::move(field));
    } else {
      auto image = DisplacementFieldType::New();
      ApplyGeometry(field.geometry(), *image);
      image->Allocate();
      const float* in = field.view<float>().data;
      auto* out = image->GetBufferPointer();
      const std::size_t n = field.geometry().numberOfPixels();
      for (std::size_t i = 0; i < n; ++i) {
        out[i][0] = in[3 * i];
        out[i][1] = in[3 * i + 1];
      }
      return image;
    }
  }

  typename InitialTransformType::ConstPointer m_InitialTransform;
  // The library's defaults (RegistrationOptions): the benchmark's CT-CT settings.
  registration::SimilarityMetric m_Metric = registration::RegistrationOptions{}.metric;
  int m_NumberOfLevels = registration::RegistrationOptions{}.levels;
  double m_GridSpacing = registration::RegistrationOptions{}.gridSpacing;
  int m_MaximumNumberOfIterations = registration::RegistrationOptions{}.maximumIterations;
  double m_RelativeTolerance = registration::RegistrationOptions{}.relativeTolerance;
  bool m_AffineStage = false;
  double m_BendingEnergyWeight = registration::RegistrationOptions{}.bendingEnergyWeight;
  double m_LinearElasticityWeight = 0.0;
  double m_LogJacobianWeight = 0.0;
  int m_NumberOfHistogramBins = registration::RegistrationOptions{}.histogramBins;
  double m_LocalNCCSigma = registration::RegistrationOptions{}.localNccSigma;
  registration::VoxelSampling m_Sampling; ///< through Set/GetRegistrationOptions
  double m_DefaultPixelValue = 0.0;

  int m_CurrentLevel = 0;
  int m_CurrentIteration = 0;
  double m_CurrentCost = 0.0;
  double m_CurrentSimilarity = 0.0;
  double m_CurrentRegularisation = 0.0;
  bool m_CurrentAffineStage = false;

  registration::JacobianStatistics m_JacobianStatistics;
  registration::RegistrationQuality m_Quality;
  double m_SimilarityBefore = 0.0;
  double m_SimilarityAfter = 0.0;
  std::vector<int> m_IterationsPerLevel;
  std::vector<int> m_AffineIterationsPerLevel;
  double m_ElapsedSeconds = 0.0;
  registration::AffineTransform m_Affine;
  std::optional<registration::BSplineGrid> m_Grid;
};

} // namespace cumed
