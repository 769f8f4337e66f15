/// @file Designators.hpp
/// Where in a variable of derived type a reference lands, read off its statement's expression
/// trees: the subscripts written on each part of chunk%tiles(t)%field%density (the front end's
/// reference rows keep only the last part's), and the components a statement selects from an
/// element it names (chunk%tiles(t)%field%x_min is recorded as a read of chunk%tiles(t)).
#pragma once

#include "facts/Expression.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sapfor::analyzer {

/// One part of a designator: its name and the subscripts written on it (none: the whole part).
struct DesignatorPart {
  std::string name;
  std::vector<const facts::Expression*> subscripts;
};

/// The parts of the component designator whose text (facts::fortranText) is `name`, root first:
/// chunk%tiles(t)%field%density is chunk, tiles(t), field, density. nullopt when the trees hold
/// no such designator. The pointers point into `trees`.
std::optional<std::vector<DesignatorPart>> designatorParts(const facts::StatementExpressions& trees, const std::string& name);

/// For each place the trees use the element or section whose text is `text` (chunk%tiles(t),
/// a(i)): the components selected from it there, outermost first ({field, x_min} for
/// chunk%tiles(t)%field%x_min; empty where it is used on its own). Empty when it is nowhere.
std::vector<std::vector<std::string>> componentsSelected(const facts::StatementExpressions& trees, const std::string& text);

/// The subscripts of the element or section whose text (facts::fortranText) is `text`
/// (flux%sw_up(ibeg:iend,jlev): the range ibeg:iend and jlev), pointing into `trees`; empty
/// when the trees hold no such reference.
std::vector<const facts::Expression*> subscriptsOf(const facts::StatementExpressions& trees, const std::string& text);

}  // namespace sapfor::analyzer
