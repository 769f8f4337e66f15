/// @file Provenance.cpp
#include "schema/Provenance.hpp"

#include "schema/Database.hpp"

#include <cstdio>

namespace sapfor::db {

namespace {

std::string shellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else
      out.push_back(c);
  }
  return out + "'";
}

/// What a shell command prints, without its last line break; "" when it cannot run.
std::string commandOutput(const std::string& command) {
  std::string out;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    ::pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

void recordProvenance(SQLite::Database& db, const Provenance& p) {
  setMeta(db, "tool", p.tool);
  setMeta(db, "tool_version", toolVersion());
  setMeta(db, "schema_version", std::to_string(kSchemaVersion));
  setMeta(db, "command_line", p.commandLine);
  setMeta(db, "source_root", p.sourceRoot);
  setMeta(db, "created_at", utcNow());
  std::string git = "git -C " + shellQuote(p.sourceRoot);
  std::string revision = commandOutput(git + " rev-parse --verify -q HEAD 2>/dev/null");
  if (!revision.empty()) {
    setMeta(db, "source_revision", revision);
    setMeta(db, "source_dirty", commandOutput(git + " status --porcelain -- . 2>/dev/null").empty() ? "0" : "1");
  }
}

}  // namespace sapfor::db
