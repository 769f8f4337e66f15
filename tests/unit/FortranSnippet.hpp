/// @file FortranSnippet.hpp
/// A piece of Fortran run through the front end in memory: prescanned, parsed, resolved, its
/// facts extracted. Keeps everything alive for the test to look at.
#pragma once

#include "lexer/FactExtractor.hpp"
#include "lexer/ProgramStructure.hpp"
#include "lexer/SymbolPass.hpp"

#include <sstream>
#include <string>

namespace sapfor::test {

struct FortranSnippet {
  lexer::FileTable files;
  std::ostringstream messages;
  lexer::DiagnosticSink diagnostics{&messages};
  lexer::ModuleRegistry modules;
  lexer::ParsedFile parsed;
  lexer::FileScopes scopes;
  lexer::FileFacts facts;
  lexer::PreprocessorOptions preprocessor;

  explicit FortranSnippet(std::string text, lexer::SourceForm form = lexer::SourceForm::Free) {
    auto file = std::make_unique<lexer::SourceFile>();
    file->path = file->displayPath = form == lexer::SourceForm::Free ? "snippet.f90" : "snippet.f";
    file->form = form;
    lexer::setSourceText(*file, std::move(text));
    int index = files.add(std::move(file));
    parsed = lexer::parseFile(index, files, diagnostics, preprocessor, [](const std::string& p) { return p; });
    scopes = lexer::resolveSymbols(parsed, modules, diagnostics, files);
    facts = lexer::extractFacts(parsed, scopes, diagnostics, files);
  }

  /// The loop whose ordinal path in the first procedure is `path`.
  const lexer::LoopFacts& loop(const std::string& path) const {
    for (const auto& l : facts.loops)
      if (l.path == path) return l;
    throw std::runtime_error("no loop " + path);
  }

  std::string diagnosticText() const { return messages.str(); }
};

}  // namespace sapfor::test
