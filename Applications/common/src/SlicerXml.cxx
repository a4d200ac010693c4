// CommandLine::SlicerXml: the program's SlicerModule (SlicerXml.h) checked against its option
// table and written as Slicer's execution-model XML.
#include "cumed/app/CommandLine.h"
#include "cumed/core/Config.h"
#include "cumed/core/XmlText.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace cumed::app {
namespace {

// Help text as one paragraph: its line breaks are only there for --help's column.
std::string OneLine(const std::string& text) {
  std::string out = text;
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

// "--radius-mm" -> "radiusMm", "INPUT" -> "input", "--2d" -> "option2d": Slicer generates
// variables from the names, so they must be identifiers.
std::string ParameterName(const std::string& option) {
  std::string name;
  bool upper = false;
  for (const char c : option.substr(option.find_first_not_of('-'))) {
    if (c == '-') {
      upper = !name.empty();
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    name += upper ? static_cast<char>(std::toupper(u)) : static_cast<char>(std::tolower(u));
    upper = false;
  }
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
    name = "option" + name;
  return name;
}

std::string NumberText(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

bool IsDataTag(const std::string& tag) {
  return tag == "image" || tag == "geometry" || tag == "transform" || tag == "file" ||
         tag == "directory";
}

bool IsKnownTag(const std::string& tag) {
  static const char* const tags[] = {
      "image",          "geometry",    "transform", "file",   "directory",
      "float",          "integer",     "boolean",   "string", "string-enumeration",
      "integer-vector", "float-vector"};
  return std::any_of(std::begin(tags), std::end(tags), [&](const char* t) { return tag == t; });
}

[[noreturn]] void Refuse(const std::string& program, const SlicerParameter& p,
                         const std::string& why) {
  throw std::logic_error(program + " --xml: Slicer parameter " + p.option + ": " + why);
}

// The default and the range of a number agree (a default Slicer would pass must be taken).
void CheckNumber(const std::string& program, const SlicerParameter& p) {
  if (p.defaultValue.empty()) Refuse(program, p, "a number needs a default (Slicer passes it)");
  char* end = nullptr;
  const double value = std::strtod(p.defaultValue.c_str(), &end);
  if (*end != '\0' || !std::isfinite(value)) Refuse(program, p, "the default is no number");
  if (p.tag == "integer" && value != std::floor(value))
    Refuse(program, p, "the default is no whole number");
  if ((p.minimum && value < *p.minimum) || (p.maximum && value > *p.maximum))
    Refuse(program, p, "the default lies outside the range");
}

} // namespace

std::string CommandLine::SlicerXml() const {
  if (!slicer_) throw std::logic_error(program_ + ": --xml without a Slicer module");
  const SlicerModule& module = *slicer_;
  std::ostringstream xml;
  xml << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<executable>\n"
      << "  <category>" << XmlEscaped(module.category) << "</category>\n"
      << "  <title>" << XmlEscaped(module.title) << "</title>\n"
      << "  <description>" << XmlEscaped(module.description) << "</description>\n"
      << "  <version>" << CUMED_VERSION << "</version>\n"
      << "  <documentation-url>" << XmlEscaped(module.documentationUrl) << "</documentation-url>\n"
      << "  <license>" << XmlEscaped(module.license) << "</license>\n"
      << "  <contributor>" << XmlEscaped(module.contributor) << "</contributor>\n";
  std::vector<std::string> names;
  int undeclared = static_cast<int>(positionals_.size());
  std::string usageWords = " " + usage_ + " "; // the words of the usage line(s)
  std::replace(usageWords.begin(), usageWords.end(), '\n', ' ');
  for (const SlicerGroup& group : module.groups) {
    xml << "  <parameters>\n    <label>" << XmlEscaped(group.label) << "</label>\n"
        << "    <description>" << XmlEscaped(group.description) << "</description>\n";
    for (const SlicerParameter& p : group.parameters) {
      if (!IsKnownTag(p.tag)) Refuse(program_, p, "unknown element '" + p.tag + "'");
      if (IsDataTag(p.tag) && p.channel != "input" && p.channel != "output")
        Refuse(program_, p, "a data element needs the channel input or output");
      std::string description;
      std::string flag;
      int index = -1;
      const auto positional =
          std::find_if(positionals_.begin(), positionals_.end(),
                       [&](const auto& entry) { return entry.first == p.option; });
      if (positional != positionals_.end() || p.option.rfind("-", 0) != 0) {
        if (p.tag == "boolean") Refuse(program_, p, "a positional argument is no flag");
        if (positional != positionals_.end()) {
          index = static_cast<int>(positional - positionals_.begin());
          description = positional->second;
        } else {
          // Undeclared positionals: their order is the order of the module's entries.
          if (p.description.empty() || usageWords.find(" " + p.option + " ") == std::string::npos)
            Refuse(program_, p, "neither declared nor in the usage line with a description");
          index = undeclared++;
          description = p.description;
        }
      } else {
        // The table's option under its first name, not one of the shared ones.
        const auto option = std::find_if(options_.begin(), options_.end(), [&](auto* o) {
          return p.option.rfind("--", 0) == 0 && !o->get_lnames().empty() &&
                 o->get_lnames().front() == p.option.substr(2);
        });
        if (option == options_.end())
          Refuse(program_, p, "the program has no such option (as its first name)");
        const bool isFlag = (*option)->get_items_expected_max() == 0;
        if (isFlag != (p.tag == "boolean"))
          Refuse(program_, p,
                 isFlag ? "the option is a flag: boolean" : "the option takes a value");
        if (p.tag == "boolean" && !p.defaultValue.empty() && p.defaultValue != "false")
          Refuse(program_, p, "a flag's default is false (Slicer passes it when true)");
        description = (*option)->get_description();
        flag = p.option.substr(2);
        const auto words = words_.find(*option);
        if (p.tag == "string-enumeration") {
          if (words == words_.end())
            Refuse(program_, p, "the table records no words for it (CommandLine::Words)");
          if (std::find(words->second.begin(), words->second.end(), p.defaultValue) ==
              words->second.end())
            Refuse(program_, p, "the default '" + p.defaultValue + "' is not one of its words");
        }
      }
      if (p.tag == "float" || p.tag == "integer") CheckNumber(program_, p);
      const std::string name = ParameterName(p.option);
      if (std::find(names.begin(), names.end(), name) != names.end())
        Refuse(program_, p, "the name " + name + " is used twice");
      names.push_back(name);

      xml << "    <" << p.tag;
      if (!p.fileExtensions.empty())
        xml << " fileExtensions=\"" << XmlEscaped(p.fileExtensions) << "\"";
      // The children in the schema's order: name, longflag or index, description, label,
      // default, channel, then the enumeration's elements or the constraints.
      xml << ">\n      <name>" << name << "</name>\n";
      if (index >= 0) {
        xml << "      <index>" << index << "</index>\n";
      } else {
        xml << "      <longflag>" << flag << "</longflag>\n";
      }
      xml << "      <description>" << XmlEscaped(OneLine(description)) << "</description>\n"
          << "      <label>" << XmlEscaped(p.label) << "</label>\n";
      if (p.tag == "boolean") {
        xml << "      <default>false</default>\n";
      } else if (!p.defaultValue.empty()) {
        xml << "      <default>" << XmlEscaped(p.defaultValue) << "</default>\n";
      }
      if (!p.channel.empty()) xml << "      <channel>" << p.channel << "</channel>\n";
      if (p.tag == "string-enumeration") {
        for (const auto* option : options_) {
          if (option->get_lnames().empty() || option->get_lnames().front() != flag) continue;
          for (const std::string& word : words_.at(option))
            xml << "      <element>" << XmlEscaped(word) << "</element>\n";
        }
      }
      if (p.minimum || p.maximum || p.step) {
        // The schema requires the step of a range.
        if (!p.step) Refuse(program_, p, "a range needs a step");
        xml << "      <constraints>\n";
        if (p.minimum) xml << "        <minimum>" << NumberText(*p.minimum) << "</minimum>\n";
        if (p.maximum) xml << "        <maximum>" << NumberText(*p.maximum) << "</maximum>\n";
        xml << "        <step>" << NumberText(*p.step) << "</step>\n";
        xml << "      </constraints>\n";
      }
      xml << "    </" << p.tag << ">\n";
    }
    xml << "  </parameters>\n";
  }
  xml << "</executable>\n";
  return xml.str();
}

} // namespace cumed::app
