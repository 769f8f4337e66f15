/// @file FortranSnippet.hpp
/// A piece of Fortran run through the front end in memory: prescanned, parsed, resolved, its
/// facts extracted. Keeps everything alive for the test to look at.
#pragma once

#include "frontend/FactExtractor.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/SymbolPass.hpp"

#include <sstream>
#include <string>

namespace sapfor::test {

struct FortranSnippet {
  frontend::FileTable files;
  std::ostringstream messages;
  frontend::DiagnosticSink diagnostics{&messages};
  frontend::ModuleRegistry modules;
  frontend::ParsedFile parsed;
  frontend::FileScopes scopes;
  frontend::FileFacts facts;
  frontend::PreprocessorOptions preprocessor;

  explicit FortranSnippet(std::string text, frontend::SourceForm form = frontend::SourceForm::Free) {
    auto file = std::make_unique<frontend::SourceFile>();
    file->path = file->displayPath = form == frontend::SourceForm::Free ? "snippet.f90" : "snippet.f";
    file->form = form;
    frontend::setSourceText(*file, std::move(text));
    int index = files.add(std::move(file));
    parsed = frontend::parseFile(index, files, diagnostics, preprocessor, [](const std::string& p) { return p; });
    scopes = frontend::resolveSymbols(parsed, modules, diagnostics, files);
    facts = frontend::extractFacts(parsed, scopes, diagnostics, files);
  }

  /// The loop whose ordinal path in the first procedure is `path`.
  const frontend::LoopFacts& loop(const std::string& path) const {
    for (const auto& l : facts.loops)
      if (l.path == path) return l;
    throw std::runtime_error("no loop " + path);
  }

  std::string diagnosticText() const { return messages.str(); }
};

}  // namespace sapfor::test
