#pragma once
// What every CuMed ITK filter adds to the ITK filter it derives from (TItkFilter): a
// GenerateData that runs CuMed's core on the CPU or the GPU. Parameters, PrintSelf, enums and
// the class's place in ITK's hierarchy stay ITK's, so a CuMed filter is an ITK filter (object
// factories can hand it out for ITK's class name). Modules add their own parameter mapping in a
// subclass (RunCuMed) and call Run() with the core function.
//
// Which implementation runs (GetLastBackend()):
//  - Implementation::CPU / CUDA: CuMed, for 2D/3D scalar images of uint8, int16, uint16 or
//    float (input and output);
//  - Implementation::ITK: any other pixel type or dimension runs the ITK filter unchanged.
// Where the pixels are: a cumed::CudaImage input is read on the device and a CudaImage output is
// written on the device when CUDA runs (nothing is copied back); other images are host memory.
#include "cumed/core/Execution.h"
#include "cumed/itk/CudaImage.h"
#include "cumed/itk/ItkExecution.h"
#include "cumed/itk/ItkImageBridge.h"

#include <utility>

namespace cumed {

template <class TItkFilter> class ImageFilterAccelerator : public TItkFilter {
public:
  ITK_DISALLOW_COPY_AND_MOVE(ImageFilterAccelerator);
  using Superclass = TItkFilter;
  using InputImageType = typename TItkFilter::InputImageType;
  using OutputImageType = typename TItkFilter::OutputImageType;
  static constexpr unsigned int ImageDimension = InputImageType::ImageDimension;
  /// True when CuMed computes this instantiation (else ITK's filter runs).
  static constexpr bool CuMedSupported =
      (ImageDimension == 2 || ImageDimension == 3) && IsCuMedPixel<InputImageType>() &&
      IsCuMedPixel<OutputImageType>() &&
      ItkPixelTraits<typename InputImageType::PixelType>::Components == 1 &&
      ItkPixelTraits<typename OutputImageType::PixelType>::Components == 1;

  /// Auto (default: CUDA when a device is usable, else CPU), CPU, or CUDA (an error when none).
  void SetBackend(Backend backend) {
    if (m_Backend != backend) {
      m_Backend = backend;
      this->Modified();
    }
  }
  Backend GetBackend() const { return m_Backend; }
  /// What ran the last Update(): CPU, CUDA, ITK (fallback), or None (not run, or it failed).
  Implementation GetLastBackend() const { return m_LastBackend; }
  /// Transfers, slabs, threads and time of the last CuMed run.
  const ExecutionReport& GetLastExecutionReport() const { return m_Report; }

protected:
  using InPixel = typename InputImageType::PixelType;
  using OutPixel = typename OutputImageType::PixelType;

  ImageFilterAccelerator() = default;
  ~ImageFilterAccelerator() override = default;

  /// CuMed works on whole images: the whole input is needed for any output region.
  void GenerateInputRequestedRegion() override {
    Superclass::GenerateInputRequestedRegion();
    if constexpr (CuMedSupported)
      if (auto* input = const_cast<InputImageType*>(this->GetInput()))
        input->SetRequestedRegionToLargestPossibleRegion();
  }
  void EnlargeOutputRequestedRegion(itk::DataObject* output) override {
    Superclass::EnlargeOutputRequestedRegion(output);
    if constexpr (CuMedSupported) output->SetRequestedRegionToLargestPossibleRegion();
  }

  void GenerateData() override {
    m_LastBackend = Implementation::None;
    if constexpr (CuMedSupported) {
      RunCuMed();
    } else {
      Superclass::GenerateData();
      m_LastBackend = Implementation::ITK;
    }
  }

  /// The subclass maps its ITK parameters to core options and calls Run().
  virtual void RunCuMed() = 0;

  /// Runs compute(ImageView<const InPixel>, ImageView<OutPixel>, const TOptions&) -> Backend
  /// with the filter's backend, ITK's threads/progress/abort, the report, and the images where
  /// they are. allowDevice false keeps the output on the host.
  template <class TOptions, class TCompute>
  void Run(TOptions options, TCompute compute, bool allowDevice = true) {
    if constexpr (CuMedSupported) {
      options.backend = m_Backend;
      options.report = &m_Report;
      ApplyItkExecution(*this, options);
      const Backend ran = RunWithItkErrors(*this, [&] {
        options.backend = ResolveBackend(options.backend);
        if (allowDevice && options.backend == Backend::CUDA)
          if (auto* output = dynamic_cast<DeviceOutput*>(this->GetOutput()))
            return RunOnDevice(*output, options, compute);
        return RunOnHost(options, compute);
      });
      m_LastBackend = ImplementationOf(ran);
    }
  }

  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "Backend: " << ToString(m_Backend) << "\n";
    os << indent << "LastBackend: " << ToString(m_LastBackend) << "\n";
  }

private:
  using DeviceInput = CudaImage<InPixel, ImageDimension>;
  using DeviceOutput = CudaImage<OutPixel, ImageDimension>;

  /// The output stays on the device; the input is read there (uploaded once when it is a host
  /// CudaImage, or through a temporary copy for a plain itk::Image).
  template <class TOptions, class TCompute>
  Backend RunOnDevice(DeviceOutput& output, const TOptions& options, TCompute& compute) {
    output.SetBufferedRegion(output.GetRequestedRegion());
    const auto* deviceInput = dynamic_cast<const DeviceInput*>(this->GetInput());
    Image staged;
    ImageView<const InPixel> in;
    if (deviceInput) {
      in = deviceInput->GetDeviceView();
    } else {
      const auto host = HostView(*this->GetInput());
      staged = Image::Adopt(const_cast<InPixel*>(host.data), PixelTypeOf<InPixel>(), host.geometry,
                            MemoryLocation::Host)
                   .toDevice();
      in = std::as_const(staged).view<InPixel>();
    }
    return compute(in, output.AllocateOnDevice(), options);
  }

  template <class TOptions, class TCompute>
  Backend RunOnHost(const TOptions& options, TCompute& compute) {
    OutputImageType* output = this->GetOutput();
    output->SetBufferedRegion(output->GetRequestedRegion());
    output->Allocate();
    return compute(HostView(*this->GetInput()), MutableHostView(*output), options);
  }

  Backend m_Backend = Backend::Auto;
  Implementation m_LastBackend = Implementation::None;
  ExecutionReport m_Report;
};

} // namespace cumed
