#pragma once
// Opt-in drop-in for unmodified ITK code: after RegisterItkMorphologyOverrides<Images...>(),
// itk::GrayscaleDilateImageFilter<I, I, itk::FlatStructuringElement<D>>::New() (and the other ten
// morphology filters) returns CuMed's subclass for each listed image type I. Code written only
// with itk:: names then runs on CuMed's CPU or CUDA backend (Auto) and keeps ITK's interface.
#include "cumed/morphology/BinaryDilateImageFilter.h"
#include "cumed/morphology/BinaryErodeImageFilter.h"
#include "cumed/morphology/BinaryMorphologicalClosingImageFilter.h"
#include "cumed/morphology/BinaryMorphologicalOpeningImageFilter.h"
#include "cumed/morphology/BlackTopHatImageFilter.h"
#include "cumed/morphology/GrayscaleDilateImageFilter.h"
#include "cumed/morphology/GrayscaleErodeImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalClosingImageFilter.h"
#include "cumed/morphology/GrayscaleMorphologicalOpeningImageFilter.h"
#include "cumed/morphology/MorphologicalGradientImageFilter.h"
#include "cumed/morphology/WhiteTopHatImageFilter.h"

#include <itkObjectFactoryBase.h>
#include <itkVersion.h>

#include <set>
#include <string>
#include <typeinfo>

namespace cumed {

/// The ITK object factory that maps ITK's morphology classes to CuMed's.
class MorphologyItkFactory : public itk::ObjectFactoryBase {
public:
  ITK_DISALLOW_COPY_AND_MOVE(MorphologyItkFactory);
  using Self = MorphologyItkFactory;
  using Pointer = itk::SmartPointer<Self>;
  itkFactorylessNewMacro(Self);
  itkTypeMacro(MorphologyItkFactory, ObjectFactoryBase);
  const char* GetITKSourceVersion() const override { return ITK_SOURCE_VERSION; }
  const char* GetDescription() const override {
    return "CuMed: CPU/CUDA implementations of ITK's morphology filters";
  }

  /// Registers the eleven overrides for `TImage` in and out with a flat structuring element
  /// (once per type).
  template <class TImage> void RegisterImageType() {
    using K = itk::FlatStructuringElement<TImage::ImageDimension>;
    Override<itk::GrayscaleDilateImageFilter<TImage, TImage, K>,
             GrayscaleDilateImageFilter<TImage, TImage, K>>();
    Override<itk::GrayscaleErodeImageFilter<TImage, TImage, K>,
             GrayscaleErodeImageFilter<TImage, TImage, K>>();
    Override<itk::GrayscaleMorphologicalClosingImageFilter<TImage, TImage, K>,
             GrayscaleMorphologicalClosingImageFilter<TImage, TImage, K>>();
    Override<itk::GrayscaleMorphologicalOpeningImageFilter<TImage, TImage, K>,
             GrayscaleMorphologicalOpeningImageFilter<TImage, TImage, K>>();
    Override<itk::WhiteTopHatImageFilter<TImage, TImage, K>,
             WhiteTopHatImageFilter<TImage, TImage, K>>();
    Override<itk::BlackTopHatImageFilter<TImage, TImage, K>,
             BlackTopHatImageFilter<TImage, TImage, K>>();
    Override<itk::MorphologicalGradientImageFilter<TImage, TImage, K>,
             MorphologicalGradientImageFilter<TImage, TImage, K>>();
    Override<itk::BinaryDilateImageFilter<TImage, TImage, K>,
             BinaryDilateImageFilter<TImage, TImage, K>>();
    Override<itk::BinaryErodeImageFilter<TImage, TImage, K>,
             BinaryErodeImageFilter<TImage, TImage, K>>();
    Override<itk::BinaryMorphologicalClosingImageFilter<TImage, TImage, K>,
             BinaryMorphologicalClosingImageFilter<TImage, TImage, K>>();
    Override<itk::BinaryMorphologicalOpeningImageFilter<TImage, TImage, K>,
             BinaryMorphologicalOpeningImageFilter<TImage, TImage, K>>();
  }

  /// The factory registered with ITK (created and registered on first use).
  static MorphologyItkFactory& Instance() {
    static const Pointer factory = [] {
      Pointer created = New();
      itk::ObjectFactoryBase::RegisterFactory(created);
      return created;
    }();
    return *factory;
  }

protected:
  MorphologyItkFactory() = default;
  ~MorphologyItkFactory() override = default;

private:
  template <class TItk, class TCuMed> void Override() {
    const std::string itkName = typeid(TItk).name();
    if (!m_Registered.insert(itkName).second) return;
    this->RegisterOverride(itkName.c_str(), typeid(TCuMed).name(), "CuMed morphology", true,
                           itk::CreateObjectFunction<TCuMed>::New());
  }
  std::set<std::string> m_Registered;
};

/// Makes ITK's morphology filters on these image types CuMed's, e.g.
/// RegisterItkMorphologyOverrides<itk::Image<short, 3>, itk::Image<unsigned char, 3>>().
template <class... TImages> void RegisterItkMorphologyOverrides() {
  MorphologyItkFactory& factory = MorphologyItkFactory::Instance();
  (factory.RegisterImageType<TImages>(), ...);
}

} // namespace cumed
