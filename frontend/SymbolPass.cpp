/// @file SymbolPass.cpp
#include "frontend/SymbolPass.hpp"

#include "frontend/CheckedArithmetic.hpp"
#include "frontend/ExpressionJson.hpp"
#include "facts/Intrinsics.hpp"
#include "frontend/Semantics.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <unordered_map>

namespace sapfor::frontend {
using facts::findIntrinsic;


ModuleRegistry::ModuleRegistry() {
  using Constants = std::vector<std::pair<const char*, int64_t>>;
  auto intrinsic = [&](const std::string& name, const Constants& constants) {
    Scope* scope = define(name);
    for (const auto& [constant, value] : constants) {
      Symbol* s = scope->declare(constant, 0);
      s->type = TypeInfo::integer();
      s->implicitType = false;
      s->storage = Storage::Constant;
      s->value = ConstValue::integer(value);
    }
  };
  intrinsic("iso_fortran_env", {{"int8", 1}, {"int16", 2}, {"int32", 4}, {"int64", 8}, {"real32", 4}, {"real64", 8},
                                {"real128", 16}, {"character_storage_size", 8}, {"numeric_storage_size", 32},
                                {"file_storage_size", 8}, {"input_unit", 5}, {"output_unit", 6}, {"error_unit", 0},
                                {"iostat_end", -1}, {"iostat_eor", -2}});
  intrinsic("iso_c_binding", {{"c_int", 4}, {"c_short", 2}, {"c_long", 8}, {"c_long_long", 8}, {"c_signed_char", 1},
                              {"c_size_t", 8}, {"c_int8_t", 1}, {"c_int16_t", 2}, {"c_int32_t", 4}, {"c_int64_t", 8},
                              {"c_intptr_t", 8}, {"c_intmax_t", 8}, {"c_ptrdiff_t", 8}, {"c_float", 4}, {"c_double", 8},
                              {"c_long_double", 10}, {"c_float_complex", 4}, {"c_double_complex", 8},
                              {"c_long_double_complex", 10}, {"c_bool", 1}, {"c_char", 1}});
}

Scope* ModuleRegistry::find(const std::string& name) const {
  auto found = modules_.find(name);
  return found == modules_.end() ? nullptr : found->second;
}

bool ModuleRegistry::holds(const Scope* scope) const {
  return std::any_of(scopes_.begin(), scopes_.end(), [&](const std::unique_ptr<Scope>& s) { return s.get() == scope; });
}

Scope* ModuleRegistry::define(const std::string& name) {
  scopes_.push_back(std::make_unique<Scope>(nullptr));
  modules_[name] = scopes_.back().get();
  return scopes_.back().get();
}

namespace {

/// Modules every compiler provides; a USE of one is not worth a warning.
bool isIntrinsicModule(const std::string& name) {
  static const std::set<std::string> known = {"iso_c_binding", "iso_fortran_env", "ieee_arithmetic",
                                              "ieee_exceptions", "ieee_features", "omp_lib", "omp_lib_kinds",
                                              "openacc", "mpi", "mpi_f08"};
  return known.count(name) > 0;
}

class SymbolPass {
 public:
  SymbolPass(ParsedFile& file, ModuleRegistry& modules, DiagnosticSink& diagnostics, const FileTable& files)
      : file_(file), modules_(modules), diagnostics_(diagnostics), files_(files) {}

  FileScopes run() {
    for (auto& unit : file_.units) analyzeUnit(*unit, nullptr);
    return std::move(scopes_);
  }

 private:
  void report(const Stmt* s, Severity severity, std::string message) {
    diagnostics_.report(fileDiagnostic(files_, s->fileIndex, s->pos, severity, std::move(message)));
  }

