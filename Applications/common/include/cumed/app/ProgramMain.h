#pragma once
// How a command-line program runs and ends: exit status 0 on success, 1 for a runtime error, 2 for
// a usage error; an error is one line "PROGRAM: error: MESSAGE" on stderr, a usage error is
// followed by "Try 'PROGRAM --help'.".
#include "cumed/app/ToolOptions.h"
#include "cumed/app/UsageError.h"
#include "cumed/output/InterruptCleanup.h"
#include "cumed/output/SafeOutput.h"

#include <exception>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cumed::app {

inline constexpr int kRuntimeError = 1;
inline constexpr int kUsageError = 2;

/// Prints the error line for `message` (and for kUsageError the pointer to --help) on stderr;
/// returns `code`.
int Fail(std::string_view program, int code, const std::string& message);

/// "WHAT while running 'ARGUMENTS': the inputs or options ask for more memory than this machine
/// has; check the sizes they give": a bare allocation failure named with the command line that
/// caused it (the arguments cut at 300 characters).
inline std::string OutOfMemoryMessage(const std::string& what, int argc, const char* const* argv) {
  std::string arguments;
  for (int i = 1; i < argc && arguments.size() < 300; ++i)
    arguments += (i > 1 ? " " : "") + std::string(argv[i]);
  if (arguments.size() > 300) arguments = arguments.substr(0, 300) + "...";
  return what + " while running '" + arguments +
         "': the inputs or options ask for more memory than this machine has; check the sizes "
         "they give";
}

/// The whole of a program's main(). `parse(argc, argv)` reads the command line into arguments
/// with a `help` member and a `tool` member (ToolOptions); with `help` set, `helpText()` goes to
/// stdout, with `tool.xml` that text (--xml), with `tool.version` VersionText(); else the tool
/// options are applied to the process and `run(arguments)` does the work and returns the summary (a
/// line, or JSON with --json) for stdout; exit status 0. SIGINT, SIGTERM and SIGHUP remove the
/// run's partial outputs before it dies of the signal (InterruptCleanup.h). What escapes becomes
/// the exit status: UsageError and output::OutputRefused -> kUsageError; TLibraryError (e.g.
/// itk::ExceptionObject) -> kRuntimeError with the message `describe(error)`; std::bad_alloc ->
/// kRuntimeError, "out of memory while running '<arguments>' ..." (std::length_error too: the
/// message names the command line); any other std::exception -> kRuntimeError with its what().
template <class TLibraryError, class Parse, class HelpText, class Run, class Describe>
int RunCommandLine(std::string_view program, int argc, const char* const* argv, Parse&& parse,
                   HelpText&& helpText, Run&& run, Describe&& describe) {
  output::InstallInterruptCleanup(); // before any other thread starts
  try {
    const auto arguments = parse(argc, argv);
    if (arguments.help) {
      std::cout << helpText();
      return 0;
    }
    if (!arguments.tool.xml.empty()) { // --xml (SlicerXml.h): nothing else runs
      std::cout << arguments.tool.xml;
      return 0;
    }
    if (arguments.tool.version) {
      std::cout << VersionText(std::string(program));
      return 0;
    }
    ApplyToolOptions(std::string(program), arguments.tool);
    std::cout << run(arguments) << std::endl;
    return 0;
  } catch (const UsageError& e) {
    return Fail(program, kUsageError, e.what());
  } catch (const output::OutputRefused& e) { // an output the command line named
    return Fail(program, kUsageError, e.what());
  } catch (const TLibraryError& e) {
    return Fail(program, kRuntimeError, describe(e));
  } catch (const std::bad_alloc&) {
    return Fail(program, kRuntimeError, OutOfMemoryMessage("out of memory", argc, argv));
  } catch (const std::length_error& e) { // e.g. vector::_M_default_append: a size beyond memory
    return Fail(program, kRuntimeError,
                OutOfMemoryMessage(std::string("a size too large to allocate (") + e.what() + ")",
                                   argc, argv));
  } catch (const std::exception& e) {
    return Fail(program, kRuntimeError, e.what());
  }
}

/// RunCommandLine's `run` for a program whose `pipeline(arguments)` returns its summary: the
/// summary as FormatSummaryJson(summary) with --json, else as FormatSummary(summary) (its line),
/// both declared beside the summary's type.
template <class Pipeline> auto FormattedSummary(Pipeline&& pipeline) {
  return [pipeline](const auto& arguments) {
    const auto summary = pipeline(arguments);
    return arguments.tool.json ? FormatSummaryJson(summary) : FormatSummary(summary);
  };
}

} // namespace cumed::app
