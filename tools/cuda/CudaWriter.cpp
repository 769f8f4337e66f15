/// @file CudaWriter.cpp
#include "tools/cuda/CudaWriter.hpp"

#include "frontend/CheckedArithmetic.hpp"
#include "frontend/Semantics.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>

namespace sapfor::cuda {
using namespace sapfor::frontend;
using predictor::ReductionFacts;

namespace {

/// Thrown (and caught in CudaWriter::translate) when the nest holds something the writer does not
/// translate: the kernel is reported with the reason instead of being written wrong.
struct NotTranslatable {
  std::string reason;
};
[[noreturn]] void fail(std::string reason) { throw NotTranslatable{std::move(reason)}; }

/// C operator precedence, higher binds tighter: an operand is parenthesized when it binds less
/// tightly than its place needs.
enum Precedence {
  kOr = 4, kAnd = 5, kEquality = 9, kRelational = 10, kAdditive = 12, kMultiplicative = 13, kUnary = 15, kPrimary = 16,
};

struct CExpr {
  std::string text;
  int precedence = kPrimary;
};

std::string wrap(const CExpr& e, int atLeast) { return e.precedence < atLeast ? "(" + e.text + ")" : e.text; }

/// Names a Fortran variable may not keep in the kernel: C and C++ keywords, CUDA's built-in
/// variables and the functions the translation calls (a local of that name would hide them).
const std::set<std::string>& reservedNames() {
  static const std::set<std::string> names = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
      "char16_t", "char32_t", "class", "compl", "concept", "const", "const_cast", "constexpr", "continue", "decltype",
      "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
      "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not",
      "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "main",
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
      "abs", "llabs", "fabs", "fabsf", "sqrt", "sqrtf", "exp", "expf", "log", "logf", "log10", "log10f", "sin", "sinf",
      "cos", "cosf", "tan", "tanf", "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f", "sinh", "sinhf",
      "cosh", "coshf", "tanh", "tanhf", "pow", "powf", "fmax", "fmaxf", "fmin", "fminf", "max", "min", "fmod", "fmodf",
      "copysign", "copysignf", "fdim", "fdimf", "round", "roundf", "trunc", "truncf", "floor", "floorf", "ceil", "ceilf",
      "atomicAdd", "atomicMax", "atomicMin", "atomicAnd", "atomicOr", "atomicXor", "atomicCAS",
  };
  return names;
}

/// The C names of one kernel, unique: a Fortran name is kept unless C reserves it.
class Names {
 public:
  void reserve(const std::string& name) { used_.insert(name); }
  bool isFree(const std::string& name) const {
    return !used_.count(name) && !reservedNames().count(name) && name.compare(0, 7, "sapfor_") != 0;
  }
  /// A Fortran variable's C name: its own, unless C reserves it (Fortran scoping makes it unique).
  std::string fortran(const std::string& name) {
    if (reservedNames().count(name) || name.compare(0, 7, "sapfor_") == 0) return fresh(name + "_");
    used_.insert(name);
    return name;
  }
  std::string fresh(const std::string& base) {
    std::string name = base;
    while (!isFree(name)) name += "_";
    used_.insert(name);
    return name;
  }

