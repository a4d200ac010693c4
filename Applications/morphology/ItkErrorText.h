#pragma once
// ITK's exception text without its "ITK ERROR: MetaImageIO(0x55...): " prefix and on one line,
// for messages that already name the file and what was being done.
#include <itkMacro.h>

#include <string>

namespace cumed::morphologyapp {

inline std::string ItkErrorText(const itk::ExceptionObject& e) {
  std::string text = e.GetDescription();
  if (text.rfind("ITK ERROR: ", 0) == 0) {
    const auto end = text.find("): ");
    if (end != std::string::npos) text.erase(0, end + 3);
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (auto newline = text.find('\n'); newline != std::string::npos; newline = text.find('\n')) {
    text.replace(newline, 1, "; ");
  }
  return text;
}

} // namespace cumed::morphologyapp
