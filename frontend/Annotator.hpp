/// @file Annotator.hpp
/// Annotated copies of the sources: before every DO loop (above the PARALLEL directive that maps
/// it, if any) a comment with the loop's key and the operation counts of one iteration:
///   !SAPFOR$ OPS jacobi:2.1 arith=5 div=1 trans=0 logic=0 conv=0 branch=0 call=0 idx=8
/// A `!` comment is valid in both source forms, so the copy compiles exactly like the original;
/// annotations already in the input are replaced, never duplicated.
#pragma once

#include "frontend/Facts.hpp"
#include "frontend/SourceFile.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace sapfor::frontend {

struct LoopAnnotation {
  uint32_t line = 0;  ///< the physical line the comment goes above
  std::string text;   ///< the comment, without indentation or line end
};

/// The comment for one loop.
std::string annotationText(const LoopFacts& loop);
/// True for a line that is an annotation sapfor-lex wrote.
bool isAnnotationLine(std::string_view line);
/// The file's text with `annotations` inserted and earlier annotations dropped.
std::string annotate(const std::string& text, SourceForm form, std::vector<LoopAnnotation> annotations);

}  // namespace sapfor::frontend
