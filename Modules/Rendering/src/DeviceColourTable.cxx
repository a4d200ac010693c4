#include "cumed/rendering/DeviceColourTable.h"

#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkScalarsToColors.h>

#include <cstddef>
#include <limits>

namespace cumed::rendering {

DeviceColourTable SampleColourTable(vtkScalarsToColors* table) {
  DeviceColourTable sampled;
  const double* range = table->GetRange();
  sampled.low = range[0];
  sampled.high = range[1];
  const vtkIdType available = table->GetNumberOfAvailableColors();
  sampled.bins = available >= 1 && available <= 4096 ? static_cast<int>(available) : 1024;
  const double width = sampled.high > sampled.low ? sampled.high - sampled.low : 0.0;
  vtkNew<vtkFloatArray> values;
  values->SetNumberOfTuples(sampled.bins + 3);
  for (int k = 0; k < sampled.bins; ++k)
    values->SetValue(k, static_cast<float>(sampled.low + (k + 0.5) * width / sampled.bins));
  // Outside the range by as much as its width (1 when it is empty).
  const double margin = width > 0 ? width : 1.0;
  values->SetValue(sampled.bins, static_cast<float>(sampled.low - margin));
  values->SetValue(sampled.bins + 1, static_cast<float>(sampled.high + margin));
  values->SetValue(sampled.bins + 2, std::numeric_limits<float>::quiet_NaN());
  sampled.rgba.resize(4 * std::size_t(sampled.bins + 3));
  table->MapScalarsThroughTable(values, sampled.rgba.data(), VTK_RGBA);
  return sampled;
}

} // namespace cumed::rendering
