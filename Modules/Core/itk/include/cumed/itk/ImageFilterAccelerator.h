#pragma once
// What every CuMed ITK filter adds to the ITK filter it derives from (TItkFilter): a
// GenerateData that runs CuMed's core on the CPU or the GPU. Parameters, PrintSelf, enums and
// the class's place in ITK's hierarchy stay ITK's, so a CuMed filter is an ITK filter (object
// factories can hand it out for ITK's class name). Modules add their own parameter mapping in a
// subclass (RunCuMed) and call Run() with the core function. The backend, what ran, the report,
// ITK's threads/progress/abort/exceptions and whole-image regions are FilterAccelerator's (one
// implementation for every CuMed ITK filter, FilterAccelerator.h); this class adds the fallback
// to ITK's filter and the device-resident images.
//
// Which implementation runs (GetLastBackend()):
//  - Implementation::CPU / CUDA: CuMed, for 2D/3D scalar images of uint8, int16, uint16 or
//    float (input and output);
//  - Implementation::ITK: any other pixel type or dimension runs the ITK filter unchanged.
// Where the pixels are: a cumed::CudaImage input is read on the device and a CudaImage output is
// written on the device when CUDA runs (nothing is copied back); other images are host memory.
#include "cumed/core/Execution.h"
#include "cumed/itk/CudaImage.h"
#include "cumed/itk/FilterAccelerator.h"
#include "cumed/itk/ItkImageBridge.h"

#include <utility>

namespace cumed {

template <class TItkFilter> class ImageFilterAccelerator : public FilterAccelerator<TItkFilter> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(ImageFilterAccelerator);
  using Superclass = FilterAccelerator<TItkFilter>;
  using InputImageType = typename TItkFilter::InputImageType;
  using OutputImageType = typename TItkFilter::OutputImageType;
  static constexpr unsigned int ImageDimension = InputImageType::ImageDimension;
  /// True when CuMed computes this instantiation (else ITK's filter runs).
  static constexpr bool CuMedSupported =
      (ImageDimension == 2 || ImageDimension == 3) && IsCuMedPixel<InputImageType>() &&
      IsCuMedPixel<OutputImageType>() &&
      ItkPixelTraits<typename InputImageType::PixelType>::Components == 1 &&
      ItkPixelTraits<typename OutputImageType::PixelType>::Components == 1;

protected:
  using InPixel = typename InputImageType::PixelType;
  using OutPixel = typename OutputImageType::PixelType;

  ImageFilterAccelerator() = default;
  ~ImageFilterAccelerator() override = default;

  /// ITK's filter keeps its own regions where it runs.
  bool RequestsWholeImages() const override { return CuMedSupported; }

  void GenerateDataWithCuMed() override {
    if constexpr (CuMedSupported) {
      RunCuMed();
    } else {
      TItkFilter::GenerateData();
      this->RecordFallback();
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
      this->ApplyExecution(options);
      this->RunCore([&] {
        options.backend = ResolveBackend(options.backend);
        if (allowDevice && options.backend == Backend::CUDA)
          if (auto* output = dynamic_cast<DeviceOutput*>(this->GetOutput()))
            return RunOnDevice(*output, options, compute);
        return RunOnHost(options, compute);
      });
    }
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
};

} // namespace cumed
