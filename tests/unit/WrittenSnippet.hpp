/// @file WrittenSnippet.hpp
/// A piece of Fortran run through the front end and written by its FactWriter into an in-memory
/// database with the facts schema: the database, and the rows the writer handed on.
#pragma once

#include "FortranSnippet.hpp"

#include "facts/Rows.hpp"
#include "frontend/FactWriter.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Database.h>
#include <doctest/doctest.h>

#include <memory>
#include <string>

namespace sapfor::test {

struct WrittenSnippet {
  std::unique_ptr<SQLite::Database> db;
  facts::FileRows rows;

  explicit WrittenSnippet(std::string source) {
    FortranSnippet snippet(std::move(source));
    REQUIRE(snippet.diagnosticText().empty());
    db = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db->exec(std::string(db::factsSchemaText()));
    frontend::FactWriter writer(*db);
    writer.registerFile(0, -1, frontend::SourceForm::Free);
    rows = writer.write(snippet.facts, snippet.files);
    writer.flush();
  }
};

}  // namespace sapfor::test