  void analyzeUnit(ProgramUnit& unit, Scope* host) {
    Scope* scope;
    if (unit.kind == StmtKind::Module) {
      if (modules_.find(unit.name))
        report(unit.heading, Severity::Warning,
               "module " + unit.name + " is defined again; USE statements from here on see this definition");
      scope = modules_.define(unit.name);
    } else if (unit.kind == StmtKind::Submodule) {
      // A submodule sees its ancestor module's names.
      Scope* parent = unit.heading && !unit.heading->names.empty() ? modules_.find(unit.heading->names.front()) : nullptr;
      scopes_.owned.push_back(std::make_unique<Scope>(parent ? parent : host));
      scope = scopes_.owned.back().get();
    } else {
      scopes_.owned.push_back(std::make_unique<Scope>(host));
      scope = scopes_.owned.back().get();
    }
    scopes_.byUnit[&unit] = scope;
    bool inModule = unit.kind == StmtKind::Module || unit.kind == StmtKind::Submodule;
    defaultStorage_ = inModule ? Storage::Module : (unit.kind == StmtKind::BlockData ? Storage::Common : Storage::Local);

    // The procedures a unit CONTAINS are names in it, so that calls to them are not mistaken for
    // intrinsics or array references.
    for (auto& inner : unit.contained) {
      Symbol* s = scope->declare(inner->name, inner->line);
      s->procedure = true;
      if (unit.kind == StmtKind::Module) s->procedureModule = unit.name;
      if (inner->heading && inner->heading->decl) {
        s->type = resolveTypeSpec(inner->heading->decl->type, *scope);
        s->implicitType = false;
      }
    }

    Stmt* heading = unit.heading;
    Symbol* result = nullptr;
    if (unit.kind == StmtKind::Function && heading) {
      result = scope->declare(heading->resultName.empty() ? unit.name : heading->resultName, heading->pos.line);
      result->storage = Storage::Result;
      if (heading->decl) {
        result->type = resolveTypeSpec(heading->decl->type, *scope);
        result->implicitType = false;
      }
    }
    if (heading) {
      for (const std::string& dummy : heading->names) {
        if (dummy == "*") continue;
        scope->declare(dummy, heading->pos.line)->storage = Storage::Dummy;
      }
    }
    // Declarations and type definitions in source order: a type's components may use constants
    // declared before it, and variables of a type follow its definition.
    size_t nextType = 0;
    savesAll_ = false;
    for (Stmt* s : unit.specification) {
      while (nextType < unit.types.size() && unit.types[nextType].heading->seq < s->seq)
        defineType(unit.types[nextType++], *scope);
      specification(*s, *scope);
    }
    while (nextType < unit.types.size()) defineType(unit.types[nextType++], *scope);
    interfaces(unit, *scope);

    // IMPLICIT statements apply to names declared before them too (dummies, the result).
    for (Symbol& s : scope->symbols())
      if (s.implicitType && !s.procedure) s.type = scope->rules().forName(s.name);

    storageAssociation(unit, *scope);
    for (Symbol& sym : scope->symbols())
      if (sym.type.base == BaseType::Derived) sym.pointerComponents = hasPointerComponent(sym.type.derived, *scope, 0);
    statementFunctions(unit, *scope);
    for (Node& node : unit.body) resolveNode(node, *scope);
    // A name declared nowhere in a unit that USEs a module not loaded may be that module's
    // variable, shared with every procedure using it: taken as one (the sound guess).
    bool missingModule = false;
    for (const Scope* s = scope; s && !missingModule; s = s->host()) missingModule = missingModuleUsers_.count(s) > 0;
    if (missingModule)
      for (Symbol& sym : scope->symbols())
        if (scope->owns(&sym) && sym.implicitType && sym.storage == Storage::Local && !sym.procedure && !sym.statementFunction)
          sym.storage = Storage::Module;
    // SAVE without a list: every variable of the unit's own, those the body declared implicitly too.
    if (savesAll_)
      for (Symbol& s : scope->symbols())
        if (scope->owns(&s) && s.storage == Storage::Local && !s.procedure) s.save = true;

    for (auto& inner : unit.contained) {
      analyzeUnit(*inner, scope);
      Symbol* procedure = scope->findLocal(inner->name);
      if (!procedure || !scope->owns(procedure)) continue;
      // A contained function's type is known once its own declarations are read.
      Scope* innerScope = scopes_.of(*inner);
      if (inner->kind == StmtKind::Function) {
        std::string resultName = inner->heading && !inner->heading->resultName.empty() ? inner->heading->resultName
                                                                                         : inner->name;
        if (Symbol* r = innerScope->findLocal(resultName); r && innerScope->owns(r)) procedure->type = durable(r->type);
      }
      if (inner->heading) procedure->interface = interfaceOf(*inner, *innerScope);
    }
    defaultStorage_ = inModule ? Storage::Module : Storage::Local;
  }

  /// `type` as a symbol of a module may keep it: its definition only when a module has it (the
  /// other scopes go with their file).
  TypeInfo durable(TypeInfo type) const {
    if (type.definition && !modules_.holds(type.definition->owner)) type.definition = nullptr;
    return type;
  }

  /// A procedure's dummies as read from its scope (DummyInfo).
  std::shared_ptr<const ProcedureInterface> interfaceOf(const ProgramUnit& procedure, const Scope& scope) const {
    auto out = std::make_shared<ProcedureInterface>();
    out->elemental = procedure.heading->prefix.find("elemental") != std::string::npos;
    for (const std::string& name : procedure.heading->names) {
      const Symbol* d = name == "*" ? nullptr : scope.findLocal(name);
      if (!d) return nullptr;  // an alternate return: not described
      DummyInfo info;
      info.name = name;
      info.type = durable(d->type);
      info.rank = d->rank();
      info.assumedRank = d->assumedRank();
      info.assumedShape = d->isArray() && !d->dims.empty() && d->dims[0].upperText.empty() && d->dims[0].spec != "*" &&
                          d->dims[0].spec.find('*') == std::string::npos;
      info.optional = d->optional;
      info.procedure = d->procedure;
      out->dummies.push_back(std::move(info));
    }
    return out;
  }

  /// The scope's own symbol for a name, created when absent; a name USE brought in cannot be
  /// redeclared.
  Symbol* own(Scope& scope, const std::string& name, const Stmt& s) {
    Symbol* existing = scope.findLocal(name);
    if (existing && !scope.owns(existing)) {
      report(&s, Severity::Warning, "'" + name + "' is use-associated and cannot be declared again here");
      return nullptr;
    }
    Symbol* symbol = scope.declare(name, s.pos.line);
    if (!existing && symbol->storage == Storage::Local) symbol->storage = defaultStorage_;
    return symbol;
  }

  std::vector<DimInfo> dimensions(const ArraySpec& spec, const Scope& scope) {
    std::vector<DimInfo> dims;
    for (const DimSpec& d : spec) {
      DimInfo info;
      std::string lower = d.lower ? exprText(*d.lower) : std::string();
      info.lowerText = d.lower ? lower : "1";
      info.upperText = d.upper ? exprText(*d.upper) : std::string();
      info.bounds = expressionListJson({d.lower.get(), d.upper.get()});
      if (d.assumedRank) {
        info.spec = "..";
        dims.push_back(std::move(info));
        continue;
      }
      if (d.assumedSize)
        info.spec = d.lower ? lower + ":*" : "*";
      else if (d.colon)
        info.spec = d.lower ? lower + ":" : ":";
      else
        info.spec = d.lower ? lower + ":" + info.upperText : info.upperText;
      if (d.colon && !d.lower) {
        dims.push_back(std::move(info));  // deferred or assumed shape: bounds come at run time
        continue;
      }
      info.lower = d.lower ? foldInteger(d.lower.get(), scope) : std::optional<int64_t>(1);
      if (d.upper) info.upper = foldInteger(d.upper.get(), scope);
      dims.push_back(std::move(info));
    }
    return dims;
  }

