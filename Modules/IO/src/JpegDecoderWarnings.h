#pragma once
// Corrupt-data warnings of the JPEG decoders bundled with GDCM, made visible per thread. libjpeg
// reports damaged entropy-coded data ("Corrupt JPEG data: ...") as a warning, prints it and
// decodes on, filling in wrong pixels; GDCM neither checks the warning count nor passes it on.
// CuMed::IO defines GDCM's gdcmjpeg{8,12,16}_jpeg_std_error, which the dynamic linker then
// resolves GDCM's calls to (ELF symbol interposition; the link exports them, see CMakeLists):
// each sets up the bundled library's standard error manager, then replaces its warning output.
#include <string>

namespace cumed::io::detail {

/// While alive, the first corrupt-data warning that a GDCM JPEG decoder raises on the calling
/// thread is kept, not printed. Warnings on threads without a capture are dropped.
class JpegWarningCapture {
public:
  JpegWarningCapture();
  ~JpegWarningCapture();
  JpegWarningCapture(const JpegWarningCapture&) = delete;
  JpegWarningCapture& operator=(const JpegWarningCapture&) = delete;
  /// The first warning's text ("Corrupt JPEG data: premature end of data segment"); "" if none.
  const std::string& FirstWarning() const;
};

} // namespace cumed::io::detail
