/// @file PreprocessingMeta.cpp
#include "frontend/PreprocessingMeta.hpp"

#include "schema/Database.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sapfor::frontend {
namespace fs = std::filesystem;

namespace {

const char* const kCpp = "preprocess.cpp";
const std::string kInclude = "preprocess.include.";
const std::string kDefine = "preprocess.define.";
const std::string kUndefine = "preprocess.undefine.";

void writeList(SQLite::Database& db, const std::string& prefix, const std::vector<std::string>& values) {
  for (size_t i = 0; i < values.size(); ++i) db::setMeta(db, prefix + std::to_string(i + 1), values[i]);
}

/// The values of prefix1, prefix2, ... up to the first number missing.
std::vector<std::string> readList(SQLite::Database& db, const std::string& prefix) {
  std::vector<std::string> values;
  while (std::optional<std::string> value = db::getMeta(db, prefix + std::to_string(values.size() + 1)))
    values.push_back(std::move(*value));
  return values;
}

/// `dir` as findInclude resolves it from the working directory ("" is the working directory).
std::string absoluteFolder(const std::string& dir) {
  std::error_code ec;
  fs::path path = dir.empty() ? fs::current_path() : fs::absolute(dir);
  fs::path canonical = fs::weakly_canonical(path, ec);
  path = ec ? path.lexically_normal() : canonical;
  if (!path.has_filename() && path.has_relative_path()) path = path.parent_path();  // "inc/" -> "inc"
  return path.string();
}

}  // namespace

void writePreprocessingMeta(SQLite::Database& db, const PreprocessorOptions& options) {
  db::setMeta(db, kCpp, options.always ? "1" : "0");
  std::vector<std::string> includes, defines;
  for (const std::string& dir : options.includeDirs) includes.push_back(absoluteFolder(dir));
  for (const auto& [name, value] : options.defines) defines.push_back(name + "=" + value);
  writeList(db, kInclude, includes);
  writeList(db, kDefine, defines);
  writeList(db, kUndefine, options.undefines);
}

std::optional<PreprocessorOptions> readPreprocessingMeta(SQLite::Database& db) {
  std::optional<std::string> cpp = db::getMeta(db, kCpp);
  if (!cpp) return std::nullopt;
  PreprocessorOptions options;
  options.always = *cpp == "1";
  options.includeDirs = readList(db, kInclude);
  for (const std::string& define : readList(db, kDefine)) options.define(define);
  options.undefines = readList(db, kUndefine);
  return options;
}

}  // namespace sapfor::frontend