  /// A derived type's components, and its size: components in order, each aligned to its own
  /// size (as gfortran lays out a type without SEQUENCE or BIND(C)); unknown with an allocatable
  /// or pointer component, or one whose size is not constant.
  /// The procedures a unit's interface bodies declare, and its generic interfaces: a generic's
  /// specifics are the names it lists as the unit sees them (a module procedure, one a USE
  /// brings in, an external procedure an interface body declares).
  void interfaces(const ProgramUnit& unit, Scope& scope) {
    for (const Stmt* body : unit.interfaceBodies) {
      Symbol* s = scope.declare(body->name, body->pos.line);
      s->procedure = true;
      if (s->storage != Storage::Dummy && body->prefix.find("module") == std::string::npos) s->external = true;
    }
    for (const GenericInterface& g : unit.interfaces) {
      const std::string& name = g.heading->name;
      Symbol* existing = scope.findLocal(name);
      Symbol* generic = existing;
      if (!existing || !scope.owns(existing)) {
        // A generic a USE brings in, extended here: this unit's own, with the module's specifics.
        generic = scope.redeclare(name, g.heading->pos.line);
        if (existing) generic->specifics = existing->specifics;
      }
      generic->procedure = true;
      generic->generic = true;
      for (const std::string& specific : g.specifics) {
        Symbol* s = scope.find(specific);
        if (s == generic && !generic->procedureModule.empty()) {
          generic->specifics.push_back(generic);  // a module procedure of the generic's own name
          continue;
        }
        if (!s || s == generic) {
          s = scope.redeclare(specific == name ? specific + "%specific" : specific, g.heading->pos.line);
          s->name = specific;
          s->procedure = s->external = true;
        }
        generic->specifics.push_back(s);
      }
    }
  }

  /// The type-bound procedures of a type definition (PROCEDURE and GENERIC after its CONTAINS).
  void bindings(const TypeDefinition& definition, DerivedType& type, const Scope& scope) {
    for (const Stmt* st : definition.bindings) {
      if (st->kind == StmtKind::Generic) {
        if (st->name.empty()) continue;  // OPERATOR(...), ASSIGNMENT(=): not called by name
        auto at = std::find_if(type.bindings.begin(), type.bindings.end(), [&](const auto& b) { return b.first == st->name; });
        if (at == type.bindings.end()) at = type.bindings.insert(type.bindings.end(), {st->name, Binding{}});
        at->second.generic.insert(at->second.generic.end(), st->names.begin(), st->names.end());
        continue;
      }
      Binding b;
      for (const std::string& a : st->attributes) {
        if (a == "nopass") b.nopass = true;
        else if (a == "deferred") b.deferred = true;
        else if (a.starts_with("pass(") && a.back() == ')') b.pass = a.substr(5, a.size() - 6);
      }
      for (const UseRename& r : st->renames) {
        Binding one = b;
        if (!one.deferred) {
          one.target = r.remote;
          one.targetSymbol = r.remote.empty() ? nullptr : scope.find(r.remote);
        }
        type.bindings.emplace_back(r.local, std::move(one));
      }
    }
  }

  void defineType(const TypeDefinition& definition, Scope& scope) {
    if (!definition.heading->parsed) return;
    DerivedType* type = scope.defineType(definition.heading->name);
    type->line = static_cast<int>(definition.heading->pos.line);
    for (const std::string& a : definition.heading->attributes) {
      if (a == "abstract") type->abstract = true;
      if (a.starts_with("extends(") && a.back() == ')') {
        type->parent = scope.findType(a.substr(8, a.size() - 9));
        type->extendsUnknown = type->parent == nullptr;
      }
    }
    bindings(definition, *type, scope);
    Scope& components = *type->components;
    for (Stmt* st : definition.components) {
      if (!st->parsed) continue;
      TypeInfo t = resolveTypeSpec(st->decl->type, scope);
      for (Entity& e : st->decl->entities) {
        Symbol* c = components.declare(e.name, st->pos.line);
        c->type = t;
        c->implicitType = false;
        if (e.charLen && t.base == BaseType::Character)
          c->type.charLen = e.charLen->kind == ExprKind::Star ? -1 : foldInteger(e.charLen.get(), scope).value_or(-1);
        if (e.hasDims) c->dims = dimensions(e.dims, scope);
        for (const Attr& a : st->decl->attrs) applyAttribute(*c, a, scope);
      }
    }
    // Sizes are checked: a component of 2^62 elements of REAL(8) leaves the size unknown.
    auto alignedUp = [](int64_t offset, int64_t align) {
      std::optional<int64_t> end = checkedAdd(offset, align - 1);
      return end ? std::optional<int64_t>(*end / align * align) : std::nullopt;
    };
    if (type->parent || type->extendsUnknown) return;  // the parent's components come first: not laid out here
    int64_t offset = 0, widest = 1;
    for (const Symbol& c : components.symbols()) {
      std::optional<int64_t> bytes = c.type.bytes();
      std::optional<int64_t> count = c.isArray() ? c.elements() : std::optional<int64_t>(1);
      if (c.allocatable || c.pointer || !bytes || !count) return;
      int64_t align = c.type.base == BaseType::Character ? 1
                      : c.type.base == BaseType::Derived ? 8
                      : c.type.base == BaseType::Complex ? *bytes / 2
                                                         : *bytes;
      align = std::max<int64_t>(1, std::min<int64_t>(align, 16));
      std::optional<int64_t> start = alignedUp(offset, align);
      std::optional<int64_t> size = checkedMul(*bytes, *count);
      std::optional<int64_t> end = start && size ? checkedAdd(*start, *size) : std::nullopt;
      if (!end) return;
      offset = *end;
      widest = std::max(widest, align);
    }
    type->bytes = alignedUp(offset, widest);
  }

