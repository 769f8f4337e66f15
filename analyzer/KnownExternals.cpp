/// @file KnownExternals.cpp
#include "analyzer/KnownExternals.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace sapfor::analyzer {

std::string_view embeddedExternals();  // data/externals.txt (cmake/EmbedText.cmake)

namespace {

std::map<std::string, KnownExternal> parse(std::string_view text) {
  std::map<std::string, KnownExternal> table;
  std::istringstream lines{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream fields(line);
    KnownExternal e;
    std::string where;
    if (!(fields >> e.name)) continue;
    // A malformed line is a defect of the built-in data: the tests read the table.
    if (!(fields >> e.arguments)) throw std::logic_error("data/externals.txt:" + std::to_string(number) + ": no arguments column");
    if (e.arguments == "-") e.arguments.clear();
    if (e.arguments.find_first_not_of("rwb") != std::string::npos)
      throw std::logic_error("data/externals.txt:" + std::to_string(number) + ": arguments are r, w, b or -");
    if (fields >> where) {
      if (where != "host" && where != "ends")
        throw std::logic_error("data/externals.txt:" + std::to_string(number) + ": where is host, ends or nothing");
      e.hostOnly = where == "host";
      e.endsProgram = where == "ends";
    }
    table.emplace(e.name, e);
  }
  return table;
}

}  // namespace

const KnownExternal* knownExternal(const std::string& name) {
  static const std::map<std::string, KnownExternal> table = parse(embeddedExternals());
  auto found = table.find(name);
  return found == table.end() ? nullptr : &found->second;
}

}  // namespace sapfor::analyzer
