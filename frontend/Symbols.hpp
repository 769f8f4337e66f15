/// @file Symbols.hpp
/// What a name means in a program unit: its type (declared or implicit), shape, storage and, for
/// named constants, its folded value. Symbols keep no pointers into the AST, so the symbols of a
/// MODULE outlive the file that declared it and serve every later file that USEs it.
#pragma once

#include "frontend/Ast.hpp"

#include "facts/Vocabulary.hpp"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sapfor::frontend {

struct DerivedType;

/// An intrinsic or derived type with its kind (bytes for the numeric types).
struct TypeInfo {
  BaseType base = BaseType::None;  ///< Integer, Real, Complex, Logical, Character, Derived or None
  int kind = 0;                    ///< 0 when unknown
  int64_t charLen = -1;            ///< CHARACTER length, -1 when not constant
  std::string derived;             ///< TYPE(name)
  int64_t size = -1;               ///< TYPE(name): the bytes of one value, when its definition gives them
  const DerivedType* definition = nullptr;  ///< TYPE(name), CLASS(name): the definition, when found
  bool polymorphic = false;        ///< CLASS(name), CLASS(*)

  static TypeInfo integer(int kind = 4) { return {BaseType::Integer, kind, -1, {}, -1}; }
  static TypeInfo real(int kind = 4) { return {BaseType::Real, kind, -1, {}, -1}; }
  static TypeInfo complex(int kind = 4) { return {BaseType::Complex, kind, -1, {}, -1}; }
  static TypeInfo logical(int kind = 4) { return {BaseType::Logical, kind, -1, {}, -1}; }
  static TypeInfo character(int64_t len = -1) { return {BaseType::Character, 1, len, {}, -1}; }

  bool known() const { return base != BaseType::None; }
  bool numeric() const { return base == BaseType::Integer || base == BaseType::Real || base == BaseType::Complex; }
  /// integer, real, complex, logical, character, type(name), unknown
  std::string name() const;
  /// The size of one element in bytes; nullopt when unknown (assumed-length CHARACTER, TYPE(...))
  /// or above INT64_MAX.
  std::optional<int64_t> bytes() const;
  bool operator==(const TypeInfo& other) const { return base == other.base && kind == other.kind; }
  bool operator!=(const TypeInfo& other) const { return !(*this == other); }
};

/// The value of a constant expression.
struct ConstValue {
  enum class Kind : uint8_t { None, Integer, Real, Logical, Character };
  Kind kind = Kind::None;
  int64_t i = 0;
  double r = 0;
  std::string s;
  TypeInfo type;

  static ConstValue integer(int64_t v, int k = 4) { ConstValue c; c.kind = Kind::Integer; c.i = v; c.type = TypeInfo::integer(k); return c; }
  static ConstValue real(double v, int k = 4) { ConstValue c; c.kind = Kind::Real; c.r = v; c.type = TypeInfo::real(k); return c; }
  static ConstValue logical(bool v) { ConstValue c; c.kind = Kind::Logical; c.i = v; c.type = TypeInfo::logical(); return c; }
  static ConstValue character(std::string v) { ConstValue c; c.kind = Kind::Character; c.type = TypeInfo::character(static_cast<int64_t>(v.size())); c.s = std::move(v); return c; }

  bool known() const { return kind != Kind::None; }
  bool isInteger() const { return kind == Kind::Integer; }
  std::optional<int64_t> asInteger() const;
  std::optional<double> asReal() const;
  /// The value as a database would show it: 100, 0.5, .true., 'abc'.
  std::string text() const;
};

struct DimInfo {
  std::string spec;        ///< as declared: 'n', '0:n+1', ':', '*'
  std::string lowerText;   ///< '1' when omitted
  std::string upperText;   ///< empty for ':' and '*'
  std::string bounds;      ///< [lower, upper] as expression JSON (facts/Expression.hpp), null when omitted
  std::optional<int64_t> lower;
  std::optional<int64_t> upper;
  /// upper - lower + 1 (0 when upper < lower); nullopt when a bound is unknown or the extent
  /// exceeds INT64_MAX.
  std::optional<int64_t> extent() const;
};

using Storage = facts::Storage;
inline const char* storageName(Storage storage) { return facts::nameOf(storage).data(); }

/// A dummy argument as a call's generic resolution sees it (type, kind, rank: TKR).
struct DummyInfo {
  std::string name;
  TypeInfo type;             ///< definition set only where it outlives the file (a module's type)
  int rank = 0;
  bool assumedRank = false;  ///< DIMENSION(..)
  bool assumedShape = false; ///< (:), deferred or assumed shape: no array element can be passed to it
  bool optional = false;
  bool procedure = false;    ///< a dummy procedure
};

/// A procedure's dummy arguments, in order, with whether it is ELEMENTAL.
struct ProcedureInterface {
  std::vector<DummyInfo> dummies;
  bool elemental = false;
};

