/// @file Symbols.cpp
#include "frontend/Symbols.hpp"

#include "frontend/CheckedArithmetic.hpp"

#include <cmath>
#include <cstdio>

namespace sapfor::frontend {

std::string TypeInfo::name() const {
  switch (base) {
    case BaseType::Integer: return "integer";
    case BaseType::Real:
    case BaseType::DoublePrecision: return "real";
    case BaseType::Complex:
    case BaseType::DoubleComplex: return "complex";
    case BaseType::Logical: return "logical";
    case BaseType::Character: return "character";
    case BaseType::Derived: return "type(" + derived + ")";
    case BaseType::None: return "unknown";
  }
  return "unknown";
}

std::optional<int64_t> TypeInfo::bytes() const {
  switch (base) {
    case BaseType::Integer:
    case BaseType::Logical:
      return kind > 0 ? std::optional<int64_t>(kind) : std::nullopt;
    case BaseType::Real:
    case BaseType::DoublePrecision:
      if (kind == 10) return 16;  // x87 extended precision is stored in 16 bytes
      return kind > 0 ? std::optional<int64_t>(kind) : std::nullopt;
    case BaseType::Complex:
    case BaseType::DoubleComplex:
      if (kind == 10) return 32;
      return kind > 0 ? std::optional<int64_t>(2 * kind) : std::nullopt;
    case BaseType::Character:
      return charLen >= 0 ? checkedMul(charLen, kind > 0 ? kind : 1) : std::nullopt;
    case BaseType::Derived:
      return size >= 0 ? std::optional<int64_t>(size) : std::nullopt;
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> ConstValue::asInteger() const {
  if (kind == Kind::Integer) return i;
  return std::nullopt;
}

std::optional<double> ConstValue::asReal() const {
  if (kind == Kind::Real) return r;
  if (kind == Kind::Integer) return static_cast<double>(i);
  return std::nullopt;
}

std::string ConstValue::text() const {
  switch (kind) {
    case Kind::Integer: return std::to_string(i);
    case Kind::Real: {
      char buffer[40];
      std::snprintf(buffer, sizeof buffer, "%.17g", r);
      std::string t = buffer;
      // The shortest spelling that reads back the same value.
      for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, r);
        if (std::strtod(buffer, nullptr) == r) {
          t = buffer;
          break;
        }
      }
      if (t.find_first_of(".eEn") == std::string::npos) t += ".0";
      return t;
    }
    case Kind::Logical: return i ? ".true." : ".false.";
    case Kind::Character: return "'" + s + "'";
    case Kind::None: return "";
  }
  return "";
}

std::optional<int64_t> DimInfo::extent() const {
  if (!lower || !upper) return std::nullopt;
  if (*upper < *lower) return 0;
  std::optional<int64_t> span = checkedSub(*upper, *lower);
  return span ? checkedAdd(*span, 1) : std::nullopt;
}

std::optional<int64_t> Symbol::elements() const {
  if (dims.empty()) return std::nullopt;
  int64_t product = 1;
  for (const DimInfo& dim : dims) {
    auto extent = dim.extent();
    if (!extent) return std::nullopt;
    if (__builtin_mul_overflow(product, *extent, &product)) return std::nullopt;
  }
  return product;
}

ImplicitRules::ImplicitRules() {
  for (int letter = 0; letter < 26; ++letter)
    byLetter[static_cast<size_t>(letter)] = (letter >= 'i' - 'a' && letter <= 'n' - 'a') ? TypeInfo::integer() : TypeInfo::real();
}

TypeInfo ImplicitRules::forName(const std::string& name) const {
  if (name.empty() || name[0] < 'a' || name[0] > 'z') return {};
  return byLetter[static_cast<size_t>(name[0] - 'a')];
}

Symbol* Scope::findLocal(const std::string& name) const {
  auto found = names_.find(name);
  return found == names_.end() ? nullptr : found->second;
}

Symbol* Scope::find(const std::string& name) const {
  for (const Scope* scope = this; scope; scope = scope->host_)
    if (Symbol* symbol = scope->findLocal(name)) return symbol;
  return nullptr;
}

DerivedType* Scope::findType(const std::string& name) const {
  for (const Scope* scope = this; scope; scope = scope->host_) {
    auto found = scope->types_.find(name);
    if (found != scope->types_.end()) return found->second;
  }
  return nullptr;
}

DerivedType* Scope::defineType(const std::string& name) {
  ownTypes_.emplace_back();
  DerivedType& type = ownTypes_.back();
  type.name = name;
  type.components = std::make_unique<Scope>(this);
  type.components->rules().none();
  type.owner = this;
  types_[name] = &type;
  return &type;
}

Symbol* DerivedType::component(const std::string& name) const {
  // A parent's components are the extension's: walk up (a bounded chain: a type extends one
  // defined before it).
  int depth = 0;
  for (const DerivedType* t = this; t && depth < 64; t = t->parent, ++depth)
    if (Symbol* c = t->components->findLocal(name)) return c;
  return nullptr;
}

const Binding* DerivedType::binding(const std::string& name) const {
  int depth = 0;
  for (const DerivedType* t = this; t && depth < 64; t = t->parent, ++depth)
    for (const auto& [bound, b] : t->bindings)
      if (bound == name) return &b;
  return nullptr;
}

Symbol* Scope::declare(const std::string& name, uint32_t line) {
  if (Symbol* existing = findLocal(name)) return existing;
  return redeclare(name, line);
}

Symbol* Scope::redeclare(const std::string& name, uint32_t line) {
  own_.emplace_back();
  Symbol& symbol = own_.back();
  symbol.name = name;
  symbol.type = rules_.forName(name);
  symbol.line = line;
  symbol.owner = this;
  names_[name] = &symbol;
  return &symbol;
}

}  // namespace sapfor::frontend