 private:
  std::set<std::string> used_;
};

/// The C type of a Fortran type the kernels handle; nullopt for the others (COMPLEX, CHARACTER,
/// derived types, REAL(16)). LOGICAL is an int of its kind, as gfortran stores it.
std::optional<std::string> cType(const TypeInfo& t) {
  switch (t.base) {
    case BaseType::Integer:
    case BaseType::Logical:
      if (t.kind == 4) return std::string("int");
      if (t.kind == 8) return std::string("long long");
      if (t.kind == 2) return std::string("short");
      if (t.kind == 1) return std::string("signed char");
      return std::nullopt;
    case BaseType::Real:
      if (t.kind == 4) return std::string("float");
      if (t.kind == 8) return std::string("double");
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::string typeName(const TypeInfo& t) {
  std::string kind = t.kind ? "(" + std::to_string(t.kind) + ")" : "";
  return t.name() + kind;
}

std::string requireType(const TypeInfo& t, const std::string& what) {
  std::optional<std::string> c = cType(t);
  if (!c) fail(what + " is " + typeName(t) + ", a type the writer does not translate");
  return *c;
}

bool isReal(const TypeInfo& t) { return t.base == BaseType::Real; }
bool isInteger(const TypeInfo& t) { return t.base == BaseType::Integer; }

/// The suffix of C's single-precision math functions (sqrtf) for REAL(4), none for REAL(8).
std::string mathSuffix(const TypeInfo& t, const std::string& intrinsic) {
  if (t.base == BaseType::Real && t.kind == 4) return "f";
  if (t.base == BaseType::Real && t.kind == 8) return "";
  fail("intrinsic " + intrinsic + " of " + typeName(t));
}

/// A floating constant C reads back exactly: %.17g for double, %.9g with f for float.
std::string realLiteral(double value, int kind) {
  if (!std::isfinite(value)) fail("a constant that is not finite");
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, kind == 4 ? "%.9g" : "%.17g", value);
  std::string text = buffer;
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return kind == 4 ? text + "f" : text;
}

std::string integerLiteral(int64_t value, int kind) {
  if (value == std::numeric_limits<int64_t>::min()) return "(-9223372036854775807LL - 1)";
  return std::to_string(value) + (kind == 8 ? "LL" : "");
}

CExpr constantValue(const ConstValue& v, const std::string& name) {
  std::string text;
  switch (v.kind) {
    case ConstValue::Kind::Integer: text = integerLiteral(v.i, v.type.kind); break;
    case ConstValue::Kind::Real: text = realLiteral(v.r, v.type.kind); break;
    case ConstValue::Kind::Logical: text = v.i ? "1" : "0"; break;
    default: fail("constant " + name + " of type " + typeName(v.type));
  }
  return {text, text[0] == '-' ? kUnary : kPrimary};
}

/// Specific intrinsic names (FORTRAN 77) as the generic they are; the result type comes from the
/// front end's table either way.
std::string genericIntrinsic(const std::string& name) {
  static const std::map<std::string, std::string> specific = {
      {"dabs", "abs"}, {"iabs", "abs"}, {"dsqrt", "sqrt"}, {"dexp", "exp"}, {"alog", "log"}, {"dlog", "log"},
      {"alog10", "log10"}, {"dlog10", "log10"}, {"dsin", "sin"}, {"dcos", "cos"}, {"dtan", "tan"}, {"dasin", "asin"},
      {"dacos", "acos"}, {"datan", "atan"}, {"datan2", "atan2"}, {"dsinh", "sinh"}, {"dcosh", "cosh"},
      {"dtanh", "tanh"}, {"amax0", "max"}, {"amax1", "max"}, {"dmax1", "max"}, {"max0", "max"}, {"max1", "max"},
      {"amin0", "min"}, {"amin1", "min"}, {"dmin1", "min"}, {"min0", "min"}, {"min1", "min"}, {"amod", "mod"},
      {"dmod", "mod"}, {"isign", "sign"}, {"dsign", "sign"}, {"idim", "dim"}, {"ddim", "dim"}, {"ifix", "int"},
      {"idint", "int"}, {"float", "real"}, {"sngl", "real"}, {"dfloat", "dble"}, {"idnint", "nint"},
      {"dnint", "anint"}, {"dint", "aint"},
  };
  auto found = specific.find(name);
  return found == specific.end() ? name : found->second;
}

/// The device helpers a kernel may call, by name: each is written once, before the kernels.
std::string helperText(const std::string& name) {
  if (name == "sapfor_ipow")
    return "/// x**n for an integer n (Fortran's power with an integer exponent): square and multiply; with a\n"
           "/// constant n the loop unrolls.\n"
           "template <typename T>\n"
           "__device__ __forceinline__ T sapfor_ipow(T x, int n)\n"
           "{\n"
           "  T result = 1;\n"
           "  for (unsigned k = n < 0 ? 0u - (unsigned)n : (unsigned)n; k != 0; k >>= 1, x *= x)\n"
           "    if (k & 1) result *= x;\n"
           "  return n < 0 ? T(1) / result : result;\n"
           "}\n";
  if (name == "sapfor_isign")
    return "/// SIGN(a, b) for integers: |a| with the sign of b.\n"
           "template <typename T>\n"
           "__device__ __forceinline__ T sapfor_isign(T a, T b)\n"
           "{\n"
           "  T magnitude = a < 0 ? -a : a;\n"
           "  return b >= 0 ? magnitude : -magnitude;\n"
           "}\n";
  if (name == "sapfor_idim")
    return "/// DIM(a, b) for integers: a - b when positive, else 0.\n"
           "template <typename T>\n"
           "__device__ __forceinline__ T sapfor_idim(T a, T b)\n"
           "{\n"
           "  return a > b ? a - b : 0;\n"
           "}\n";
  // sapfor_atomic_<op>_<type>: a compare-and-swap loop, for the reductions CUDA has no atomic for.
  std::istringstream parts(name.substr(std::string("sapfor_atomic_").size()));
  std::string op, type;
  std::getline(parts, op, '_');
  std::getline(parts, type);
  std::string word = type == "double" ? "unsigned long long" : type == "float" ? "unsigned int" : "int";
  std::string toWord = type == "double" ? "__double_as_longlong" : type == "float" ? "__float_as_uint" : "";
  std::string fromWord = type == "double" ? "__longlong_as_double" : type == "float" ? "__uint_as_float" : "";
  std::string suffix = type == "float" ? "f" : "";
  std::string old = fromWord + "(expected)";
  std::string combined = op == "mul" ? old + " * value"
                         : op == "max" ? (type == "int" ? "max(" : "fmax" + suffix + "(") + old + ", value)"
                                       : (type == "int" ? "min(" : "fmin" + suffix + "(") + old + ", value)";
  return "/// *target = " + op + "(*target, value) atomically: a compare-and-swap loop (CUDA has no atomic " + op +
         " of " + type + ").\n"
         "__device__ void " + name + "(" + type + "* target, " + type + " value)\n"
         "{\n"
         "  " + word + "* word = (" + word + "*)target;\n"
         "  " + word + " seen = *word, expected;\n"
         "  do {\n"
         "    expected = seen;\n"
         "    seen = atomicCAS(word, expected, " + toWord + "(" + combined + "));\n"
         "  } while (seen != expected);\n"
         "}\n";
}

/// What a Fortran name is in the kernel.
enum class Role { NestIndex, Local, Reduction, Parameter, Array };

struct KernelVariable {
  Role role = Role::Local;
  std::string cName;
  std::string cType;
  const ReductionFacts* reduction = nullptr;
  std::string globalName;  ///< Reduction: the pointer parameter the result is combined into
  // Arrays: per dimension the lower bound and (all but the last) the extent, as C expressions.
  std::vector<CExpr> lower, extent;
  bool wideIndex = false;  ///< the linear index may not fit an int: computed in long long
  bool written = false;
};

struct Parameter {
  std::string declaration;  ///< `const double* __restrict__ a`
  std::string plain;        ///< the launcher's: `const double* a`
  std::string name;
};

class KernelTranslator {
 public:
  KernelTranslator(const SourceProgram& program, const KernelRequest& request, bool writeAcross,
                   std::set<std::string>& helpers, std::set<std::string>& kernelNames)
      : program_(program), r_(request), writeAcross_(writeAcross), helpers_(helpers), kernelNames_(kernelNames) {}

  CudaKernel run() {
    CudaKernel k;
    k.loopKey = r_.loopKey;
    k.name = kernelName();
    try {
      if (r_.across && !writeAcross_)
        fail("ACROSS: its iterations depend on their neighbours, and the pipeline DVMH runs them in is not "
             "written (--across writes the kernel for measuring registers)");
      find();
      collectNames(*nest_.front());
      mapNest();
      std::string body = statements(nest_.back()->children, 2);
      k.text = assemble(k.name, body);
      k.function = function_;
      k.helpers = used_;
      k.parameters = parameters_;
      kernelNames_.insert(k.name);
      for (const std::string& h : used_) helpers_.insert(h);
    } catch (const NotTranslatable& e) {
      k.reason = e.reason;
      k.text.clear();
    }
    return k;
  }

 private:
  std::string kernelName() {
    std::string name;
    for (char c : r_.loopKey) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "k_" + name;
    while (kernelNames_.count(name) || reservedNames().count(name) || name.compare(0, 7, "sapfor_") == 0) name += "_";
    return name;
  }

  // ---- finding the nest in the parsed sources ----

  const Node* findDo(const std::vector<Node>& nodes, int fileIndex) {
    for (const Node& n : nodes) {
      if (n.kind == NodeKind::Do && n.stmt && n.stmt->fileIndex == fileIndex &&
          static_cast<int>(n.stmt->pos.line) == r_.lines.front() && n.stmt->name == r_.vars.front())
        return &n;
      if (const Node* found = findDo(n.children, fileIndex)) return found;
    }
    return nullptr;
  }

  void find() {
    int fileIndex = program_.fileIndex(r_.file);
    if (fileIndex < 0) fail("its file " + r_.file + " is not among the parsed sources");
    for (size_t f = 0; f < program_.parsed.size() && !nest_.size(); ++f)
      forEachUnit(program_.parsed[f].units, [&](const ProgramUnit& unit) {
        if (nest_.size()) return;
        if (const Node* found = findDo(unit.body, fileIndex)) {
          nest_.push_back(found);
          unit_ = &unit;
          scope_ = program_.scopes[f].of(unit);
        }
      });
    if (nest_.empty())
      fail("no DO " + r_.vars.front() + " at " + r_.file + ":" + std::to_string(r_.lines.front()) +
           " in the parsed sources");
    for (size_t d = 0; d < r_.vars.size(); ++d) {
      const Node* node = nest_[d];
      if (node->stmt->kind != StmtKind::Do)
        fail("the loop at line " + std::to_string(node->stmt->pos.line) + " is a " + stmtKindName(node->stmt->kind));
      if (d + 1 == r_.vars.size()) break;
      const Node* inner = nullptr;
      for (const Node& child : node->children) {
        if (child.kind == NodeKind::Statement && child.stmt->kind == StmtKind::Continue) continue;
        if (child.kind == NodeKind::Do && !inner) {
          inner = &child;
          continue;
        }
        fail("the nest is not tightly nested: line " + std::to_string(child.stmt->pos.line) +
             " is between its loops");
      }
      if (!inner || inner->stmt->name != r_.vars[d + 1])
        fail("the loop inside " + r_.vars[d] + " is not the nest's loop " + r_.vars[d + 1]);
      nest_.push_back(inner);
    }
  }

  // ---- names: every Fortran name of the nest keeps its C name unless C reserves it ----

  void collectExpr(const Expr* e) {
    if (!e) return;
    if (e->kind == ExprKind::Name || e->kind == ExprKind::Apply) names_.reserve(e->text);
    for (const auto& a : e->args) collectExpr(a.get());
  }

  void collectStmt(const Stmt* s) {
    if (!s) return;
    for (const auto& e : s->exprs) collectExpr(e.get());
    if (s->kind == StmtKind::Do) {
      names_.reserve(s->name);
      written_.insert(s->name);
      seqLoopVars_.insert(s->name);
    }
    if (s->kind == StmtKind::Assignment && !s->exprs.empty() && s->exprs[0]->kind == ExprKind::Name)
      written_.insert(s->exprs[0]->text);
    collectStmt(s->action.get());
  }

  void collectNames(const Node& node) {
    collectStmt(node.stmt);
    for (const Node& child : node.children) collectNames(child);
  }

  const Symbol* symbolOf(const Expr& e) {
    if (e.symbol) return e.symbol;
    if (const Symbol* s = scope_->find(e.text)) return s;
    fail("the name " + e.text + " is not declared");
  }

  KernelVariable& variable(const Symbol& s) {
    auto found = vars_.find(&s);
    if (found != vars_.end()) return found->second;
    KernelVariable v;
    v.written = written_.count(s.name) > 0;
    if (s.isArray()) {
      auto trait = r_.traits.find(s.name);
      if (trait != r_.traits.end() && trait->second == "private")
        fail("the array " + s.name + " is private to each iteration, and the writer gives a thread no array of its own");
      for (const ReductionFacts& red : r_.reductions)
        if (red.var == s.name && red.op != "loc") fail("the array " + s.name + " is a reduction, and the writer reduces scalars only");
      v.role = Role::Array;
      v.cType = requireType(s.type, "array " + s.name);
      v.cName = names_.fortran(s.name);
      KernelVariable& stored = vars_.emplace(&s, std::move(v)).first->second;
      parameterOrder_.push_back(&s);
      layout(s, stored);
      return stored;
    }
    v.cType = requireType(s.type, s.name);
    auto trait = r_.traits.find(s.name);
    std::string t = trait == r_.traits.end() ? "" : trait->second;
    for (const ReductionFacts& red : r_.reductions)
      if (red.var == s.name) v.reduction = &red;
    if (v.reduction) {
      v.role = Role::Reduction;
      v.cName = names_.fortran(s.name);
      v.globalName = names_.fresh(s.name + "_global");
      parameterOrder_.push_back(&s);
    } else if (seqLoopVars_.count(s.name) || t == "private" || r_.privates.count(s.name)) {
      v.role = Role::Local;
      v.cName = names_.fortran(s.name);
    } else if (!v.written) {
      v.role = Role::Parameter;
      v.cName = names_.fortran(s.name);
      parameterOrder_.push_back(&s);
    } else {
      fail("the scalar " + s.name + " is written in the loop but is neither private nor a reduction (" +
           (t.empty() ? "no trait" : t) + "): its iterations would race");
    }
    if (v.role == Role::Local) localOrder_.push_back(&s);
    return vars_.emplace(&s, std::move(v)).first->second;
  }

  // ---- arrays: column-major, linearized with the declared lower bounds ----

  /// The declared bounds of an array whose bounds do not fold: its declaration's DimSpecs.
  const ArraySpec* declaredShape(const Symbol& s) {
    for (const ProgramUnit* unit = unit_; unit; unit = unit->host)
      for (const Stmt* spec : unit->specification) {
        if (!spec->decl) continue;
        const ArraySpec* attrDims = nullptr;
        for (const Attr& a : spec->decl->attrs)
          if (a.kind == AttrKind::Dimension) attrDims = &a.dims;
        for (const Entity& e : spec->decl->entities)
          if (e.name == s.name && (e.hasDims || attrDims)) return e.hasDims ? &e.dims : attrDims;
        for (const CommonGroup& g : spec->decl->commons)
          for (const Entity& e : g.entities)
            if (e.name == s.name && e.hasDims) return &e.dims;
      }
    return nullptr;
  }

  void layout(const Symbol& s, KernelVariable& v) {
    bool deferred = s.allocatable || s.pointer;
    const ArraySpec* spec = nullptr;
    int64_t elements = 1;
    bool known = true;
    for (int d = 0; d < s.rank(); ++d) {
      const DimInfo& dim = s.dims[static_cast<size_t>(d)];
      bool last = d + 1 == s.rank();
      bool colon = !dim.spec.empty() && dim.spec.back() == ':';
      std::string dimName = std::to_string(d + 1);
      if (dim.spec == "*" && !last) fail("array " + s.name + " has an assumed size in a dimension that is not its last");
      // The lower bound: folded, declared, or (allocatable, pointer: set by ALLOCATE) a parameter.
      if (!deferred && dim.lower) {
        v.lower.push_back({integerLiteral(*dim.lower, 4), *dim.lower < 0 ? kUnary : kPrimary});
      } else if (!deferred && !dim.lowerText.empty() && dim.lowerText != "1" && !colon) {
        if (!spec && !(spec = declaredShape(s))) fail("the declaration of array " + s.name + " is not found");
        const DimSpec& ds = (*spec)[static_cast<size_t>(d)];
        if (!ds.lower) fail("array " + s.name + "'s lower bound " + dim.lowerText);
        v.lower.push_back(expr(*ds.lower));
      } else if (!deferred && (dim.lowerText.empty() || dim.lowerText == "1")) {
        v.lower.push_back({"1", kPrimary});
      } else {
        v.lower.push_back({extentParameter(s.name + "_lb" + dimName, {KernelParameter::Kind::LowerBound, "", "int", s.name, d}),
                           kPrimary});
      }
      if (last) break;
      std::optional<int64_t> extent = deferred ? std::nullopt : dim.extent();
      if (extent) {
        v.extent.push_back({integerLiteral(*extent, 4), kPrimary});
        if (__builtin_mul_overflow(elements, std::max<int64_t>(*extent, 1), &elements)) known = false;
        continue;
      }
      known = false;
      if (deferred || colon || dim.upperText.empty()) {
        v.extent.push_back({extentParameter(s.name + "_n" + dimName, {KernelParameter::Kind::Extent, "", "int", s.name, d}),
                            kPrimary});
        continue;
      }
      if (!spec && !(spec = declaredShape(s))) fail("the declaration of array " + s.name + " is not found");
      const DimSpec& ds = (*spec)[static_cast<size_t>(d)];
      if (!ds.upper) fail("array " + s.name + "'s extent in dimension " + dimName);
      CExpr upper = expr(*ds.upper);
      if (!ds.lower) {
        v.extent.push_back(upper);
      } else {
        CExpr lower = expr(*ds.lower);
        v.extent.push_back({wrap(upper, kAdditive) + " - " + wrap(lower, kAdditive + 1) + " + 1", kAdditive});
      }
    }
    // Fortran compilers index in 64 bits; an int suffices when the array is known to be small.
    std::optional<int64_t> lastExtent = deferred ? std::nullopt : s.dims.back().extent();
    int64_t all = 0;
    v.wideIndex = !known || !lastExtent || __builtin_mul_overflow(elements, std::max<int64_t>(*lastExtent, 1), &all) ||
                  all > std::numeric_limits<int>::max();
  }

  /// A bound the kernel cannot know (an allocatable's, an assumed shape's): the caller passes it.
  std::string extentParameter(const std::string& base, KernelParameter meaning) {
    std::string name = names_.fresh(base);
    extentParameters_.push_back({"int " + name, "int " + name, name});
    meaning.cName = name;
    extentMeaning_.push_back(meaning);
    return name;
  }

  CExpr element(const Expr& e, const Symbol& s) {
    KernelVariable& v = variable(s);
    if (static_cast<int>(e.args.size()) != s.rank())
      fail("the reference " + exprText(e) + " has " + std::to_string(e.args.size()) + " subscripts for rank " +
           std::to_string(s.rank()));
    std::vector<std::string> terms;
    for (size_t d = 0; d < e.args.size(); ++d) {
      const Expr& sub = *e.args[d];
      if (sub.kind == ExprKind::Range) fail("array section " + exprText(e));
      if (!isInteger(typeOf(sub))) fail("the subscript " + exprText(sub) + " is not an integer");
      CExpr c = expr(sub);
      const CExpr& lower = v.lower[d];
      if (lower.text == "0") terms.push_back(wrap(c, kAdditive));
      else if (lower.text[0] == '-' && lower.precedence == kUnary) terms.push_back(wrap(c, kAdditive) + " + " + lower.text.substr(1));
      else terms.push_back(wrap(c, kAdditive) + " - " + wrap(lower, kAdditive + 1));
    }
    // Horner's form from the last dimension: (s1 - l1) + n1 * ((s2 - l2) + n2 * (s3 - l3)).
    std::string index = terms.back();
    for (size_t d = terms.size() - 1; d-- > 0;) {
      std::string extent = v.wideIndex ? "(long long)" + wrap(v.extent[d], kUnary) : wrap(v.extent[d], kMultiplicative);
      std::string inner = index.find(' ') == std::string::npos ? index : "(" + index + ")";
      index = terms[d] + " + " + extent + " * " + inner;
    }
    if (v.wideIndex && terms.size() == 1) index = "(long long)(" + index + ")";
    return {v.cName + "[" + index + "]", kPrimary};
  }

  // ---- expressions ----

  CExpr name(const Expr& e) {
    const Symbol& s = *symbolOf(e);
    if (s.isConstant()) return constantValue(s.value, s.name);
    if (s.isArray()) fail("array syntax: the whole array " + s.name);
    if (s.procedure) fail("the procedure name " + s.name);
    return {variable(s).cName, kPrimary};
  }

  std::vector<const Expr*> positional(const Expr& call, const std::string& intrinsic) {
    std::vector<const Expr*> args;
    for (const auto& a : call.args) {
      if (!a) fail("an omitted argument of " + intrinsic);
      if (a->kind == ExprKind::Keyword) {
        if (a->text != "kind") fail("the keyword argument " + a->text + "= of " + intrinsic);
        continue;  // the result type already has the kind
      }
      args.push_back(a.get());
    }
    return args;
  }

  CExpr cast(const CExpr& e, const TypeInfo& to) { return {"(" + requireType(to, "a conversion") + ")" + wrap(e, kUnary), kUnary}; }

  /// An argument converted to the intrinsic's result type when it has another (MAX of mixed kinds).
  CExpr argument(const Expr& a, const TypeInfo& to) {
    CExpr c = expr(a);
    return typeOf(a) == to ? c : cast(c, to);
  }

  CExpr call(const std::string& function, const std::vector<CExpr>& args) {
    std::string text = function + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i].text;
    return {text + ")", kPrimary};
  }

  CExpr intrinsic(const Expr& e) {
    std::string name = genericIntrinsic(e.text);
    TypeInfo result = typeOf(e);
    std::vector<const Expr*> args = positional(e, e.text);
    auto need = [&](size_t n) {
      if (args.size() != n) fail("intrinsic " + e.text + " with " + std::to_string(args.size()) + " arguments");
    };
    static const std::set<std::string> math = {"sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin", "acos",
                                               "atan", "sinh", "cosh", "tanh"};
    if (math.count(name)) {
      need(1);
      if (!isReal(typeOf(*args[0]))) fail("intrinsic " + e.text + " of a " + typeName(typeOf(*args[0])));
      return call(name + mathSuffix(result, e.text), {expr(*args[0])});
    }
    if (name == "atan2") {
      need(2);
      return call("atan2" + mathSuffix(result, e.text), {argument(*args[0], result), argument(*args[1], result)});
    }
    if (name == "abs") {
      need(1);
      if (isInteger(result)) return call(result.kind == 8 ? "llabs" : "abs", {expr(*args[0])});
      return call("fabs" + mathSuffix(result, e.text), {expr(*args[0])});
    }
    if (name == "max" || name == "min") {
      if (args.size() < 2) fail("intrinsic " + e.text + " with fewer than 2 arguments");
      std::string function = isInteger(result) ? name : "f" + name + mathSuffix(result, e.text);
      requireType(result, "the result of " + e.text);
      // max(a, b, c) = max(a, max(b, c)): n - 1 calls, as MODEL counts them.
      CExpr folded = argument(*args.back(), result);
      for (size_t i = args.size() - 1; i-- > 0;) folded = call(function, {argument(*args[i], result), folded});
      return folded;
    }
    if (name == "mod") {
      need(2);
      if (isInteger(result)) {  // C's % truncates toward zero, as MOD does: the sign of the first argument
        CExpr a = argument(*args[0], result);
        CExpr p = argument(*args[1], result);
        return {wrap(a, kMultiplicative) + " % " + wrap(p, kMultiplicative + 1), kMultiplicative};
      }
      return call("fmod" + mathSuffix(result, e.text), {argument(*args[0], result), argument(*args[1], result)});
    }
    if (name == "sign" || name == "dim") {
      need(2);
      if (isInteger(result)) {
        std::string helper = name == "sign" ? "sapfor_isign" : "sapfor_idim";
        used_.insert(helper);
        return call(helper, {argument(*args[0], result), argument(*args[1], result)});
      }
      return call((name == "sign" ? "copysign" : "fdim") + mathSuffix(result, e.text),
                  {argument(*args[0], result), argument(*args[1], result)});
    }
    // INT(x, kind), REAL(x, 8), NINT(x, kind): the kind is in the result type already.
    bool conversion = name == "int" || name == "real" || name == "dble" || name == "nint" || name == "floor" || name == "ceiling";
    if (conversion && args.size() == 2) {
      if (!foldInteger(args[1], *scope_)) fail("intrinsic " + e.text + " with a kind that is not a constant");
      args.pop_back();
    }
    if (name == "int" || name == "real" || name == "dble") {
      need(1);
      TypeInfo from = typeOf(*args[0]);
      if (from.base != BaseType::Integer && from.base != BaseType::Real) fail("intrinsic " + e.text + " of a " + typeName(from));
      return from == result ? expr(*args[0]) : cast(expr(*args[0]), result);  // C's conversion truncates as INT does
    }
    if (name == "nint" || name == "anint" || name == "aint" || name == "floor" || name == "ceiling") {
      need(1);
      TypeInfo from = typeOf(*args[0]);
      if (!isReal(from)) fail("intrinsic " + e.text + " of a " + typeName(from));
      // NINT rounds half away from zero, as C's round does.
      std::string function = name == "nint" || name == "anint" ? "round" : name == "aint" ? "trunc" : name == "floor" ? "floor" : "ceil";
      CExpr rounded = call(function + mathSuffix(from, e.text), {expr(*args[0])});
      return result == from ? rounded : cast(rounded, result);
    }
    fail("intrinsic " + e.text);
  }

  CExpr power(const Expr& e) {
    const Expr& base = *e.args[0];
    const Expr& exponent = *e.args[1];
    TypeInfo result = typeOf(e);
    requireType(result, "the power " + exprText(e));
    if (isInteger(typeOf(exponent))) {
      used_.insert("sapfor_ipow");
      std::string type = *cType(result);
      CExpr n = expr(exponent);
      if (typeOf(exponent).kind != 4) n = cast(n, TypeInfo::integer(4));
      return call("sapfor_ipow<" + type + ">", {argument(base, result), n});
    }
    return call("pow" + mathSuffix(result, exprText(e)), {argument(base, result), argument(exponent, result)});
  }

  CExpr binary(const Expr& e) {
    // Operands are translated left to right (the kernel's parameters are listed as first met).
    auto infix = [&](const char* op, int p) {
      CExpr left = expr(*e.args[0]);
      CExpr right = expr(*e.args[1]);
      return CExpr{wrap(left, p) + " " + op + " " + wrap(right, p + 1), p};
    };
    switch (e.op) {
      case Op::Add: return infix("+", kAdditive);
      case Op::Sub: return infix("-", kAdditive);
      case Op::Mul: return infix("*", kMultiplicative);
      case Op::Div: return infix("/", kMultiplicative);
      case Op::Pow: return power(e);
      case Op::Eq: return infix("==", kEquality);
      case Op::Ne: return infix("!=", kEquality);
      case Op::Lt: return infix("<", kRelational);
      case Op::Le: return infix("<=", kRelational);
      case Op::Gt: return infix(">", kRelational);
      case Op::Ge: return infix(">=", kRelational);
      case Op::And: return infix("&&", kAnd);
      case Op::Or: return infix("||", kOr);
      case Op::Eqv:
      case Op::Neqv: {  // on the truth values: a LOGICAL is any non-zero int
        std::string op = e.op == Op::Eqv ? " == " : " != ";
        CExpr left = expr(*e.args[0]);
        CExpr right = expr(*e.args[1]);
        return {"!" + wrap(left, kPrimary) + op + "!" + wrap(right, kPrimary), kEquality};
      }
      default: fail(std::string("the operator ") + opSpelling(e.op));
    }
  }

  CExpr expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLiteral: return {integerLiteral(e.intValue, typeOf(e).kind), kPrimary};
      case ExprKind::RealLiteral: {
        std::string text;
        for (char c : e.text) {
          if (c == '_') break;
          char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          if (l == 'q') fail("the quadruple-precision constant " + e.text);
          text += l == 'd' ? 'e' : l;
        }
        int kind = typeOf(e).kind;
        if (kind != 4 && kind != 8) fail("the constant " + e.text + " of kind " + std::to_string(kind));
        return {kind == 4 ? text + "f" : text, kPrimary};
      }
      case ExprKind::LogicalLiteral: return {e.intValue ? "1" : "0", kPrimary};
      case ExprKind::Name: return name(e);
      case ExprKind::Apply:
        switch (e.ref) {
          case RefKind::ArrayElement: return element(e, *symbolOf(e));
          case RefKind::IntrinsicCall: return intrinsic(e);
          case RefKind::FunctionCall:
          case RefKind::StatementFunction: fail("it calls the function " + e.text + " (its body is not translated)");
          case RefKind::ArraySection: fail("array section " + exprText(e));
          default: fail("the reference " + exprText(e));
        }
      case ExprKind::Paren: return {"(" + expr(*e.args[0]).text + ")", kPrimary};
      case ExprKind::Unary: {
        if (e.op == Op::Plus) return expr(*e.args[0]);
        if (e.op != Op::Neg && e.op != Op::Not) fail(std::string("the operator ") + opSpelling(e.op));
        CExpr operand = expr(*e.args[0]);
        // -(-x), not --x: an operand that is itself unary keeps its parentheses.
        return {(e.op == Op::Neg ? "-" : "!") + wrap(operand, kPrimary), kUnary};
      }
      case ExprKind::Binary: return binary(e);
      default: fail("the expression " + exprText(e));
    }
  }

  // ---- statements ----

  static std::string pad(int indent) { return std::string(static_cast<size_t>(indent), ' '); }

  std::string assignment(const Stmt& s, int indent) {
    const Expr& lhs = *s.exprs[0];
    std::string target;
    if (lhs.kind == ExprKind::Name) {
      const Symbol& sym = *symbolOf(lhs);
      if (sym.isArray()) fail("array syntax: an assignment to the whole array " + sym.name);
      target = variable(sym).cName;
    } else if (lhs.kind == ExprKind::Apply && lhs.ref == RefKind::ArrayElement) {
      const Symbol& sym = *symbolOf(lhs);
      variable(sym).written = true;
      target = element(lhs, sym).text;
    } else {
      fail("an assignment to " + exprText(lhs));
    }
    // C converts the value to the target's type as Fortran does (a REAL to an INTEGER truncates).
    return pad(indent) + target + " = " + expr(*s.exprs[1]).text + ";\n";
  }

  std::string statement(const Stmt& s, int indent) {
    if (!s.parsed) fail("the statement at line " + std::to_string(s.pos.line) + " has a syntax error");
    switch (s.kind) {
      case StmtKind::Assignment: return assignment(s, indent);
      case StmtKind::Continue: return "";
      case StmtKind::If: {
        std::string condition = expr(*s.exprs[0]).text;
        return pad(indent) + "if (" + condition + ")\n" + nonEmpty(statement(*s.action, indent + 2), indent + 2);
      }
      case StmtKind::Cycle:
      case StmtKind::Exit:
        if (seqLoops_.empty()) fail(std::string(s.kind == StmtKind::Cycle ? "CYCLE" : "EXIT") + " of the parallel loop");
        if (!s.name.empty() && s.name != seqLoops_.back())
          fail(std::string(s.kind == StmtKind::Cycle ? "CYCLE " : "EXIT ") + s.name + " of an outer loop");
        return pad(indent) + (s.kind == StmtKind::Cycle ? "continue;\n" : "break;\n");
      default:
        fail(std::string("a ") + stmtKindName(s.kind) + " statement at line " + std::to_string(s.pos.line));
    }
  }

  static std::string nonEmpty(const std::string& text, int indent) { return text.empty() ? pad(indent) + ";\n" : text; }

  std::string sequentialLoop(const Node& n, int indent) {
    const Stmt& s = *n.stmt;
    if (s.kind != StmtKind::Do)
      fail(std::string("a ") + stmtKindName(s.kind) + " loop at line " + std::to_string(s.pos.line));
    const Symbol* found = scope_->find(s.name);
    if (!found) fail("the DO variable " + s.name + " is not declared");
    const Symbol& var = *found;
    KernelVariable& v = variable(var);
    if (!isInteger(var.type)) fail("the DO variable " + s.name + " is not an integer");
    int64_t step = 1;
    if (s.exprs.size() > 2) {
      std::optional<int64_t> folded = foldInteger(s.exprs[2].get(), *scope_);
      if (!folded || *folded == 0) fail("the DO at line " + std::to_string(s.pos.line) + " has a step that is not a constant");
      step = *folded;
    }
    std::string text;
    // Fortran evaluates the bounds once, before the first iteration: a bound that is not a constant
    // is kept in a local.
    std::string last;
    if (std::optional<int64_t> folded = foldInteger(s.exprs[1].get(), *scope_)) {
      last = integerLiteral(*folded, var.type.kind);
    } else {
      last = names_.fresh(s.name + "_last");
      boundLocals_.push_back(v.cType + " " + last);
      text += pad(indent) + last + " = " + expr(*s.exprs[1]).text + ";\n";
    }
    if (step == std::numeric_limits<int64_t>::min())
      fail("the DO at line " + std::to_string(s.pos.line) + " has a step of -2^63 (its magnitude does not fit in 64 bits)");
    std::string increment = step == 1    ? "++" + v.cName
                            : step == -1 ? "--" + v.cName
                            : step > 0   ? v.cName + " += " + std::to_string(step)
                                         : v.cName + " -= " + std::to_string(-step);
    text += pad(indent) + "for (" + v.cName + " = " + expr(*s.exprs[0]).text + "; " + v.cName + (step > 0 ? " <= " : " >= ") +
            last + "; " + increment + ") {\n";
    seqLoops_.push_back(s.constructName.empty() ? s.name : s.constructName);
    text += statements(n.children, indent + 2);
    seqLoops_.pop_back();
    return text + pad(indent) + "}\n";
  }

  std::string ifConstruct(const Node& n, int indent) {
    std::string text;
    for (const Node& arm : n.children) {
      const Stmt& s = *arm.stmt;
      if (s.kind == StmtKind::IfThen) text += pad(indent) + "if (" + expr(*s.exprs[0]).text + ") {\n";
      else if (s.kind == StmtKind::ElseIf) text += pad(indent) + "} else if (" + expr(*s.exprs[0]).text + ") {\n";
      else text += pad(indent) + "} else {\n";
      text += statements(arm.children, indent + 2);
    }
    return text + pad(indent) + "}\n";
  }

  std::string statements(const std::vector<Node>& nodes, int indent) {
    std::string text;
    for (const Node& n : nodes) {
      switch (n.kind) {
        case NodeKind::Statement: text += statement(*n.stmt, indent); break;
        case NodeKind::Do: text += sequentialLoop(n, indent); break;
        case NodeKind::If: text += ifConstruct(n, indent); break;
        default: fail(std::string("a ") + stmtKindName(n.stmt->kind) + " construct at line " + std::to_string(n.stmt->pos.line));
      }
    }
    return text;
  }

  // ---- the nest: MODEL.md §3's mapping, innermost loop <-> x ----

  static bool mentions(const Expr& e, const std::set<std::string>& names) {
    if ((e.kind == ExprKind::Name || e.kind == ExprKind::Apply) && names.count(e.text)) return true;
    for (const auto& a : e.args)
      if (a && mentions(*a, names)) return true;
    return false;
  }

  struct NestDimension {
    std::string var;          ///< the loop variable's C name
    std::string count, first; ///< C expressions: its trip count and first value
    int64_t step = 1;
    std::string offset, tiles;  ///< generated names: the iteration's index from 0, the tiles along it
  };

  void mapNest() {
    std::set<std::string> nestVars(r_.vars.begin(), r_.vars.end());
    for (const Node* n : nest_) {
      const Symbol* var = scope_->find(n->stmt->name);
      if (!var || !isInteger(var->type)) fail("the DO variable " + n->stmt->name + " is not an integer");
      KernelVariable v;
      v.role = Role::NestIndex;
      v.cType = requireType(var->type, n->stmt->name);
      v.cName = names_.fortran(n->stmt->name);
      vars_.emplace(var, v);
      for (const auto& bound : n->stmt->exprs)
        if (mentions(*bound, nestVars))
          fail("the bounds of loop " + n->stmt->name + " depend on the nest's loop variables (the iteration space is not a rectangle)");
    }
    // Dimension 0 is the innermost loop (x), as MODEL.md §3 maps it.
    for (size_t i = nest_.size(); i-- > 0;) {
      const Stmt& s = *nest_[i]->stmt;
      NestDimension d;
      d.var = vars_.at(scope_->find(s.name)).cName;
      if (s.exprs.size() > 2) {
        std::optional<int64_t> folded = foldInteger(s.exprs[2].get(), *scope_);
        if (!folded || *folded == 0) fail("the DO " + s.name + " has a step that is not a constant");
        if (*folded == std::numeric_limits<int64_t>::min()) fail("the DO " + s.name + " has a step of -2^63");
        d.step = *folded;
      }
      std::optional<int64_t> lo = foldInteger(s.exprs[0].get(), *scope_), hi = foldInteger(s.exprs[1].get(), *scope_);
      d.first = lo ? integerLiteral(*lo, 4) : wrap(expr(*s.exprs[0]), kAdditive);
      if (lo && hi) {
        std::optional<int64_t> count = tripCount(*lo, *hi, d.step);
        if (!count) fail("the DO " + s.name + " runs more than 2^63 - 1 times");
        // The thread's offset along the dimension is an int, and it reaches the count plus a
        // block dimension (at most 1024) less 2.
        if (*count > std::numeric_limits<int>::max() - 1024)
          fail("the DO " + s.name + " runs " + std::to_string(*count) +
               " times, more than a kernel's int index holds (2^31 - 1025)");
        d.count = std::to_string(*count);
      } else {
        CExpr upper = expr(*s.exprs[1]), lower = expr(*s.exprs[0]);
        std::string span = wrap(upper, kAdditive) + " - " + wrap(lower, kAdditive + 1);
        std::string count = d.step == 1 ? "max(0, " + span + " + 1)"
                                        : "max(0, (" + span + " + " + std::to_string(d.step) + ") / " + std::to_string(d.step) + ")";
        d.count = names_.fresh("n_" + s.name);
        counts_.push_back("const int " + d.count + " = " + count);
      }
      d.offset = names_.fresh("t_" + s.name);
      d.tiles = names_.fresh("tiles_" + s.name);
      dims_.push_back(d);
    }
  }

  std::string assemble(const std::string& kernel, const std::string& body) {
    const KernelLaunch& L = r_.launch;
    static const char* const axis[] = {"x", "y", "z"};
    std::ostringstream out;
    // The comment says where the kernel comes from and how dvmh-predict maps it.
    int endLine = nest_.front()->end ? static_cast<int>(nest_.front()->end->pos.line) : r_.lines.front();
    std::string loops;
    for (size_t i = 0; i < r_.vars.size(); ++i) loops += (i ? ", " : "") + r_.vars[i];
    out << "// " << r_.loopKey << ": " << r_.file << " lines " << r_.lines.front() << "-" << endLine << ", the nest (" << loops
        << ") (" << r_.source << ")\n";
    std::string mapping;
    for (size_t d = 0; d < dims_.size(); ++d)
      mapping += (d ? ", " : "") + dims_[d].var + " <-> " + (d < 3 ? std::string(axis[d]) : "the grid");
    // The trip counts known at run time only: when the host can compute them (no array element in
    // them), the launcher computes the grid, one block per tile as with known sizes; else the grid
    // fills the GPU and each thread strides over the tiles.
    bool runtimeGrid = L.itersPerThread == 0 && countsOnHost();
    bool capped = L.gridCapped && !runtimeGrid;
    out << "// one thread per iteration: " << mapping << "; block " << L.block[0] << "," << L.block[1] << "," << L.block[2]
        << (runtimeGrid ? ", a 1-D grid of one block per tile, from the trip counts at run time"
            : ", a 1-D grid of " + std::to_string(L.blocks) + " blocks" +
                  (L.itersPerThread == 0 ? " (the trip counts are known at run time only: a grid that fills the GPU, each thread "
                                           "striding over the tiles)"
                   : L.gridCapped ? " (capped: each thread runs " + std::to_string(L.itersPerThread) + " iterations)"
                                  : ""))
        << "\n";
    if (L.regsPerThread > 0) out << "// dvmh-predict (" << L.gpuName << "): " << L.regsPerThread << " registers per thread\n";
    if (r_.across)
      out << "// ACROSS: this computes the loop only if its iterations run in order (DVMH pipelines them);\n"
             "// written with --across to measure its registers, not to run it\n";
    std::vector<Parameter> params;
    using Kind = KernelParameter::Kind;
    for (const Symbol* s : parameterOrder_) {
      const KernelVariable& v = vars_.at(s);
      if (v.role == Role::Array) {
        std::string c = v.written ? "" : "const ";
        params.push_back({c + v.cType + "* __restrict__ " + v.cName, c + v.cType + "* " + v.cName, v.cName});
        parameters_.push_back({Kind::Array, v.cName, v.cType, s->name, 0});
      } else if (v.role == Role::Reduction) {
        params.push_back({v.cType + "* __restrict__ " + v.globalName, v.cType + "* " + v.globalName, v.globalName});
        parameters_.push_back({Kind::Reduction, v.globalName, v.cType, s->name, 0});
      } else {
        params.push_back({v.cType + " " + v.cName, v.cType + " " + v.cName, v.cName});
        parameters_.push_back({Kind::Scalar, v.cName, v.cType, s->name, 0});
      }
    }
    for (const Parameter& p : extentParameters_) params.push_back(p);
    parameters_.insert(parameters_.end(), extentMeaning_.begin(), extentMeaning_.end());
    // The function itself (what ptxas compiles) is written apart from the comments above and the
    // launcher below.
    std::ostringstream comments;
    comments << out.str();
    out.str("");
    out << "extern \"C\" __global__ void " << kernel << "(";
    for (size_t i = 0; i < params.size(); ++i) out << (i ? ", " : "") << params[i].declaration;
    out << ")\n{\n";
    // Locals: the nest's indices, private scalars and sequential loop variables, the reductions'
    // per-thread values (MODEL.md §7: each thread reduces privately first).
    for (size_t d = dims_.size(); d-- > 0;) {
      const Symbol* s = scope_->find(r_.vars[dims_.size() - 1 - d]);
      out << "  " << vars_.at(s).cType << " " << dims_[d].var << ";\n";
    }
    for (const Symbol* s : localOrder_) out << "  " << vars_.at(s).cType << " " << vars_.at(s).cName << ";\n";
    for (const std::string& b : boundLocals_) out << "  " << b << ";\n";
    for (const std::string& c : counts_) out << "  " << c << ";\n";
    for (const Symbol* s : parameterOrder_) {
      const KernelVariable& v = vars_.at(s);
      if (v.role == Role::Reduction) out << "  " << v.cType << " " << v.cName << " = " << identity(v) << ";\n";
    }
    // The tiles along each dimension but the last (the last needs none: a block past the end
    // finds its index out of range).
    for (size_t d = 0; d < dims_.size(); ++d) {
      if (d + 1 == dims_.size() && !capped) break;
      std::string blockDim = d < 3 ? "(int)blockDim." + std::string(axis[d]) : "1";
      out << "  const int " << dims_[d].tiles << " = "
          << (d < 3 ? "(" + dims_[d].count + " + " + blockDim + " - 1) / " + blockDim : dims_[d].count) << ";\n";
    }
    std::string tile = names_.fresh("tile");
    int indent = 2;
    std::string skip = "return";
    if (capped) {
      // MODEL.md §3 (1): the grid is capped, each thread runs its tile's iteration in every
      // gridDim.x-th tile.
      std::string first = names_.fresh("first_tile");
      // The tiles of all dimensions together may be more than an int holds.
      std::string product;
      for (const NestDimension& d : dims_) product += (product.empty() ? "(long long)" : " * ") + d.tiles;
      out << "  for (long long " << first << " = blockIdx.x; " << first << " < " << product << "; " << first << " += gridDim.x) {\n";
      out << "    long long " << tile << " = " << first << ";\n";
      indent = 4;
      skip = "continue";
    } else {
      out << "  int " << tile << " = blockIdx.x;\n";
    }
    std::string guard;
    for (size_t d = 0; d < dims_.size(); ++d) {
      bool last = d + 1 == dims_.size();
      std::string index = last && !capped ? tile : capped ? "(int)(" + tile + " % " + dims_[d].tiles + ")" : tile + " % " + dims_[d].tiles;
      std::string thread = d < 3 ? " * (int)blockDim." + std::string(axis[d]) + " + (int)threadIdx." + axis[d] : "";
      out << pad(indent) << "const int " << dims_[d].offset << " = " << index << thread << ";\n";
      if (!last) out << pad(indent) << tile << " /= " << dims_[d].tiles << ";\n";
      guard += (guard.empty() ? "" : " || ") + dims_[d].offset + " >= " + dims_[d].count;
    }
    out << pad(indent) << "if (" << guard << ") " << skip << ";\n";
    for (size_t d = dims_.size(); d-- > 0;) {
      const NestDimension& n = dims_[d];
      std::string stride = n.step == 1 ? n.offset : n.offset + " * " + std::to_string(n.step);
      out << pad(indent) << n.var << " = " << (n.first == "0" ? stride : n.first + " + " + stride) << ";\n";
    }
    std::istringstream lines(body);
    for (std::string line; std::getline(lines, line);) out << pad(indent - 2) << line << "\n";
    if (capped) out << "  }\n";
    for (const Symbol* s : parameterOrder_) {
      const KernelVariable& v = vars_.at(s);
      if (v.role == Role::Reduction) out << "  " << combine(v) << ";\n";
    }
    out << "}\n";
    function_ = out.str();
    out.str("");
    out << comments.str() << function_ << "\n";
    std::string arguments;
    for (size_t i = 0; i < params.size(); ++i) arguments += (i ? ", " : "") + params[i].name;
    std::string launch = kernel + "<<<" + (runtimeGrid ? "(unsigned)blocks" : std::to_string(L.blocks)) + ", dim3(" +
                         std::to_string(L.block[0]) + ", " + std::to_string(L.block[1]) + ", " + std::to_string(L.block[2]) +
                         ")>>>(" + arguments + ");\n";
    if (runtimeGrid) {
      // The counts as the kernel computes them, then one block per tile; 1 when the grid would
      // have more blocks than the GPU allows.
      out << "// returns 1 without launching when the trip counts need more than " << L.maxGridX << " blocks\n";
      out << "extern \"C\" int launch_" << kernel << "(";
      for (size_t i = 0; i < params.size(); ++i) out << (i ? ", " : "") << params[i].plain;
      out << ")\n{\n";
      for (const std::string& c : counts_) out << "  " << c << ";\n";
      std::string blocks;
      for (size_t d = 0; d < dims_.size(); ++d) {
        std::string b = d < 3 ? std::to_string(L.block[d]) : "1";
        std::string tiles = d < 3 && b != "1" ? "(" + dims_[d].count + " + " + b + " - 1) / " + b : dims_[d].count;
        blocks += (blocks.empty() ? "(long long)(" : " * (") + tiles + ")";
      }
      out << "  const long long blocks = " << blocks << ";\n";
      out << "  if (blocks > " << L.maxGridX << "LL) return 1;\n";
      out << "  if (blocks > 0) " << launch;
      out << "  return 0;\n}\n";
    } else {
      out << "extern \"C\" void launch_" << kernel << "(";
      for (size_t i = 0; i < params.size(); ++i) out << (i ? ", " : "") << params[i].plain;
      out << ")\n{\n  " << launch << "}\n";
    }
    return out.str();
  }

  /// Whether the nest's run-time trip counts can be computed by the launcher: they read no array
  /// (a device pointer there).
  bool countsOnHost() const {
    for (const std::string& c : counts_)
      for (const auto& [symbol, v] : vars_)
        if ((v.role == Role::Array || v.role == Role::Reduction) && c.find(v.cName + "[") != std::string::npos) return false;
    return true;
  }

  /// The value a thread's partial result starts from: the operation's identity.
  std::string identity(const KernelVariable& v) {
    const std::string& op = v.reduction->op;
    bool real = v.cType == "double" || v.cType == "float";
    if (op == "sum" || op == "or" || op == "neqv") return real ? (v.cType == "float" ? "0.0f" : "0.0") : "0";
    if (op == "product" || op == "and" || op == "eqv") return real ? (v.cType == "float" ? "1.0f" : "1.0") : "1";
    if (op == "max" || op == "min") {
      bool max = op == "max";
      if (v.cType == "double") return realLiteral(max ? -std::numeric_limits<double>::max() : std::numeric_limits<double>::max(), 8);
      if (v.cType == "float") return realLiteral(max ? -std::numeric_limits<float>::max() : std::numeric_limits<float>::max(), 4);
      if (v.cType == "int") return max ? "(-2147483647 - 1)" : "2147483647";
    }
    fail("a " + op + " reduction of " + v.cType + " " + v.cName);
  }

  /// The thread's partial result combined into the global one (an atomic per thread; DVMH reduces
  /// within the block first, which this does not model).
  std::string combine(const KernelVariable& v) {
    const std::string& op = v.reduction->op;
    const std::string& g = v.globalName;
    const std::string& x = v.cName;
    bool logical = op == "and" || op == "or" || op == "eqv" || op == "neqv";
    if (logical && v.cType != "int") fail("a " + op + " reduction of " + v.cType);
    if (op == "sum") return "atomicAdd(" + g + ", " + x + ")";
    if (op == "and") return "atomicAnd(" + g + ", " + x + " != 0)";
    if (op == "or") return "atomicOr(" + g + ", " + x + " != 0)";
    // a .EQV. b = !(a xor b): folding x into g with EQV flips g when x is false.
    if (op == "eqv") return "atomicXor(" + g + ", " + x + " == 0)";
    if (op == "neqv") return "atomicXor(" + g + ", " + x + " != 0)";
    if ((op == "max" || op == "min") && v.cType == "int") return std::string(op == "max" ? "atomicMax(" : "atomicMin(") + g + ", " + x + ")";
    if (op == "max" || op == "min" || op == "product") {
      std::string helper = "sapfor_atomic_" + std::string(op == "product" ? "mul" : op) + "_" + v.cType;
      used_.insert(helper);
      return helper + "(" + g + ", " + x + ")";
    }
    fail("a " + op + " reduction");
  }

  const SourceProgram& program_;
  const KernelRequest& r_;
  bool writeAcross_;
  std::set<std::string>& helpers_;
  std::set<std::string>& kernelNames_;
  std::vector<const Node*> nest_;
  const ProgramUnit* unit_ = nullptr;
  const Scope* scope_ = nullptr;
  Names names_;
  std::set<std::string> written_, seqLoopVars_;
  std::map<const Symbol*, KernelVariable> vars_;
  std::vector<const Symbol*> parameterOrder_, localOrder_;
  std::vector<Parameter> extentParameters_;
  std::vector<KernelParameter> extentMeaning_;  ///< parallel to extentParameters_
  std::vector<KernelParameter> parameters_;     ///< assemble()'s, in the function's order
  std::vector<std::string> boundLocals_;
  std::vector<std::string> counts_;  ///< the nest's trip counts that do not fold: `const int n_i = ...`
  std::vector<std::string> seqLoops_;
  std::vector<NestDimension> dims_;
  std::set<std::string> used_;
  std::string function_;  ///< assemble()'s __global__ function
};

}  // namespace

std::string helperDefinitions(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& h : names) text += "\n" + helperText(h);
  return text;
}

CudaKernel CudaWriter::translate(const KernelRequest& request) {
  return KernelTranslator(program_, request, writeAcross_, helpers_, kernelNames_).run();
}

std::string CudaWriter::translationUnit(const std::vector<CudaKernel>& kernels) const {
  std::ostringstream out;
  out << kOutputHeader << " one kernel per parallel loop nest, one thread per iteration,\n"
         "// with dvmh-predict's block and 1-D grid (MODEL.md section 3).\n";
  out << helperDefinitions(helpers_);
  for (const CudaKernel& k : kernels) {
    out << "\n";
    if (k.translated()) out << k.text;
    else out << "// " << k.loopKey << ": not translatable: " << k.reason << "\n";
  }
  return out.str();
}

}  // namespace sapfor::cuda
