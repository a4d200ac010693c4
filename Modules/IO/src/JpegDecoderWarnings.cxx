#include "JpegDecoderWarnings.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

extern "C" {
#include <gdcmjpeg/16/jpeglib.h> // the error manager's layout is that of IJG 6b in all three

#include <gdcmjpeg/16/jerror.h>
}

namespace cumed::io::detail {
namespace {

thread_local bool tCapturing = false;
thread_local std::string tFirstWarning;

using StandardError = jpeg_error_mgr* (*)(jpeg_error_mgr*);

// Replaces libjpeg's emit_message: trace messages (level >= 0) stay silent as with the default
// trace level; warnings are counted as libjpeg does (GDCM reads the count to pick another bit
// depth after JWRN_MUST_DOWNSCALE, which is not damage) and kept instead of printed.
void KeepWarning(j_common_ptr info, int level) {
  if (level >= 0) return;
  jpeg_error_mgr& error = *info->err;
  ++error.num_warnings;
  if (error.msg_code == JWRN_MUST_DOWNSCALE || !tCapturing || !tFirstWarning.empty()) return;
  char text[JMSG_LENGTH_MAX] = {};
  error.format_message(info, text);
  tFirstWarning = text;
}

jpeg_error_mgr* StandardErrorWithKeptWarnings(jpeg_error_mgr* error, const char* symbol) {
  // The bundled library's own function: the next definition after this one.
  const auto original = reinterpret_cast<StandardError>(dlsym(RTLD_NEXT, symbol));
  if (original == nullptr) { // GDCM called us, so its library is loaded: cannot happen
    std::fprintf(stderr, "cumed: %s not found next to CuMed::IO's hook\n", symbol);
    std::abort();
  }
  original(error);
  error->emit_message = KeepWarning;
  return error;
}

} // namespace

JpegWarningCapture::JpegWarningCapture() {
  tCapturing = true;
  tFirstWarning.clear();
}

JpegWarningCapture::~JpegWarningCapture() {
  tCapturing = false;
  tFirstWarning.clear();
}

const std::string& JpegWarningCapture::FirstWarning() const {
  return tFirstWarning;
}

} // namespace cumed::io::detail

// GDCM's bundled decoders for 8-, 12- and 16-bit samples (lossless JPEG uses 12 or 16).
extern "C" {
__attribute__((visibility("default"))) jpeg_error_mgr*
gdcmjpeg8_jpeg_std_error(jpeg_error_mgr* error) {
  return cumed::io::detail::StandardErrorWithKeptWarnings(error, "gdcmjpeg8_jpeg_std_error");
}
__attribute__((visibility("default"))) jpeg_error_mgr*
gdcmjpeg12_jpeg_std_error(jpeg_error_mgr* error) {
  return cumed::io::detail::StandardErrorWithKeptWarnings(error, "gdcmjpeg12_jpeg_std_error");
}
__attribute__((visibility("default"))) jpeg_error_mgr*
gdcmjpeg16_jpeg_std_error(jpeg_error_mgr* error) {
  return cumed::io::detail::StandardErrorWithKeptWarnings(error, "gdcmjpeg16_jpeg_std_error");
}
}