  void applyAttribute(Symbol& s, const Attr& attr, const Scope& scope) {
    switch (attr.kind) {
      case AttrKind::Dimension: if (s.dims.empty()) s.dims = dimensions(attr.dims, scope); break;
      case AttrKind::Allocatable: s.allocatable = true; break;
      case AttrKind::Pointer: s.pointer = true; break;
      case AttrKind::Target: s.target = true; break;
      case AttrKind::Save: s.save = true; break;
      case AttrKind::Intent: s.intent = attr.intent; break;
      case AttrKind::Optional: s.optional = true; break;
      case AttrKind::External: s.external = s.procedure = true; break;
      case AttrKind::Intrinsic: s.intrinsic = true; break;
      default: break;
    }
  }

  void setConstant(Symbol& s, const Expr& value, const Scope& scope) {
    s.storage = Storage::Constant;
    ConstValue v = foldConstant(value, scope);
    if (v.known() && s.type.numeric() && v.type.base != s.type.base) {
      if (s.type.base == BaseType::Integer && v.kind == ConstValue::Kind::Real)
        v = ConstValue::integer(static_cast<int64_t>(v.r), s.type.kind);
      else if (s.type.base == BaseType::Real)
        v = ConstValue::real(*v.asReal(), s.type.kind);
    } else if (v.known() && v.type.base == s.type.base && v.kind != ConstValue::Kind::Character) {
      v.type.kind = s.type.kind;
    }
    s.value = v;
  }

  void specification(Stmt& s, Scope& scope) {
    if (!s.parsed) return;
    switch (s.kind) {
      case StmtKind::Use: use(s, scope); break;
      case StmtKind::Implicit:
        if (s.decl->implicitNone) {
          scope.rules().none();
        } else {
          for (const ImplicitRule& rule : s.decl->implicitRules) {
            TypeInfo t = resolveTypeSpec(rule.type, scope);
            for (auto [from, to] : rule.letters)
              for (char c = from; c >= 'a' && c <= to && c <= 'z'; ++c) scope.rules().byLetter[static_cast<size_t>(c - 'a')] = t;
          }
        }
        break;
      case StmtKind::TypeDecl: {
        TypeInfo type = resolveTypeSpec(s.decl->type, scope);
        bool parameter = false;
        for (const Attr& a : s.decl->attrs) parameter |= a.kind == AttrKind::Parameter;
        for (Entity& e : s.decl->entities) {
          const Symbol* before = scope.findLocal(e.name);
          Symbol* sym = own(scope, e.name, s);
          if (!sym) continue;
          // A BLOCK's variable and the unit's of the same name become one symbol: its
          // accesses are then taken as shared (Symbol::blockLocal).
          bool shadows = s.decl->inBlock ? scope.owns(before) : blockDeclared_.count(sym) > 0;
          if (s.decl->inBlock) blockDeclared_.insert(sym);
          if (shadows && !sym->blockLocal) {
            sym->blockLocal = true;
            report(&s, Severity::Unsupported,
                   "'" + e.name + "' is declared both in a BLOCK and outside it; the two are taken as one variable, and "
                   "the analysis keeps loops that touch it sequential");
          }
          sym->type = type;
          sym->implicitType = false;
          if (e.charLen && type.base == BaseType::Character)
            sym->type.charLen = e.charLen->kind == ExprKind::Star ? -1 : foldInteger(e.charLen.get(), scope).value_or(-1);
          if (e.hasDims) sym->dims = dimensions(e.dims, scope);
          for (const Attr& a : s.decl->attrs) {
            applyAttribute(*sym, a, scope);
            if (a.kind == AttrKind::Public || a.kind == AttrKind::Private) scope.setAccess(e.name, a.kind == AttrKind::Public);
          }
          if (parameter && e.init) setConstant(*sym, *e.init, scope);
          else if (e.init) sym->save = true;  // initialized in its declaration: SAVE implicitly (F2008 5.3.16)
        }
        break;
      }
      case StmtKind::AttrStmt: {
        const Attr& attr = s.decl->attrs.front();
        if (attr.kind == AttrKind::Public || attr.kind == AttrKind::Private) {
          // Accessibility only matters to a USE of the module: no symbol is made for it.
          if (s.decl->entities.empty() && attr.kind == AttrKind::Private) scope.setDefaultPrivate();
          for (Entity& e : s.decl->entities) scope.setAccess(e.name, attr.kind == AttrKind::Public);
          break;
        }
        if (s.decl->saveAll) savesAll_ = true;
        for (Entity& e : s.decl->entities) {
          Symbol* sym = own(scope, e.name, s);
          if (!sym) continue;
          if (e.hasDims) sym->dims = dimensions(e.dims, scope);
          applyAttribute(*sym, attr, scope);
        }
        break;
      }
      case StmtKind::Data:  // a variable a DATA statement initializes is SAVE implicitly (F2008 5.3.16)
        for (const std::string& name : s.names)
          if (Symbol* sym = own(scope, name, s)) sym->save = true;
        break;
      case StmtKind::Parameter:
        for (auto& item : s.exprs) {
          Symbol* sym = own(scope, item->text, s);
          if (sym) setConstant(*sym, *item->args[0], scope);
        }
        break;
      case StmtKind::Entry:
        for (const std::string& dummy : s.names)
          if (dummy != "*") own(scope, dummy, s)->storage = Storage::Dummy;
        break;
      case StmtKind::Procedure:  // procedure pointers and dummy procedures
        for (const std::string& name : s.names)
          if (Symbol* sym = own(scope, name, s)) sym->procedure = true;
        break;
      case StmtKind::Enum:
        nextEnumerator_ = 0;
        break;
      case StmtKind::Enumerator:  // integer constants, counting up from 0 or from a given value
        for (auto& item : s.exprs) {
          const std::string& name = item->text;
          if (item->kind == ExprKind::Keyword) nextEnumerator_ = foldInteger(item->args[0].get(), scope).value_or(nextEnumerator_);
          if (Symbol* sym = own(scope, name, s)) {
            sym->type = TypeInfo::integer();
            sym->implicitType = false;
            sym->storage = Storage::Constant;
            sym->value = ConstValue::integer(nextEnumerator_);
          }
          ++nextEnumerator_;
        }
        break;
      case StmtKind::Equivalence:  // the names are variables of this unit (typed once IMPLICIT is known)
        for (const ExprList& set : s.decl->equivalences)
          for (const auto& item : set)
            if (item && (item->kind == ExprKind::Name || item->kind == ExprKind::Apply)) own(scope, item->text, s);
        break;
      case StmtKind::Common:
        for (CommonGroup& group : s.decl->commons) {
          for (Entity& e : group.entities) {
            Symbol* sym = own(scope, e.name, s);
            if (!sym) continue;
            sym->storage = Storage::Common;
            sym->common = group.block;
            if (e.hasDims) sym->dims = dimensions(e.dims, scope);
          }
        }
        break;
      default:
        break;
    }
  }

