/// @file SourceProgram.cpp
#include "frontend/SourceProgram.hpp"

#include "threads/StackThread.hpp"

#include <filesystem>
#include <memory>

namespace sapfor::frontend {
namespace fs = std::filesystem;

int SourceProgram::fileIndex(const std::string& displayPath) const {
  for (int i = 0; i < files.size(); ++i)
    if (files.at(i).displayPath == displayPath) return i;
  return -1;
}

namespace {

void checkUnchanged(const SourceFile& file, const RecordedSource& recorded) {
  if (file.lineCount != recorded.lines || file.byteCount != recorded.bytes)
    throw LoadError(file.userPath + ": changed since the database was made (" + std::to_string(file.lineCount) +
                    " lines, " + std::to_string(file.byteCount) + " bytes; the database recorded " +
                    std::to_string(recorded.lines) + " lines, " + std::to_string(recorded.bytes) +
                    " bytes): load it again with sapfor-lex");
}

void parseAll(SourceProgram& program, const std::string& root, const std::vector<RecordedSource>& sources,
              const PreprocessorOptions& preprocessor) {
  fs::path rootPath(root);
  auto display = [&](const std::string& path) {
    fs::path relative = fs::path(path).lexically_relative(rootPath);
    return relative.empty() || *relative.begin() == ".." ? path : relative.generic_string();
  };
  std::vector<std::pair<int, const RecordedSource*>> topLevel;
  for (const RecordedSource& s : sources) {
    if (s.included) continue;
    auto file = std::make_unique<SourceFile>();
    file->path = (rootPath / s.path).string();
    file->userPath = file->path;
    file->displayPath = s.path;
    topLevel.emplace_back(program.files.add(std::move(file)), &s);
  }
  DiagnosticSink sink(nullptr);
  for (const auto& [index, recorded] : topLevel) {
    SourceFile& file = program.files.at(index);
    if (auto error = loadSourceText(file)) throw LoadError(file.userPath + ": " + error->reason);
    checkUnchanged(file, *recorded);
    file.form = recorded->form;
    program.parsed.push_back(parseFile(index, program.files, sink, preprocessor, display));
    program.scopes.push_back(resolveSymbols(program.parsed.back(), program.modules, sink, program.files));
  }
  for (const RecordedSource& s : sources) {
    if (!s.included) continue;
    int index = program.fileIndex(s.path);
    if (index < 0)
      throw LoadError(s.path + ": the database records it as included, but no source includes it now "
                      "(the include folders or macros differ from sapfor-lex's: a database with no preprocess.* rows in "
                      "meta needs sapfor-lex's -I, -D, -U and --cpp given again)");
    checkUnchanged(program.files.at(index), s);
  }
  program.diagnostics = sink.take();
}

}  // namespace

std::unique_ptr<SourceProgram> parseSources(const std::string& root, const std::vector<RecordedSource>& sources,
                                            const PreprocessorOptions& preprocessor) {
  auto program = std::make_unique<SourceProgram>();
  // The parser and the symbol pass recurse as deep as the expressions nest, as in sapfor-lex.
  threads::runWithLargeStack([&] { parseAll(*program, root, sources, preprocessor); });
  return program;
}

}  // namespace sapfor::frontend
