/// @file KnownExternals.cpp
#include "analyzer/KnownExternals.hpp"

#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace sapfor::analyzer {

std::string_view embeddedExternals();   // data/externals.txt (cmake/EmbedText.cmake)
std::string_view embeddedErrorExits();  // data/error_exits.txt

namespace {

/// Calls `row` with the fields of each line of a built-in table that has any (`#` starts a
/// comment) and its number; `file` names the table in the message of a malformed line, a defect
/// of the built-in data (the tests read the tables).
void forEachRow(std::string_view text, const char* file, const std::function<bool(std::istringstream&)>& row,
                const char* expected) {
  std::istringstream lines{std::string(text)};
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream fields(line);
    if (!row(fields)) throw std::logic_error(std::string(file) + ":" + std::to_string(number) + ": " + expected);
  }
}

std::map<std::string, KnownExternal> parse(std::string_view text) {
  std::map<std::string, KnownExternal> table;
  forEachRow(text, "data/externals.txt", [&](std::istringstream& fields) {
    KnownExternal e;
    std::string where;
    if (!(fields >> e.name >> e.arguments)) return false;
    if (e.arguments == "-") e.arguments.clear();
    if (e.arguments.find_first_not_of("rwb") != std::string::npos) return false;
    if (fields >> where) {
      if (where != "host" && where != "ends") return false;
      e.hostOnly = where == "host";
      e.endsProgram = where == "ends";
    }
    table.emplace(e.name, e);
    return true;
  }, "name, arguments (r, w, b per argument, or -) and where (host, ends or nothing)");
  return table;
}

/// data/error_exits.txt: per handler, the 0-based position of its severity and the name that
/// ends the program.
std::map<std::string, std::pair<size_t, std::string>> parseErrorExits(std::string_view text) {
  std::map<std::string, std::pair<size_t, std::string>> table;
  forEachRow(text, "data/error_exits.txt", [&](std::istringstream& fields) {
    std::string name, value;
    size_t position = 0;
    if (!(fields >> name >> position >> value) || position < 1) return false;
    table.emplace(name, std::make_pair(position - 1, value));
    return true;
  }, "name, position (from 1) and value");
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