  void use(const Stmt& s, Scope& scope) {
    Scope* module = modules_.find(s.name);
    if (!module) {
      bool intrinsic = isIntrinsicModule(s.name);
      if (!intrinsic) missingModuleUsers_.insert(&scope);
      if (warnedModules_.insert(s.name).second)
        report(&s, intrinsic ? Severity::Note : Severity::Warning,
               "module '" + s.name + "' is not among the loaded sources; the names it provides are typed implicitly" +
                   std::string(intrinsic ? "" : ", and a name declared nowhere is taken for one of its variables"));
      return;
    }
    if (s.onlyList) {
      for (const UseRename& r : s.renames) {
        if (Symbol* sym = module->findLocal(r.remote)) scope.alias(r.local, sym);
        if (auto type = module->types().find(r.remote); type != module->types().end()) scope.aliasType(r.local, type->second);
      }
      return;
    }
    for (const auto& [name, type] : module->types())
      if (!scope.types().count(name) && module->isPublic(name)) scope.aliasType(name, type);
    std::set<std::string> renamed;
    for (const UseRename& r : s.renames) {
      if (Symbol* sym = module->findLocal(r.remote)) {
        scope.alias(r.local, sym);
        renamed.insert(r.remote);
      }
    }
    for (const auto& [name, sym] : module->names())
      if (!renamed.count(name) && !scope.findLocal(name) && module->isPublic(name)) scope.alias(name, sym);
  }

  /// Storage association, as a compiler lays it out: COMMON blocks member after member, and
  /// EQUIVALENCE sets merged into groups that share storage (a group with a COMMON member
  /// extends that block). Sets each symbol's storageOffset (nullopt where a size or an element
  /// does not fold) and equivalenceGroup.
  void storageAssociation(const ProgramUnit& unit, Scope& scope) {
    auto add = [](std::optional<int64_t> a, std::optional<int64_t> b) -> std::optional<int64_t> {
      int64_t out = 0;
      if (!a || !b || __builtin_add_overflow(*a, *b, &out)) return std::nullopt;
      return out;
    };
    auto negate = [](std::optional<int64_t> a) -> std::optional<int64_t> {
      if (!a || *a == INT64_MIN) return std::nullopt;
      return -*a;
    };
    // COMMON: each block's members in the order the unit's COMMON statements list them.
    std::vector<std::pair<std::string, std::vector<Symbol*>>> blocks;
    for (const Stmt* s : unit.specification) {
      if (s->kind != StmtKind::Common || !s->parsed || !s->decl) continue;
      for (const CommonGroup& group : s->decl->commons) {
        auto block = std::find_if(blocks.begin(), blocks.end(), [&](const auto& b) { return b.first == group.block; });
        if (block == blocks.end()) block = blocks.insert(blocks.end(), {group.block, {}});
        for (const Entity& e : group.entities)
          if (Symbol* sym = scope.findLocal(e.name); sym && scope.owns(sym)) block->second.push_back(sym);
      }
    }
    for (auto& [name, members] : blocks) {
      std::optional<int64_t> offset = 0;
      for (Symbol* m : members) {
        m->storageOffset = offset;
        offset = add(offset, storageBytes(*m));
      }
    }
    // EQUIVALENCE: per group, each member's offset from the group's origin.
    struct Member {
      Symbol* symbol;
      std::optional<int64_t> offset;
    };
    std::vector<std::vector<Member>> groups;
    std::unordered_map<const Symbol*, size_t> groupOf;
    auto offsetIn = [&](const std::vector<Member>& group, const Symbol* symbol) {
      for (const Member& m : group)
        if (m.symbol == symbol) return m.offset;
      return std::optional<int64_t>();
    };
    for (const Stmt* s : unit.specification) {
      if (s->kind != StmtKind::Equivalence || !s->parsed || !s->decl) continue;
      for (const ExprList& set : s->decl->equivalences) {
        // Each item: its variable and the byte offset in it of the storage unit the item names.
        std::vector<std::pair<Symbol*, std::optional<int64_t>>> items;
        for (const auto& item : set) {
          if (!item || (item->kind != ExprKind::Name && item->kind != ExprKind::Apply)) continue;
          Symbol* sym = scope.findLocal(item->text);
          if (!sym || !scope.owns(sym)) continue;
          items.push_back({sym, item->kind == ExprKind::Name ? std::optional<int64_t>(0) : elementOffset(*sym, *item, scope)});
        }
        if (items.size() < 2) continue;
        auto [first, firstAt] = items.front();
        auto found = groupOf.find(first);
        size_t g = found != groupOf.end() ? found->second : groups.size();
        if (g == groups.size()) {
          groups.push_back({{first, 0}});
          groupOf[first] = g;
        }
        // The address the set's items share, in the group's frame.
        std::optional<int64_t> shared = add(offsetIn(groups[g], first), firstAt);
        for (size_t k = 1; k < items.size(); ++k) {
          auto [sym, at] = items[k];
          std::optional<int64_t> start = add(shared, negate(at));  // where sym begins in g's frame
          auto other = groupOf.find(sym);
          if (other == groupOf.end()) {
            groups[g].push_back({sym, start});
            groupOf[sym] = g;
          } else if (other->second != g) {
            size_t h = other->second;
            std::optional<int64_t> shift = add(start, negate(offsetIn(groups[h], sym)));
            for (Member& m : groups[h]) {
              groups[g].push_back({m.symbol, add(m.offset, shift)});
              groupOf[m.symbol] = g;
            }
            groups[h].clear();
          }
        }
      }
    }
    int number = 0;
    for (std::vector<Member>& group : groups) {
      if (group.empty()) continue;
      ++number;
      const Member* inCommon = nullptr;
      for (const Member& m : group)
        if (m.symbol->storage == Storage::Common && (!inCommon || (!inCommon->offset && m.offset))) inCommon = &m;
      std::optional<int64_t> origin = 0;  // the group's origin in its COMMON block, or its lowest member
      if (inCommon) {
        origin = add(inCommon->symbol->storageOffset, negate(inCommon->offset));
      } else {
        for (const Member& m : group)
          origin = m.offset && origin ? std::optional<int64_t>(std::min(*origin, *m.offset)) : std::nullopt;
        origin = negate(origin);
      }
      for (Member& m : group) {
        m.symbol->equivalenceGroup = number;
        if (inCommon && m.symbol->storage != Storage::Common) {  // the block extends over it
          m.symbol->storage = Storage::Common;
          m.symbol->common = inCommon->symbol->common;
        }
        if (!inCommon || m.symbol != inCommon->symbol) m.symbol->storageOffset = add(origin, m.offset);
      }
    }
  }

