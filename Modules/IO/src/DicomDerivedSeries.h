#pragma once
// What a derived slice says of its source: DerivationDescription, DerivationCodeSequence and a
// SourceImageSequence item naming the source slice it was computed from.
#include "cumed/io/DicomSeriesWriter.h"

#include <dcmtk/dcmdata/dcitem.h>

#include <cstddef>

namespace cumed::io::detail {

/// Adds the derivation attributes of slice `k` (referring to source slice k) to `dataset`.
void PutDerivation(DcmItem& dataset, const DicomSeriesInfo& source, std::size_t k,
                   DicomDerivation derivation, const std::string& description);

} // namespace cumed::io::detail
