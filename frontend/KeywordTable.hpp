/// @file KeywordTable.hpp
/// Upper-case words (keywords marked by the classifier) to grammar token numbers.
#pragma once

#include <string_view>

namespace sapfor::frontend {

/// The token number of a keyword, or -1 for a word that is not one.
int keywordToken(std::string_view word);

}  // namespace sapfor::frontend