  /// The bytes of a whole variable, when its type and shape fold.
  static std::optional<int64_t> storageBytes(const Symbol& s) {
    std::optional<int> bytes = s.type.bytes();
    std::optional<int64_t> elements = s.isArray() ? s.elements() : std::optional<int64_t>(1);
    int64_t out = 0;
    if (!bytes || !elements || __builtin_mul_overflow(*elements, int64_t{*bytes}, &out)) return std::nullopt;
    return out;
  }

  /// The byte offset, in its variable, of what an EQUIVALENCE item names: an array element
  /// (column-major; one subscript on an array of higher rank counts elements, as FORTRAN 77
  /// compilers allow) or a substring.
  static std::optional<int64_t> elementOffset(const Symbol& sym, const Expr& item, const Scope& scope) {
    std::optional<int> bytes = sym.type.bytes();
    if (!bytes) return std::nullopt;
    if (!sym.isArray()) {  // c(3:5): a substring of a scalar
      if (item.args.size() != 1 || !item.args[0] || item.args[0]->kind != ExprKind::Range) return std::nullopt;
      const Expr& range = *item.args[0];
      std::optional<int64_t> lower = range.args[0] ? foldInteger(range.args[0].get(), scope) : std::optional<int64_t>(1);
      int64_t unit = sym.type.kind > 0 ? sym.type.kind : 1, out = 0;
      if (!lower || sym.type.base != BaseType::Character || __builtin_mul_overflow(*lower - 1, unit, &out)) return std::nullopt;
      return out;
    }
    int64_t linear = 0, stride = 1;
    bool single = item.args.size() == 1 && sym.dims.size() > 1;
    for (size_t d = 0; d < item.args.size(); ++d) {
      if (!item.args[d] || d >= sym.dims.size()) return std::nullopt;
      std::optional<int64_t> index = foldInteger(item.args[d].get(), scope);
      std::optional<int64_t> lower = sym.dims[d].lower;
      std::optional<int64_t> extent = single ? std::optional<int64_t>(1) : sym.dims[d].extent();
      int64_t term = 0;
      if (!index || !lower || !extent || __builtin_sub_overflow(*index, *lower, &term) ||
          __builtin_mul_overflow(term, stride, &term) || __builtin_add_overflow(linear, term, &linear) ||
          __builtin_mul_overflow(stride, *extent, &stride))
        return std::nullopt;
    }
    int64_t out = 0;
    if (__builtin_mul_overflow(linear, int64_t{*bytes}, &out)) return std::nullopt;
    return out;
  }

  /// Whether a derived type has a POINTER component, itself or in a component of derived type
  /// (types nest a few levels; the depth guards a type that names itself through a pointer).
  static bool hasPointerComponent(const std::string& typeName, const Scope& scope, int depth) {
    const DerivedType* type = scope.findType(typeName);
    return type && hasPointerComponent(*type, depth);
  }

  /// The same for a type found: its own components and those it inherits (EXTENDS).
  static bool hasPointerComponent(const DerivedType& type, int depth) {
    if (depth > 16) return false;
    for (const DerivedType* t = &type; t && depth <= 16; t = t->parent, ++depth) {
      if (!t->components) continue;
      for (const Symbol& c : t->components->symbols()) {
        if (c.pointer) return true;
        if (c.type.base == BaseType::Derived && hasPointerComponent(c.type.derived, *t->components, depth + 1)) return true;
      }
    }
    return false;
  }

