// CommandLine::SlicerXml (SlicerXml.h): the Slicer description is made from the option table, and
// an entry that disagrees with the table is refused rather than printed.
#include "cumed/app/CommandLine.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {
using cumed::app::CommandLine;
using cumed::app::SlicerGroup;
using cumed::app::SlicerModule;
using cumed::app::SlicerParameter;

// A small program's table: a positional, a flag, a number, a choice and a free value.
struct Table {
  cumed::app::ToolOptions tool;
  bool smooth = false;
  double size = 0.0;
  int mode = 0;
  std::string name;
  CommandLine cli{"cumed-example", tool};

  explicit Table(std::vector<SlicerParameter> parameters) {
    cli.Usage("[options] INPUT", "An example.\n");
    cli.Positional("INPUT", "the volume\nto read");
    cli.Flag("--smooth", "smooth first", smooth);
    cli.Number("--size,--old-size", "MM", "the size in mm (default: 2)", size);
    cli.Choice<int>("--mode", "M", "fast or exact", mode, {{"fast", 0}, {"exact", 1}}, "mode");
    cli.Text("--name", "N", "a name", name, "name");
    SlicerModule module;
    module.title = "Example";
    module.description = "An example & a test";
    module.groups = {SlicerGroup{"All", "Everything.", std::move(parameters)}};
    cli.Slicer(module);
  }
};

std::string Refusal(std::vector<SlicerParameter> parameters) {
  Table table(std::move(parameters));
  try {
    table.cli.SlicerXml();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "(not refused)";
}

TEST(SlicerXml, DescribesTheTableInTheSchemasOrder) {
  Table table({{"INPUT", "image", "Input", "", "input", ".nrrd"},
               {"--smooth", "boolean", "Smooth"},
               {"--size", "float", "Size", "2", "", "", 0.5, 10.0, 0.5},
               {"--mode", "string-enumeration", "Mode", "exact"}});
  const std::string xml = table.cli.SlicerXml();
  EXPECT_NE(xml.find("<description>An example &amp; a test</description>"), std::string::npos);
  // The positional by index, its help as one line; the options by their first name.
  EXPECT_NE(xml.find("<image fileExtensions=\".nrrd\">\n      <name>input</name>\n      "
                     "<index>0</index>\n      <description>the volume to read</description>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<name>smooth</name>\n      <longflag>smooth</longflag>"), std::string::npos);
  EXPECT_NE(xml.find("<default>false</default>"), std::string::npos);
  EXPECT_NE(xml.find("<longflag>size</longflag>\n      <description>the size in mm (default: "
                     "2)</description>\n      <label>Size</label>\n      <default>2</default>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<minimum>0.5</minimum>\n        <maximum>10</maximum>\n        "
                     "<step>0.5</step>"),
            std::string::npos);
  // The enumeration's words come from the table's Choice.
  EXPECT_NE(xml.find("<default>exact</default>\n      <element>fast</element>\n      "
                     "<element>exact</element>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(xml.find("old-size"), std::string::npos);
}

TEST(SlicerXml, RefusesEntriesThatDisagreeWithTheTable) {
  EXPECT_NE(Refusal({{"--sise", "float", "Size", "2"}}).find("no such option"), std::string::npos);
  EXPECT_NE(Refusal({{"--old-size", "float", "Size", "2"}}).find("no such option"),
            std::string::npos); // an alias is no first name
  EXPECT_NE(Refusal({{"--threads", "integer", "Threads", "1"}}).find("no such option"),
            std::string::npos); // the shared options are not the program's
  EXPECT_NE(Refusal({{"--size", "boolean", "Size"}}).find("takes a value"), std::string::npos);
  EXPECT_NE(Refusal({{"--smooth", "float", "Smooth", "1"}}).find("is a flag"), std::string::npos);
  EXPECT_NE(Refusal({{"--name", "string-enumeration", "Name", "a"}}).find("records no words"),
            std::string::npos);
  EXPECT_NE(Refusal({{"--mode", "string-enumeration", "Mode", "slow"}}).find("not one of"),
            std::string::npos);
  EXPECT_NE(Refusal({{"--size", "float", "Size", "20", "", "", 0.5, 10.0, 0.5}}).find("range"),
            std::string::npos);
  EXPECT_NE(Refusal({{"--size", "integer", "Size", "2.5"}}).find("whole number"),
            std::string::npos);
  EXPECT_NE(Refusal({{"--size", "float", "Size", ""}}).find("needs a default"), std::string::npos);
  EXPECT_NE(Refusal({{"--size", "float", "Size", "2", "", "", 0.5, 10.0}}).find("needs a step"),
            std::string::npos);
  EXPECT_NE(Refusal({{"INPUT", "image", "Input"}}).find("channel"), std::string::npos);
  EXPECT_NE(Refusal({{"OUTPUT", "image", "Output", "", "output"}}).find("usage line"),
            std::string::npos);
  EXPECT_NE(Refusal({{"--name", "text", "Name"}}).find("unknown element"), std::string::npos);
}

TEST(SlicerXml, XmlStopsTheParse) {
  Table table({{"--smooth", "boolean", "Smooth"}});
  const char* argv[] = {"cumed-example", "--xml"};
  EXPECT_TRUE(table.cli.Parse(2, argv).empty());
  EXPECT_TRUE(table.cli.XmlAsked());
  EXPECT_TRUE(table.cli.Stop());
  // Listed in --help, so a user finds it there.
  EXPECT_NE(table.cli.Help().find("--xml"), std::string::npos);
}

TEST(SlicerXml, ProgramsWithoutAModuleRefuseXml) {
  cumed::app::ToolOptions tool;
  CommandLine cli("cumed-other", tool);
  const char* argv[] = {"cumed-other", "--xml"};
  EXPECT_THROW(cli.Parse(2, argv), cumed::app::UsageError);
}

} // namespace
