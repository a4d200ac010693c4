// The programs' option tables (cumed::app::CommandLine over CLI11): the command-line conventions
// the programs have always had, with their messages, and the shared options.
#include "cumed/app/CommandLine.h"
#include "cumed/app/Options.h"
#include "cumed/app/UsageError.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace {

using cumed::app::CommandLine;
using cumed::app::ToolOptions;
using cumed::app::UsageError;

struct Parsed {
  ToolOptions tool;
  std::string output;
  std::optional<double> iso;
  std::string radius;
  bool force = false;
  bool normals = false;
  cumed::Backend backend = cumed::Backend::Auto;
  std::vector<std::string> positionals;
  bool stop = false;
};

// A table like a program's: the shared options, a renamed option with its old spelling, a number,
// a flag, --backend, --force and an option with one value or three.
Parsed Parse(std::vector<std::string> arguments, std::string* help = nullptr) {
  Parsed parsed;
  CommandLine cli("cumed-test", parsed.tool);
  cli.Usage("[options] INPUT", "Tests the table.\n");
  cli.Positional("INPUT", "the input");
  cli.Text("--output,--output-file", "FILE", "where it goes", parsed.output, "file name");
  cli.Number("--iso", "V", "the level\n(a number)", parsed.iso);
  cli.Flag("--normals", "point normals", parsed.normals);
  cli.Backend(parsed.backend, "auto, cpu or cuda");
  cli.Force(parsed.force, "replace outputs");
  auto* radius = cli.Value("--radius-vox", "R", "one or three",
                           [&](const std::string& value) { parsed.radius = value; });
  cli.AllowValues(
      radius, 3, [](const std::string& text) { return !text.empty() && isdigit(text[0]); },
      [](const std::string& first, const std::string& next) {
        throw UsageError("--radius-vox takes one value or three, got '" + first + " " + next + "'");
      });
  cli.Epilogue("Exit status: 0.\n");
  std::vector<const char*> argv{"cumed-test"};
  for (const std::string& argument : arguments) argv.push_back(argument.c_str());
  parsed.positionals = cli.Parse(static_cast<int>(argv.size()), argv.data());
  parsed.stop = cli.Stop();
  if (help) *help = cli.Help();
  return parsed;
}

std::string UsageMessage(std::vector<std::string> arguments) {
  try {
    Parse(std::move(arguments));
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(CommandLine, ValuesAsSeparateOrInlineArgumentsAndAliases) {
  const Parsed a = Parse({"in.mha", "--output", "a.vtp", "--iso=-100", "--normals"});
  EXPECT_EQ(a.output, "a.vtp");
  EXPECT_EQ(a.iso, -100.0);
  EXPECT_TRUE(a.normals);
  EXPECT_EQ(a.positionals, std::vector<std::string>{"in.mha"});
  EXPECT_EQ(Parse({"--output-file=b=c.vtp"}).output, "b=c.vtp"); // the old spelling; '=' in value
  // A value is the next argument whatever it looks like.
  EXPECT_EQ(Parse({"--output", "--json"}).output, "--json");
  EXPECT_EQ(Parse({"--iso", "-5"}).iso, -5.0);
  EXPECT_EQ(Parse({"--backend", "CPU"}).backend, cumed::Backend::CPU);
}

TEST(CommandLine, DoubleDashEndsTheOptionsAndADashIsPositional) {
  EXPECT_EQ(Parse({"-", "--", "--force", "-x"}).positionals,
            (std::vector<std::string>{"-", "--force", "-x"}));
  EXPECT_FALSE(Parse({"--", "--force"}).force);
}

TEST(CommandLine, MistakesAreUsageErrorsWithTheProgramsMessages) {
  EXPECT_EQ(UsageMessage({"--bogus"}), "unknown option '--bogus'");
  EXPECT_EQ(UsageMessage({"--bogus=1"}), "unknown option '--bogus'");
  EXPECT_EQ(UsageMessage({"-x"}), "unknown option '-x'");
  EXPECT_EQ(UsageMessage({"--iso", "1", "--iso", "2"}), "option --iso is given twice");
  EXPECT_EQ(UsageMessage({"--output", "a", "--output-file", "b"}),
            "option --output-file is given twice");
  EXPECT_EQ(UsageMessage({"--force", "--force"}), "option --force is given twice");
  EXPECT_EQ(UsageMessage({"--force=yes"}), "option --force takes no value");
  EXPECT_EQ(UsageMessage({"--iso"}), "option --iso needs a value");
  EXPECT_EQ(UsageMessage({"--iso", "abc"}), "--iso: 'abc' is not a finite number");
  EXPECT_EQ(UsageMessage({"--output="}), "--output: the file name is empty");
  EXPECT_NE(UsageMessage({"--backend", "gpu"}).find("--backend: "), std::string::npos);
  EXPECT_EQ(Parse({"-h", "--help"}).stop, true); // --help twice is fine
}

// The whole numbers of --window, --gpus, --radius-vox...: digits only, within the range.
TEST(CommandLine, WholeNumbersInARange) {
  using cumed::app::ParseWholeNumber;
  EXPECT_EQ(ParseWholeNumber("--n", "0", 0, 8), 0);
  EXPECT_EQ(ParseWholeNumber("--n", "8", 0, 8), 8);
  EXPECT_EQ(ParseWholeNumber("--n", "-2", -3, 8), -2);
  for (const char* text : {"", "1.5", "2x", " 3", "+3", "1e2", "99999999999"}) {
    try {
      ParseWholeNumber("--n", text, 0, 8);
      ADD_FAILURE() << "'" << text << "' was taken";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()), "--n: '" + std::string(text) + "' is not a whole number");
    }
  }
  try {
    ParseWholeNumber("--window", "256", 8, 128);
    ADD_FAILURE() << "256 was taken";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--window 256 is outside 8..128");
  }
}

