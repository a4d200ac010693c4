#pragma once
// A CD export as scanners and PACS write it, generated at test time: a DICOMDIR and nested
// directories with shuffled file names holding an MR, two axial CT reconstructions of one scan
// (STD and BONE kernels, equal size) with a localizer sharing the STD series' UID, a larger
// coronal CT reformat and a larger secondary capture. The default rule must read the STD CT.
#include "DicomTestSupport.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace cumed::io::test {

struct MixedExport {
  std::filesystem::path root;
  std::string mrUid;      ///< MR, SeriesNumber 5 't1 axial', 20 slices
  std::string stdUid;     ///< CT, SeriesNumber 2 'STD', kernel B30f, 18 axial slices + localizer
  std::string boneUid;    ///< CT, SeriesNumber 3 'BONE', kernel B70f, 18 axial slices
  std::string coronalUid; ///< CT, SeriesNumber 4 'COR', kernel B30f, 24 coronal slices
  std::string captureUid; ///< CT Secondary Capture, SeriesNumber 6 'Dose', 30 axial slices
  HounsfieldImage::Pointer stdVolume; ///< what the STD series holds (a ball in air)
  std::filesystem::path localizer;    ///< the localizer file inside the STD series' directory
};

inline constexpr int kMixedMrSlices = 20;
inline constexpr int kMixedCtSlices = 18;
inline constexpr int kMixedCoronalSlices = 24;
inline constexpr int kMixedCaptureSlices = 30;

/// Writes the export under `root` (created; must not exist). File names are drawn from `seed`.
MixedExport WriteMixedExport(const std::filesystem::path& root, std::uint64_t seed);
/// The same with the run's seed (cumed::test::RandomRunSeed: CUMED_RANDOM_SEED, else random),
/// printed so that a failure can be replayed.
MixedExport WriteMixedExportWithRunSeed(const std::filesystem::path& root);

/// The default rule's reason for the export: the STD/BONE tie and the rule that broke it.
std::string MixedExportTieReason();

} // namespace cumed::io::test
