/// @file KnownExternals.cpp
#include "analyzer/KnownExternals.hpp"

#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace sapfor::analyzer {

std::string_view embeddedExternals();   // data/externals.txt (cmake/EmbedText.cmake)
std::string_view embeddedErrorExits();  // data/error_exits.txt

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

/// data/error_exits.txt: per handler, the 0-based position of its severity and the name that
/// ends the program.
std::map<std::string, std::pair<size_t, std::string>> parseErrorExits(std::string_view text) {
  std::map<std::string, std::pair<size_t, std::string>> table;
  std::istringstream lines{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream fields(line);
    std::string name, value;
    size_t position = 0;
    if (!(fields >> name)) continue;
    if (!(fields >> position >> value) || position < 1)
      throw std::logic_error("data/error_exits.txt:" + std::to_string(number) + ": name, position (from 1) and value");
    table.emplace(name, std::make_pair(position - 1, value));
  }
  return table;
}

const std::map<std::string, std::pair<size_t, std::string>>& errorExits() {
  static const std::map<std::string, std::pair<size_t, std::string>> table = parseErrorExits(embeddedErrorExits());
  return table;
}

}  // namespace

bool hasErrorExit(const std::string& callee) { return errorExits().count(callee) != 0; }

bool isErrorExit(const std::string& callee, const std::vector<std::pair<std::string, std::string>>& arguments) {
  auto found = errorExits().find(callee);
  if (found == errorExits().end()) return false;
  const auto& [position, value] = found->second;
  return position < arguments.size() && arguments[position].first.empty() && arguments[position].second == value;
}

const KnownExternal* knownExternal(const std::string& name) {
  static const std::map<std::string, KnownExternal> table = parse(embeddedExternals());
  auto found = table.find(name);
  return found == table.end() ? nullptr : &found->second;
}

}  // namespace sapfor::analyzer