TEST(CommandLine, OneValueOrSeveral) {
  EXPECT_EQ(Parse({"--radius-vox", "2", "in"}).radius, "2");
  EXPECT_EQ(Parse({"--radius-vox", "1", "2", "3", "in"}).radius, "1,2,3");
  EXPECT_EQ(Parse({"--radius-vox=1", "2", "3"}).positionals, (std::vector<std::string>{"2", "3"}));
  EXPECT_EQ(UsageMessage({"--radius-vox", "1", "2", "in"}),
            "--radius-vox takes one value or three, got '1 2'");
}

TEST(CommandLine, SharedOptions) {
  const Parsed a = Parse({"--json", "--quiet", "--threads", "3"});
  EXPECT_TRUE(a.tool.json);
  EXPECT_TRUE(a.tool.quiet);
  EXPECT_EQ(a.tool.threads, 3);
  EXPECT_TRUE(Parse({"--version"}).stop);
  EXPECT_TRUE(Parse({"--verbose"}).tool.verbose);
  EXPECT_EQ(UsageMessage({"--quiet", "--verbose"}), "--quiet and --verbose exclude each other");
  EXPECT_EQ(UsageMessage({"--threads", "0"}), "--threads 0 is outside 1..4096");
  EXPECT_EQ(UsageMessage({"--threads", "x"}),
            "--threads: 'x' is not a whole number (give 1..4096)");
}

TEST(CommandLine, JsonCanBeLeftOut) {
  ToolOptions tool;
  CommandLine cli("cumed-test", tool);
  cli.RemoveJson();
  const char* argv[] = {"cumed-test", "--json"};
  try {
    cli.Parse(2, argv);
    ADD_FAILURE() << "--json was accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "unknown option '--json'");
  }
  EXPECT_EQ(cli.Help().find("--json"), std::string::npos);
}

TEST(CommandLine, HelpComesFromTheTable) {
  std::string help;
  Parse({"--help"}, &help);
  EXPECT_EQ(help, "Usage: cumed-test [options] INPUT\n"
                  "\n"
                  "Tests the table.\n"
                  "\n"
                  "  INPUT                 the input\n"
                  "\n"
                  "  --output FILE         where it goes\n"
                  "  --iso V               the level\n"
                  "                        (a number)\n"
                  "  --normals             point normals\n"
                  "  --backend B           auto, cpu or cuda\n"
                  "  --force               replace outputs\n"
                  "  --radius-vox R        one or three\n"
                  "  --threads N           CPU threads to use, 1..4096 (default: OMP_NUM_THREADS, "
                  "else\n"
                  "                        every core)\n"
                  "  --json                print the summary as one JSON object\n"
                  "  --quiet               print only errors and the summary (no progress, notes "
                  "or\n"
                  "                        warnings)\n"
                  "  --verbose             also print debug messages (the flags override\n"
                  "                        CUMED_LOG_LEVEL=debug|info|warning|error)\n"
                  "  --version             print the version, the CUDA backend and the devices\n"
                  "  -h, --help            this text\n"
                  "\n"
                  "Exit status: 0.\n");
}

} // namespace