struct Symbol {
  std::string name;
  TypeInfo type;
  bool implicitType = true;    ///< typed by the implicit rules (no type declaration seen)
  std::vector<DimInfo> dims;   ///< rank = dims.size()
  Storage storage = Storage::Local;
  std::string intent;
  std::string common;          ///< COMMON block name ("" = blank COMMON) when storage == Common
  ConstValue value;            ///< named constants
  bool allocatable = false, pointer = false, target = false, save = false, optional = false;
  bool external = false;       ///< declared EXTERNAL
  bool intrinsic = false;      ///< declared INTRINSIC
  bool procedure = false;      ///< the name of a procedure (called, declared EXTERNAL, a function result's function)
  /// A procedure a module CONTAINS: the module's name (USE brings the symbol in, renamed or not).
  std::string procedureModule;
  /// A generic interface: its specific procedures (a null one: not found), in order.
  std::vector<const Symbol*> specifics;
  /// A procedure whose body was read (a CONTAINed one): its dummies, for generic resolution.
  std::shared_ptr<const ProcedureInterface> interface;
  bool generic = false;
  bool statementFunction = false;
  /// Storage association: the EQUIVALENCE group it is in (1, 2... in its unit; 0: none), and the
  /// byte offset of its first element in its COMMON block or, outside COMMON, in its group.
  int equivalenceGroup = 0;
  /// An ASSOCIATE name for a variable or part of one (x => s, t => p%tot): that variable.
  Symbol* associated = nullptr;
  /// Declared in a BLOCK construct and outside it: two variables under one name, so every write
  /// is taken as part of it (never private), every element access as anywhere in it.
  bool blockLocal = false;
  bool pointerComponents = false;  ///< of a derived type with a POINTER component (at any depth)
  std::optional<int64_t> storageOffset;
  uint32_t line = 0;           ///< where it was declared, or first used
  const class Scope* owner = nullptr;  ///< the scope that declared it
  int64_t dbId = 0;            ///< variable.var_id once written (a contained procedure's name: its proc_id)

  int rank() const { return static_cast<int>(dims.size()); }
  /// DIMENSION(..): an array of any rank.
  bool assumedRank() const { return dims.size() == 1 && dims[0].spec == ".."; }
  bool isArray() const { return !dims.empty(); }
  bool isConstant() const { return storage == Storage::Constant; }
  /// Product of the folded extents, when all are known.
  std::optional<int64_t> elements() const;
};

class Scope;

/// A type-bound procedure: PROCEDURE [, attributes] :: name [=> target], or GENERIC :: name => specifics.
struct Binding {
  std::string target;               ///< the procedure it binds (empty: deferred, or a generic)
  const Symbol* targetSymbol = nullptr;  ///< that procedure as the type's scope sees it (null: not found)
  std::string pass;                 ///< PASS(x): the passed-object dummy; empty: the first dummy
  bool nopass = false;
  bool deferred = false;
  std::vector<std::string> generic; ///< GENERIC: the specific bindings, by name
};

/// TYPE name ... END TYPE: its components are the symbols of a scope of their own.
struct DerivedType {
  std::string name;
  std::unique_ptr<Scope> components;
  std::optional<int64_t> bytes;  ///< the size of one value (components in order, naturally aligned)
  const DerivedType* parent = nullptr;  ///< EXTENDS(parent), when found
  bool extendsUnknown = false;          ///< EXTENDS(parent) of a type not found here
  bool abstract = false;
  std::vector<std::pair<std::string, Binding>> bindings;  ///< in the order declared
  const class Scope* owner = nullptr;   ///< the scope that defines it
  int line = 0;
  int64_t dbId = 0;                     ///< derived_type.type_id once written to the database

  /// A data component, its own or inherited (null: none of that name).
  Symbol* component(const std::string& name) const;
  /// A binding, its own or inherited (null: none of that name).
  const Binding* binding(const std::string& name) const;
};

/// The implicit typing map: one type per initial letter; IMPLICIT NONE leaves it empty.
struct ImplicitRules {
  std::array<TypeInfo, 26> byLetter;
  ImplicitRules();  ///< Fortran's default: I-N integer, the rest real
  void none() { byLetter.fill(TypeInfo{}); }
  TypeInfo forName(const std::string& name) const;
};

/// The names of one program unit. Lookup falls back to the host's scope (host association);
/// names a USE brings in are entered as aliases of the module's symbols.
class Scope {
 public:
  explicit Scope(Scope* host) : host_(host), rules_(host ? host->rules_ : ImplicitRules()) {}

  Symbol* findLocal(const std::string& name) const;
  Symbol* find(const std::string& name) const;
  /// The symbol this unit owns for `name`, created (implicitly typed) when absent locally.
  Symbol* declare(const std::string& name, uint32_t line);
  /// A new symbol this unit owns for `name`, in place of the one the name had (a USE's).
  Symbol* redeclare(const std::string& name, uint32_t line);
  void alias(const std::string& name, Symbol* symbol) { names_[name] = symbol; }
  bool owns(const Symbol* symbol) const { return symbol && symbol->owner == this; }

  ImplicitRules& rules() { return rules_; }
  const ImplicitRules& rules() const { return rules_; }
  Scope* host() const { return host_; }
  /// The symbols this scope owns, in order of declaration.
  const std::deque<Symbol>& symbols() const { return own_; }
  std::deque<Symbol>& symbols() { return own_; }
  /// Names visible through USE, with their symbols.
  const std::unordered_map<std::string, Symbol*>& names() const { return names_; }

  /// PUBLIC/PRIVATE of a module's names: what a USE of it brings in.
  void setAccess(const std::string& name, bool isPublic) { access_[name] = isPublic; }
  void setDefaultPrivate() { defaultPrivate_ = true; }
  bool isPublic(const std::string& name) const {
    auto found = access_.find(name);
    return found != access_.end() ? found->second : !defaultPrivate_;
  }

  /// Derived types: defined here, brought in by USE, or visible from the host.
  DerivedType* findType(const std::string& name) const;
  DerivedType* defineType(const std::string& name);
  void aliasType(const std::string& name, DerivedType* type) { types_[name] = type; }
  const std::unordered_map<std::string, DerivedType*>& types() const { return types_; }

 private:
  Scope* host_;
  ImplicitRules rules_;
  std::deque<Symbol> own_;
  std::unordered_map<std::string, Symbol*> names_;
  std::deque<DerivedType> ownTypes_;
  std::unordered_map<std::string, DerivedType*> types_;
  std::unordered_map<std::string, bool> access_;
  bool defaultPrivate_ = false;
};

}  // namespace sapfor::frontend
