#pragma once
// What the cumed-register tests share: a fresh working directory per test, the program run there,
// blob images written as .mha, summary.json read back.
#include "JsonValue.h"
#include "ProgramRun.h"

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace cumed::registertest {

/// A new, empty directory for the current test.
std::filesystem::path FreshWorkDirectory();

apptest::RunResult RunRegister(const std::vector<std::string>& arguments,
                               const std::filesystem::path& directory);

/// A float Gaussian blob (peak 1000) of `size` voxels (2 or 3 values; spacing 2 mm, origin
/// (-10, 5, 3)) centred `shift` mm from the grid's centre, written as an .mha file.
void WriteBlob(const std::filesystem::path& file, const std::vector<std::size_t>& size,
               const std::array<double, 3>& shift);

/// An unsigned char mask of `size`, all ones, with the blob's spacing and origin.
void WriteMask(const std::filesystem::path& file, const std::vector<std::size_t>& size);

/// summary.json of an output directory, parsed.
apptest::JsonValue ReadSummary(const std::filesystem::path& directory);

/// Options that keep a run short: 2 levels, 12 mm grid, 20 iterations, CPU.
std::vector<std::string> QuickOptions();

} // namespace cumed::registertest