  /// The variable a designator names (a, a(i), a(1:n), p%x, s(2:3)); null for another expression.
  static Symbol* designatedVariable(const Expr& e) {
    const Expr* base = &e;
    while (base->kind == ExprKind::Component || base->kind == ExprKind::Subscript) base = base->args[0].get();
    if (!base->symbol) return nullptr;
    switch (base->ref) {
      case RefKind::Variable:
      case RefKind::WholeArray:
      case RefKind::ArrayElement:
      case RefKind::ArraySection:
      case RefKind::Substring:
        return base->symbol->associated ? base->symbol->associated : base->symbol;
      default:
        return nullptr;
    }
  }

  /// `f(x) = expression` before the first executable statement, f not an array: a statement
  /// function definition.
  void statementFunctions(ProgramUnit& unit, Scope& scope) {
    for (Node& node : unit.body) {
      Stmt* s = node.stmt;
      if (node.kind != NodeKind::Statement || s->kind != StmtKind::Assignment || !s->parsed) return;
      const Expr& lhs = *s->exprs[0];
      if (lhs.kind != ExprKind::Apply) return;
      Symbol* target = scope.find(lhs.text);
      if (target && target->isArray()) return;
      if (target && !scope.owns(target)) return;
      bool dummiesAreNames = true;
      for (const auto& a : lhs.args) dummiesAreNames &= a && a->kind == ExprKind::Name;
      if (!dummiesAreNames) return;
      Symbol* sym = scope.declare(lhs.text, s->pos.line);
      sym->procedure = sym->statementFunction = true;
      s->kind = StmtKind::StatementFunction;
    }
  }

  void resolveNode(Node& node, Scope& scope) {
    if (node.stmt) resolveStatement(*node.stmt, scope);
    // SELECT TYPE (x): in a TYPE IS (t) or CLASS IS (t) block x is of type t (F2018 11.1.11.2),
    // and its components are t's: x%ssa with ssa a component t adds to x's declared type. Only
    // for a name of the unit's own (a dummy, a local, the associate name): a host's or a
    // module's symbol is shared with other units, which may be read meanwhile.
    Symbol* selector = nullptr;
    if (node.kind == NodeKind::Select && node.stmt && node.stmt->parsed && node.stmt->kind == StmtKind::SelectType &&
        !node.stmt->exprs.empty())
      selector = scope.find(!node.stmt->name.empty() ? node.stmt->name
                            : node.stmt->exprs[0]->kind == ExprKind::Name ? node.stmt->exprs[0]->text
                                                                           : std::string());
    if (selector && !scope.owns(selector)) selector = nullptr;
    for (Node& child : node.children) {
      const TypeInfo declared = selector ? selector->type : TypeInfo{};
      const Stmt* guard = child.stmt;
      if (selector && guard && guard->kind == StmtKind::TypeGuard && !guard->names.empty())
        if (const DerivedType* type = scope.findType(guard->names[0])) {
          selector->type.base = BaseType::Derived;
          selector->type.derived = type->name;
          selector->type.definition = type;
          selector->type.size = type->bytes.value_or(-1);
          // A POINTER component of the guard's type reached through x (x%flux_net(i) = ...) may
          // point at any TARGET: x is taken so everywhere (one symbol for the procedure).
          selector->pointerComponents = selector->pointerComponents || hasPointerComponent(*type, 0);
        }
      resolveNode(child, scope);
      if (selector) selector->type = declared;
    }
  }

  void resolveStatement(Stmt& s, Scope& scope) {
    if (!s.parsed) return;
    line_ = s.pos.line;
    switch (s.kind) {
      case StmtKind::Do:
        if (!s.name.empty()) markVariable(scope, s.name);
        break;
      case StmtKind::Call:
        if (!s.items.empty()) break;  // a type-bound procedure: no name of the unit's
        if (Symbol* callee = scope.find(s.name)) callee->procedure = true;
        break;
      case StmtKind::AssignedGoto:
      case StmtKind::Assign:
        markVariable(scope, s.name);
        break;
      case StmtKind::Associate:
        // ASSOCIATE (x => expression): x names the expression's value, of its type.
        for (auto& item : s.exprs) {
          resolveExpr(*item->args[0], scope, nullptr);
          Symbol* sym = scope.find(item->text);
          if (!sym) sym = scope.declare(item->text, line_);
          sym->type = typeOf(*item->args[0]);
          sym->implicitType = false;
          sym->associated = designatedVariable(*item->args[0]);
        }
        return;
      case StmtKind::SelectType:
      case StmtKind::SelectRank:
        if (!s.name.empty()) markVariable(scope, s.name);  // the associate name
        break;
      case StmtKind::StatementFunction: {
        // The dummies of a statement function are its own; resolve only the body's other names.
        Expr& lhs = *s.exprs[0];
        Symbol* sym = scope.find(lhs.text);
        lhs.ref = RefKind::StatementFunction;
        lhs.symbol = sym;
        std::set<std::string> dummies;
        for (const auto& a : lhs.args) dummies.insert(a->text);
        resolveExpr(*s.exprs[1], scope, &dummies);
        return;
      }
      default:
        break;
    }
    // The variables it defines: an assignment's target, a READ's items, ALLOCATE's objects.
    const bool target = s.kind == StmtKind::Assignment || s.kind == StmtKind::PointerAssignment;
    const bool objects = s.kind == StmtKind::Allocate || s.kind == StmtKind::Deallocate || s.kind == StmtKind::Nullify;
    for (auto& e : s.exprs)
      if (e) resolveExpr(*e, scope, nullptr, (target && &e == &s.exprs[0]) || (objects && e->kind != ExprKind::Keyword));
    for (auto& e : s.items)
      if (e) resolveExpr(*e, scope, nullptr, s.kind == StmtKind::Read);
    if (s.action) resolveStatement(*s.action, scope);
  }

  void markVariable(Scope& scope, const std::string& name) {
    Symbol* sym = scope.find(name);
    if (!sym) scope.declare(name, line_);
  }

