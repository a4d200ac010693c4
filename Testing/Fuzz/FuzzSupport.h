#pragma once
// What the libFuzzer harnesses share: a scratch directory for the files an input becomes, the
// split of one input into several files (series fuzzing), and quiet libraries (their warnings on
// every malformed input would only slow the fuzzer down).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::fuzz {

/// A fresh directory under the system temporary directory, removed with everything in it when the
/// object goes away (harnesses keep one for the process: a static).
class ScratchDirectory {
public:
  explicit ScratchDirectory(const std::string& purpose);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// Writes `size` bytes to `name` inside the directory (replacing it); returns the file's path.
  std::string Write(const std::string& name, const std::uint8_t* data, std::size_t size) const;
  /// Removes every file in the directory, so that one input's files never meet the next one's.
  void Clear() const;

private:
  std::filesystem::path path_;
};

/// Series inputs are a sequence of files, each as a 4-byte little-endian length and that many
/// bytes; a length past the end takes what is left. At most kMaximumSeriesFiles files.
inline constexpr std::size_t kMaximumSeriesFiles = 8;
std::vector<std::string> SplitSeriesInput(const std::uint8_t* data, std::size_t size);
std::string JoinSeriesInput(const std::vector<std::string>& files);

/// Image-file inputs: the first byte picks the file name extension (modulo their count), so that
/// one fuzzer reaches each ITK ImageIO the applications use; the rest is the file.
const std::vector<std::string>& ImageFileExtensions();

/// A documented refusal (cumed::Error) of an input: printed on stderr when CUMED_FUZZ_VERBOSE is
/// set (to check that the seeds are read, or why a reproducer is refused), else ignored.
void NoteRefusal(const std::exception& error);

/// Silences ITK's, GDCM's, DCMTK's and CuMed's warnings and loads DCMTK's data dictionary.
void QuietLibraries();

} // namespace cumed::fuzz
