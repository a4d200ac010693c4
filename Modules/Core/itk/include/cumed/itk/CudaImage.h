#pragma once
// An itk::Image whose pixels can live on the GPU. CuMed's ITK filters read and write it on the
// device, so a chain of them copies nothing; any other reader gets host pixels through ITK's own
// accessors (GetBufferPointer, iterators, GetPixel), downloaded lazily, once, and counted.
//
// Rules (unlike ITK's GPUImage / ITKCudaCommon's CudaImage):
//  - constructing, allocating or initialising one never touches the CUDA driver; device memory
//    is allocated only when a CuMed filter on the CUDA backend uses it;
//  - const access syncs device -> host once and leaves both copies valid; non-const host access
//    (a filter writing its output, a user's iterator) makes the host copy the only valid one;
//    there is no dirty flag that flips on every access.
//  - Host accessors that are not virtual in itk::Image (GetPixel, SetPixel, operator[],
//    GetPixelContainer) sync when called through this class, not through an itk::Image pointer;
//    iterators and filters use the virtual GetBufferPointer and always see current pixels.
#include "cumed/core/DeviceBuffer.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/itk/ItkImageBridge.h"

#include <atomic>
#include <memory>
#include <mutex>

namespace cumed {

template <class TPixel, unsigned int VImageDimension = 3>
class CudaImage : public itk::Image<TPixel, VImageDimension> {
public:
  ITK_DISALLOW_COPY_AND_MOVE(CudaImage);
  using Self = CudaImage;
  using Superclass = itk::Image<TPixel, VImageDimension>;
  using Pointer = itk::SmartPointer<Self>;
  using ConstPointer = itk::SmartPointer<const Self>;
  using ConstWeakPointer = itk::WeakPointer<const Self>;
  // ITK's iterators name these through the image type; they must name this class.
  using AccessorFunctorType = itk::DefaultPixelAccessorFunctor<Self>;
  using NeighborhoodAccessorFunctorType = itk::NeighborhoodAccessorFunctor<Self>;
  itkNewMacro(Self);
  itkTypeMacro(CudaImage, Image);
  using typename Superclass::IndexType;
  using typename Superclass::PixelContainer;
  using ComponentType = typename ItkPixelTraits<TPixel>::ComponentType;
  template <class UPixel, unsigned int UImageDimension = VImageDimension> struct Rebind {
    using Type = CudaImage<UPixel, UImageDimension>;
  };

  /// Where valid pixels are now.
  bool IsHostCurrent() const { return m_HostValid; }
  bool IsDeviceCurrent() const { return m_DeviceValid; }
  /// Device->host copies this image made (lazy syncs), for tests and reports.
  std::size_t GetNumberOfHostSyncs() const { return m_HostSyncs; }

  /// For CuMed filters: the pixels on the device, uploaded (counted) if only the host has them.
  ImageView<const ComponentType> GetDeviceView() const {
    const_cast<Self*>(this)->SyncToDevice();
    return {m_Device->template as<const ComponentType>(), GeometryOf(*this), MemoryLocation::Device,
            ItkPixelTraits<TPixel>::Components};
  }
  /// For CuMed filters writing this image on the device: device memory for the buffered region,
  /// which becomes the only valid copy (set the regions first).
  ImageView<ComponentType> AllocateOnDevice() {
    // Host memory is reserved too (untouched pages cost nothing), so a later lazy download
    // never replaces the pixel container, which would change the image's modification time.
    Superclass::Allocate(false);
    EnsureDeviceBuffer();
    m_DeviceValid = true;
    m_HostValid = false;
    return {m_Device->template as<ComponentType>(), GeometryOf(*this), MemoryLocation::Device,
            ItkPixelTraits<TPixel>::Components};
  }

  NeighborhoodAccessorFunctorType GetNeighborhoodAccessor() {
    return NeighborhoodAccessorFunctorType();
  }
  const NeighborhoodAccessorFunctorType GetNeighborhoodAccessor() const {
    return NeighborhoodAccessorFunctorType();
  }