  Symbol* lookupOrDeclare(Scope& scope, const std::string& name) {
    if (Symbol* sym = scope.find(name)) return sym;
    return scope.declare(name, line_);
  }

  /// `defined`: e is a variable the statement defines (an assignment's target, a READ item, an
  /// ALLOCATE object), or its base: never a function reference.
  void resolveExpr(Expr& e, Scope& scope, const std::set<std::string>* dummies, bool defined = false) {
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::RealLiteral:
      case ExprKind::LogicalLiteral:
        if (!e.kindText.empty()) {
          std::optional<int64_t> kind = e.kindText[0] >= '0' && e.kindText[0] <= '9'
                                            ? decimalValue(e.kindText)
                                            : (scope.find(e.kindText) ? scope.find(e.kindText)->value.asInteger() : std::nullopt);
          e.literalKind = static_cast<int16_t>(typeKind(kind));
        }
        return;
      case ExprKind::Name: {
        if (dummies && dummies->count(e.text)) {
          e.ref = RefKind::Variable;
          return;
        }
        Symbol* sym = lookupOrDeclare(scope, e.text);
        e.symbol = sym;
        if (sym->isConstant())
          e.ref = RefKind::NamedConstant;
        else if (sym->isArray())
          e.ref = RefKind::WholeArray;
        else if (sym->procedure && sym->storage != Storage::Result)
          e.ref = RefKind::Procedure;
        else
          e.ref = RefKind::Variable;
        return;
      }
      case ExprKind::Apply: {
        bool section = false;
        for (auto& a : e.args) {
          if (!a) continue;
          resolveExpr(*a, scope, dummies);
          if (a->kind == ExprKind::Range || a->ref == RefKind::WholeArray || a->ref == RefKind::ArraySection)
            section = true;
        }
        Symbol* sym = scope.find(e.text);
        if (sym && sym->isArray()) {
          e.symbol = sym;
          e.ref = section ? RefKind::ArraySection : RefKind::ArrayElement;
        } else if (sym && sym->statementFunction) {
          e.symbol = sym;
          e.ref = RefKind::StatementFunction;
        } else if (sym && sym->type.base == BaseType::Character && !sym->procedure && e.args.size() == 1 && e.args[0] &&
                   e.args[0]->kind == ExprKind::Range) {
          e.symbol = sym;
          e.ref = RefKind::Substring;
        } else if (findIntrinsic(e.text) && !(sym && (sym->external || (sym->procedure && !sym->intrinsic)))) {
          // An intrinsic unless the unit knows the name as a procedure of its own (EXTERNAL, CONTAINed,
          // from a module); declaring its type (REAL SQRT) keeps it intrinsic.
          e.ref = RefKind::IntrinsicCall;
          e.symbol = sym;
        } else {
          if (!sym) sym = scope.declare(e.text, line_);
          sym->procedure = true;
          e.symbol = sym;
          e.ref = RefKind::FunctionCall;
        }
        return;
      }
      case ExprKind::Component: {
        // base%name: the component of the base's derived type.
        resolveExpr(*e.args[0], scope, dummies, defined);
        TypeInfo base = typeOf(*e.args[0]);
        if (base.base != BaseType::Derived) return;
        if (const DerivedType* type = base.definition ? base.definition : scope.findType(base.derived)) {
          if (Symbol* component = type->component(e.text)) {
            e.symbol = component;
            e.ref = component->isArray() ? RefKind::WholeArray : RefKind::Variable;
          }
        }
        return;
      }
      case ExprKind::Subscript: {
        bool section = false;
        for (auto& a : e.args) {
          if (!a) continue;
          resolveExpr(*a, scope, dummies, defined && &a == &e.args[0]);
          if (&a != &e.args[0] && (a->kind == ExprKind::Range || a->ref == RefKind::WholeArray)) section = true;
        }
        // p%x(i): an element (or section) of an array component.
        const Expr& base = *e.args[0];
        if (base.kind == ExprKind::Component && base.symbol && base.symbol->isArray()) {
          e.symbol = base.symbol;
          e.ref = section ? RefKind::ArraySection : RefKind::ArrayElement;
        } else if (!defined && base.kind == ExprKind::Component && !base.symbol &&
                   typeOf(*base.args[0]).base == BaseType::Derived) {
          // p%f(x), f no data component of p's type: a type-bound function, a procedure pointer
          // component, or (the type unknown here) either; a call, whatever it does.
          ExprPtr object = std::move(e.args[0]->args[0]);
          e.text = e.args[0]->text;
          e.args[0] = std::move(object);
          e.kind = ExprKind::BindingCall;
          e.ref = RefKind::FunctionCall;
        }
        return;
      }
      case ExprKind::ImpliedDo:
        markVariable(scope, e.text);
        for (auto& a : e.args)
          if (a) resolveExpr(*a, scope, dummies);
        return;
      default:
        for (auto& a : e.args)
          if (a) resolveExpr(*a, scope, dummies);
        return;
    }
  }

  ParsedFile& file_;
  ModuleRegistry& modules_;
  DiagnosticSink& diagnostics_;
  const FileTable& files_;
  FileScopes scopes_;
  Storage defaultStorage_ = Storage::Local;
  bool savesAll_ = false;  ///< the unit being read has a SAVE without a list
  int64_t nextEnumerator_ = 0;
  std::set<std::string> warnedModules_;
  std::set<const Scope*> missingModuleUsers_;  ///< scopes with a USE of a module not loaded
  std::set<const Symbol*> blockDeclared_;      ///< variables a BLOCK construct declares
  uint32_t line_ = 0;
};

}  // namespace

FileScopes resolveSymbols(ParsedFile& file, ModuleRegistry& modules, DiagnosticSink& diagnostics,
                          const FileTable& files) {
  return SymbolPass(file, modules, diagnostics, files).run();
}

}  // namespace sapfor::frontend
