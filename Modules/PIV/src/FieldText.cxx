#include "cumed/piv/FieldText.h"

#include "cumed/core/Error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace cumed::piv {

void WriteFieldText(const std::string& path, const PivField& field) {
  const std::size_t n = field.size();
  if (field.x.size() != n || field.y.size() != n || field.v.size() != n ||
      field.flags.size() != n || field.peakToPeak.size() != n)
    throw InvalidArgument("PIV: " + path + ": the field's arrays differ in length (" +
                          std::to_string(n) + " u values, " + std::to_string(field.x.size()) +
                          " positions)");
  const auto close = [](std::FILE* f) { std::fclose(f); };
  std::unique_ptr<std::FILE, decltype(close)> file(std::fopen(path.c_str(), "w"), close);
  if (!file) throw Error("PIV: cannot write " + path + ": " + std::strerror(errno));
  std::fprintf(file.get(), "# x\ty\tu\tv\tflags\tpeak_to_peak\n");
  for (std::size_t i = 0; i < n; ++i)
    std::fprintf(file.get(), "%.4f\t%.4f\t%.6f\t%.6f\t%d\t%.4f\n", field.x[i], field.y[i],
                 field.u[i], field.v[i], int(field.flags[i]), field.peakToPeak[i]);
  if (std::fflush(file.get()) != 0 || std::ferror(file.get()))
    throw Error("PIV: cannot write " + path + ": " + std::strerror(errno));
}

} // namespace cumed::piv