  // ITK's host accessors, made to see current pixels.
  TPixel* GetBufferPointer() override {
    SyncToHost();
    m_DeviceValid = false;
    return Superclass::GetBufferPointer();
  }
  const TPixel* GetBufferPointer() const override {
    const_cast<Self*>(this)->SyncToHost();
    return Superclass::GetBufferPointer();
  }
  PixelContainer* GetPixelContainer() {
    GetBufferPointer();
    return Superclass::GetPixelContainer();
  }
  const PixelContainer* GetPixelContainer() const {
    GetBufferPointer();
    return Superclass::GetPixelContainer();
  }
  const TPixel& GetPixel(const IndexType& index) const {
    GetBufferPointer();
    return Superclass::GetPixel(index);
  }
  TPixel& GetPixel(const IndexType& index) {
    GetBufferPointer();
    return Superclass::GetPixel(index);
  }
  void SetPixel(const IndexType& index, const TPixel& value) {
    GetBufferPointer();
    Superclass::SetPixel(index, value);
  }
  const TPixel& operator[](const IndexType& index) const { return GetPixel(index); }
  TPixel& operator[](const IndexType& index) { return GetPixel(index); }

  /// ITK allocating host memory (a reader, a non-CuMed filter): the host copy is the valid one.
  void Allocate(bool initializePixels = false) override {
    Superclass::Allocate(initializePixels);
    m_HostValid = true;
    m_DeviceValid = false;
  }
  void Initialize() override {
    Superclass::Initialize();
    m_Device.reset(); // may be shared with a grafted image: never freed under it
    m_HostValid = false;
    m_DeviceValid = false;
  }
  /// Grafting shares the device buffer and where the pixels are, as ITK shares the host buffer.
  void Graft(const itk::DataObject* data) override {
    Superclass::Graft(data);
    if (const auto* other = dynamic_cast<const Self*>(data)) {
      m_Device = other->m_Device;
      m_HostValid = other->m_HostValid.load();
      m_DeviceValid = other->m_DeviceValid.load();
    } else {
      m_Device.reset();
      m_HostValid = Superclass::GetBufferPointer() != nullptr;
      m_DeviceValid = false;
    }
  }

protected:
  CudaImage() = default;
  ~CudaImage() override = default;
  void PrintSelf(std::ostream& os, itk::Indent indent) const override {
    Superclass::PrintSelf(os, indent);
    os << indent << "HostCurrent: " << m_HostValid << ", DeviceCurrent: " << m_DeviceValid
       << ", HostSyncs: " << m_HostSyncs << "\n";
  }

private:
  std::size_t BufferBytes() const {
    return this->GetBufferedRegion().GetNumberOfPixels() * sizeof(TPixel);
  }
  void EnsureDeviceBuffer() {
    const std::size_t bytes = BufferBytes();
    if (!m_Device || m_Device->size() != bytes) m_Device = std::make_shared<DeviceBuffer>(bytes);
  }
  void SyncToDevice() {
    std::lock_guard<std::mutex> lock(m_SyncMutex);
    if (m_DeviceValid) return;
    if (!m_HostValid)
      throw InvalidArgument("CudaImage: no pixels to upload (the image is not allocated)");
    EnsureDeviceBuffer();
    CopyHostToDevice(m_Device->data(), Superclass::GetBufferPointer(), BufferBytes());
    m_DeviceValid = true;
  }
  // Called from ITK's worker threads too (iterators on a shared input): one download, ever.
  void SyncToHost() {
    if (m_HostValid || !m_DeviceValid) return;
    std::lock_guard<std::mutex> lock(m_SyncMutex);
    if (m_HostValid) return;
    CopyDeviceToHost(Superclass::GetBufferPointer(), m_Device->data(), BufferBytes());
    ++m_HostSyncs;
    m_HostValid = true;
  }

  std::shared_ptr<DeviceBuffer> m_Device;
  std::atomic<bool> m_HostValid{false};
  std::atomic<bool> m_DeviceValid{false};
  std::atomic<std::size_t> m_HostSyncs{0};
  std::mutex m_SyncMutex;
};

} // namespace cumed
