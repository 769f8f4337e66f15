/// @file CudaWriter.cpp
#include "tools/cuda/CudaWriter.hpp"

#include "facts/Intrinsics.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <sstream>

namespace sapfor::cuda {
using facts::Expression;
using facts::ExpressionKind;
using facts::StatementKind;
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

/// A Fortran type as the writer needs it: a variable's (its row's type and kind), a literal's,
/// an expression's (typeOf).
struct Type {
  enum class Base : uint8_t { None, Integer, Real, Complex, Logical, Character, Derived };
  Base base = Base::None;
  int kind = 0;       ///< 0 when unknown
  std::string name;   ///< as the variable table says it: integer real ... type(point) unknown

  static Type of(Base base, int kind) {
    static const char* const names[] = {"unknown", "integer", "real", "complex", "logical", "character", "derived"};
    return {base, kind, names[static_cast<int>(base)]};
  }
  static Type integer(int kind = 4) { return of(Base::Integer, kind); }
  static Type real(int kind = 4) { return of(Base::Real, kind); }
  static Type logical(int kind = 4) { return of(Base::Logical, kind); }
  bool operator==(const Type& other) const { return base == other.base && kind == other.kind; }
};

}  // namespace
}  // namespace sapfor::cuda

namespace sapfor::facts {

/// The writer's types under facts/Intrinsics' promotion and result rules, as the front end's.
template <>
struct IntrinsicTyping<cuda::Type> {
  using Type = cuda::Type;
  static int rank(const Type& t) {
    switch (t.base) {
      case Type::Base::Integer: return 1;
      case Type::Base::Real: return 2;
      case Type::Base::Complex: return 3;
      default: return 0;
    }
  }
  static int kind(const Type& t) { return t.kind; }
  static Type withKind(const Type& like, int kind) { return Type::of(like.base, kind); }
  static Type real(int kind) { return Type::real(kind); }
  static Type of(const IntrinsicType& t) {
    using B = IntrinsicType::Base;
    switch (t.base) {
      case B::Integer: return Type::integer(t.kind);
      case B::Real: return Type::real(t.kind);
      case B::Complex: return Type::of(Type::Base::Complex, t.kind);
      case B::Logical: return Type::logical(t.kind);
      case B::Character: return Type::of(Type::Base::Character, 1);
    }
    return Type{};
  }
};

}  // namespace sapfor::facts

namespace sapfor::cuda {
namespace {

Type typeOfRow(const facts::VariableRow& v) {
  static const std::map<std::string, Type::Base, std::less<>> bases = {
      {"integer", Type::Base::Integer}, {"real", Type::Base::Real}, {"complex", Type::Base::Complex},
      {"logical", Type::Base::Logical}, {"character", Type::Base::Character}};
  auto found = bases.find(v.type);
  Type t;
  t.base = found != bases.end() ? found->second : v.type.rfind("type(", 0) == 0 ? Type::Base::Derived : Type::Base::None;
  t.kind = v.kind > 0 && v.kind <= 16 ? static_cast<int>(v.kind) : 0;
  t.name = v.type;
  return t;
}


/// The C type of a Fortran type the kernels handle; nullopt for the others (COMPLEX, CHARACTER,
/// derived types, REAL(16)). LOGICAL is an int of its kind, as gfortran stores it.
std::optional<std::string> cType(const Type& t) {
  switch (t.base) {
    case Type::Base::Integer:
    case Type::Base::Logical:
      if (t.kind == 4) return std::string("int");
      if (t.kind == 8) return std::string("long long");
      if (t.kind == 2) return std::string("short");
      if (t.kind == 1) return std::string("signed char");
      return std::nullopt;
    case Type::Base::Real:
      if (t.kind == 4) return std::string("float");
      if (t.kind == 8) return std::string("double");
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::string typeName(const Type& t) {
  std::string kind = t.kind ? "(" + std::to_string(t.kind) + ")" : "";
  return t.name + kind;
}

std::string requireType(const Type& t, const std::string& what) {
  std::optional<std::string> c = cType(t);
  if (!c) fail(what + " is " + typeName(t) + ", a type the writer does not translate");
  return *c;
}

bool isReal(const Type& t) { return t.base == Type::Base::Real; }
bool isInteger(const Type& t) { return t.base == Type::Base::Integer; }

/// The suffix of C's single-precision math functions (sqrtf) for REAL(4), none for REAL(8).
std::string mathSuffix(const Type& t, const std::string& intrinsic) {
  if (t.base == Type::Base::Real && t.kind == 4) return "f";
  if (t.base == Type::Base::Real && t.kind == 8) return "";
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

/// A literal node's kind: folded (a number), 0 when written as a name the front end did not fold,
/// else `otherwise`.
int literalKind(const Expression& e, int otherwise) {
  if (const int64_t* k = std::get_if<int64_t>(&e.literalKind)) return *k > 0 && *k <= 16 ? static_cast<int>(*k) : 0;
  if (std::holds_alternative<std::string>(e.literalKind)) return 0;
  return otherwise;
}

/// A real literal's kind: its suffix, else D (8) or Q (16) in its exponent, else 4.
int realKind(const Expression& e) {
  bool d = e.text.find('d') != std::string::npos, q = e.text.find('q') != std::string::npos;
  return literalKind(e, d ? 8 : q ? 16 : 4);
}

/// A named constant's value, from the literal node the front end folded it to.
CExpr constantValue(const Expression& constant) {
  if (constant.args.empty()) fail("the named constant " + constant.text + ", whose value the front end did not fold");
  const Expression& v = constant.args[0];
  std::string text;
  switch (v.kind) {
    case ExpressionKind::Integer: text = integerLiteral(v.value, literalKind(v, 4)); break;
    case ExpressionKind::Real: text = realLiteral(std::strtod(v.text.c_str(), nullptr), realKind(v)); break;
    case ExpressionKind::Logical: text = v.value ? "1" : "0"; break;
    default: fail("constant " + constant.text);
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
  KernelTranslator(NestReader& reader, const KernelRequest& request, bool writeAcross, std::set<std::string>& helpers,
                   std::set<std::string>& kernelNames)
      : reader_(reader), r_(request), writeAcross_(writeAcross), helpers_(helpers), kernelNames_(kernelNames) {}

  CudaKernel run() {
    CudaKernel k;
    k.loopKey = r_.loopKey;
    k.name = kernelName();
    try {
      if (r_.across && !writeAcross_)
        fail("ACROSS: its iterations depend on their neighbours, and the pipeline DVMH runs them in is not "
             "written (--across writes the kernel for measuring registers)");
      find();
      collectNames();
      mapNest();
      std::string body = statements(bodyBlock(nest_.back()->id), 2);
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

  // ---- the nest's rows ----

  static std::string lineOf(const CodeStatement& s) { return std::to_string(s.row.line); }

  /// The DO statement of a loop of the nest.
  const CodeStatement& header(const facts::LoopRow& loop) {
    const CodeStatement* s = code_.statement(loop.headerStmt);
    if (!s) fail("the DO statement of the loop at line " + std::to_string(loop.line) + " is not in the database");
    return *s;
  }

  /// The block of a loop's body.
  Id bodyBlock(Id loopId) const {
    for (const facts::BlockRow& b : code_.blocks)
      if (b.isLoop() && b.loopId == loopId) return b.id;
    return 0;
  }

  /// The statements directly in a block (not in a block inside it), in source order.
  const std::vector<const CodeStatement*>& inBlock(Id blockId) {
    static const std::vector<const CodeStatement*> none;
    auto found = byBlock_.find(blockId);
    return found == byBlock_.end() ? none : found->second;
  }

  void find() {
    code_ = reader_.read(r_.nest.front());
    for (const CodeStatement& s : code_.statements)
      if (s.row.id != code_.loops.front().headerStmt) byBlock_[s.row.blockId].push_back(&s);
    for (size_t d = 0; d < r_.nest.size(); ++d) {
      const facts::LoopRow* loop = code_.loop(r_.nest[d]);
      if (!loop) fail("the loop " + r_.vars[d] + " of the nest is not inside its outermost loop");
      nest_.push_back(loop);
      if (loop->kind != facts::LoopKind::Do)
        fail("the loop at line " + std::to_string(loop->line) + " is a " + std::string(facts::nameOf(loop->kind)));
      if (d + 1 == r_.nest.size()) break;
      const CodeStatement* inner = nullptr;
      for (const CodeStatement* child : inBlock(bodyBlock(loop->id))) {
        if (child->row.kind == StatementKind::Continue) continue;
        if (child->row.kind == StatementKind::Do && !inner) {
          inner = child;
          continue;
        }
        fail("the nest is not tightly nested: line " + lineOf(*child) + " is between its loops");
      }
      if (!inner || inner->row.id != code_.loop(r_.nest[d + 1])->headerStmt)
        fail("the loop inside " + r_.vars[d] + " is not the nest's loop " + r_.vars[d + 1]);
    }
  }

  // ---- names: every Fortran name of the nest keeps its C name unless C reserves it ----

  void collectExpr(const Expression& e) {
    using K = ExpressionKind;
    switch (e.kind) {
      case K::Name: case K::Constant: case K::Element: case K::Section: case K::Substring: case K::Call:
      case K::Intrinsic: case K::StatementFunction: case K::Apply:
        names_.reserve(e.text);
        break;
      default: break;
    }
    for (const Expression& a : e.args) collectExpr(a);
  }

  void collectStatement(StatementKind kind, const facts::StatementExpressions& trees, std::optional<StatementKind> action) {
    for (const Expression& e : trees.exprs) collectExpr(e);
    for (const Expression& e : trees.items) collectExpr(e);
    if (kind == StatementKind::Do) {
      names_.reserve(trees.name);
      written_.insert(trees.name);
      seqLoopVars_.insert(trees.name);
    }
    if (kind == StatementKind::Assignment && !trees.exprs.empty() && trees.exprs[0].kind == ExpressionKind::Name)
      written_.insert(trees.exprs[0].text);
    if (action && !trees.action.empty()) collectStatement(*action, trees.action.front(), std::nullopt);
  }

  void collectNames() {
    for (const CodeStatement& s : code_.statements) collectStatement(s.row.kind, s.trees, s.row.action);
  }

  /// The variable a name of the expression being translated is: of the statement's references,
  /// or (an array's bounds) declared in the array's procedure or its hosts.
  Id variableNamed(const std::string& name) {
    Id id = lookUp(name);
    if (!id && boundScope_)
      fail("the name " + name + " in array " + boundArray_ + "'s bounds is not declared in its procedure or a host, " +
           "nor named by its statements, and the modules declare no one variable of that name");
    if (!id) fail("the name " + name + " is not declared");
    return id;
  }

  /// The variable a name is where it is being translated; 0 when none.
  Id lookUp(const std::string& name) {
    if (boundScope_) return resolveBound(name);
    if (!current_) return 0;
    auto found = current_->variables.find(name);
    return found == current_->variables.end() ? 0 : found->second;
  }

  /// A name of an array's bounds, in the array's procedure (whose statements are known when it is
  /// the nest's).
  Id resolveBound(const std::string& name) {
    return reader_.resolve(boundScope_, name, boundScope_ == code_.procId ? code_.statements.front().row.id : 0);
  }

  bool isArray(const facts::VariableRow& v) const { return !v.rank || *v.rank != 0; }

  KernelVariable& variable(Id id) {
    auto found = vars_.find(id);
    if (found != vars_.end()) return found->second;
    const facts::VariableRow& s = reader_.variable(id);
    KernelVariable v;
    v.written = written_.count(s.name) > 0;
    if (isArray(s)) {
      auto trait = r_.traits.find(s.name);
      if (trait != r_.traits.end() && trait->second == "private")
        fail("the array " + s.name + " is private to each iteration, and the writer gives a thread no array of its own");
      for (const ReductionFacts& red : r_.reductions)
        if (red.var == s.name && red.op != "loc") fail("the array " + s.name + " is a reduction, and the writer reduces scalars only");
      if (!s.rank) fail("the array " + s.name + " is of assumed rank");
      v.role = Role::Array;
      v.cType = requireType(typeOfRow(s), "array " + s.name);
      v.cName = cNameOf(s);
      KernelVariable& stored = vars_.emplace(id, std::move(v)).first->second;
      parameterOrder_.push_back(id);
      layout(s, stored);
      return stored;
    }
    v.cType = requireType(typeOfRow(s), s.name);
    auto trait = r_.traits.find(s.name);
    std::string t = trait == r_.traits.end() ? "" : trait->second;
    for (const ReductionFacts& red : r_.reductions)
      if (red.var == s.name) v.reduction = &red;
    if (v.reduction) {
      v.role = Role::Reduction;
      v.cName = cNameOf(s);
      v.globalName = names_.fresh(s.name + "_global");
      parameterOrder_.push_back(id);
    } else if (seqLoopVars_.count(s.name) || t == "private" || r_.privates.count(s.name)) {
      v.role = Role::Local;
      v.cName = cNameOf(s);
    } else if (!v.written) {
      v.role = Role::Parameter;
      v.cName = cNameOf(s);
      parameterOrder_.push_back(id);
    } else {
      fail("the scalar " + s.name + " is written in the loop but is neither private nor a reduction (" +
           (t.empty() ? "no trait" : t) + "): its iterations would race");
    }
    if (v.role == Role::Local) localOrder_.push_back(id);
    return vars_.emplace(id, std::move(v)).first->second;
  }

  /// A variable's C name: its Fortran name unless C reserves it or another variable of the kernel
  /// (one an array's bounds name, declared in a host) already has it.
  std::string cNameOf(const facts::VariableRow& s) {
    auto [owner, added] = cNameOwner_.emplace(s.name, s.id);
    if (!added && owner->second != s.id) return names_.fresh(s.name + "_");
    return names_.fortran(s.name);
  }

  // ---- arrays: column-major, linearized with the declared lower bounds ----

  /// An expression of an array's declared bounds, its names those of the array's procedure.
  CExpr boundExpr(const facts::VariableRow& s, const Expression& e) {
    Id saved = boundScope_;
    std::string savedArray = boundArray_;
    boundScope_ = s.procId;
    boundArray_ = s.name;
    CExpr c = expr(e);
    boundScope_ = saved;
    boundArray_ = savedArray;
    return c;
  }

  void layout(const facts::VariableRow& s, KernelVariable& v) {
    bool deferred = s.allocatable || s.pointer;
    int64_t elements = 1;
    bool known = true;
    int rank = static_cast<int>(s.dims.size());
    for (int d = 0; d < rank; ++d) {
      const facts::DimensionRow& dim = s.dims[static_cast<size_t>(d)];
      bool last = d + 1 == rank;
      bool colon = !dim.spec.empty() && dim.spec.back() == ':';
      std::string dimName = std::to_string(d + 1);
      if (dim.spec == "*" && !last) fail("array " + s.name + " has an assumed size in a dimension that is not its last");
      std::vector<Expression> bounds;
      if (!dim.bounds.empty()) bounds = facts::parseExpressionList(dim.bounds, "array " + s.name + "'s bounds");
      bounds.resize(2);
      // The lower bound: folded, declared, or (allocatable, pointer: set by ALLOCATE) a parameter.
      if (!deferred && dim.lowerValue) {
        v.lower.push_back({integerLiteral(*dim.lowerValue, 4), *dim.lowerValue < 0 ? kUnary : kPrimary});
      } else if (!deferred && !dim.lower.empty() && dim.lower != "1" && !colon) {
        if (bounds[0].isNull()) fail("array " + s.name + "'s lower bound " + dim.lower);
        v.lower.push_back(boundExpr(s, bounds[0]));
      } else if (!deferred && (dim.lower.empty() || dim.lower == "1")) {
        v.lower.push_back({"1", kPrimary});
      } else {
        v.lower.push_back({extentParameter(s.name + "_lb" + dimName, {KernelParameter::Kind::LowerBound, "", "int", s.name, d}),
                           kPrimary});
      }
      if (last) break;
      std::optional<int64_t> extent = deferred ? std::nullopt : dim.extent;
      if (extent) {
        v.extent.push_back({integerLiteral(*extent, 4), kPrimary});
        if (__builtin_mul_overflow(elements, std::max<int64_t>(*extent, 1), &elements)) known = false;
        continue;
      }
      known = false;
      if (deferred || colon || dim.upper.empty()) {
        v.extent.push_back({extentParameter(s.name + "_n" + dimName, {KernelParameter::Kind::Extent, "", "int", s.name, d}),
                            kPrimary});
        continue;
      }
      if (bounds[1].isNull()) fail("array " + s.name + "'s extent in dimension " + dimName);
      CExpr upper = boundExpr(s, bounds[1]);
      if (bounds[0].isNull()) {
        v.extent.push_back(upper);
      } else {
        CExpr lower = boundExpr(s, bounds[0]);
        v.extent.push_back({wrap(upper, kAdditive) + " - " + wrap(lower, kAdditive + 1) + " + 1", kAdditive});
      }
    }
    // Fortran compilers index in 64 bits; an int suffices when the array is known to be small.
    std::optional<int64_t> lastExtent = deferred || s.dims.empty() ? std::nullopt : s.dims.back().extent;
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

  static std::string exprText(const Expression& e) { return facts::fortranText(e); }

  CExpr element(const Expression& e, Id id) {
    KernelVariable& v = variable(id);
    const facts::VariableRow& s = reader_.variable(id);
    if (e.args.size() != s.dims.size())
      fail("the reference " + exprText(e) + " has " + std::to_string(e.args.size()) + " subscripts for rank " +
           std::to_string(s.dims.size()));
    std::vector<std::string> terms;
    for (size_t d = 0; d < e.args.size(); ++d) {
      const Expression& sub = e.args[d];
      if (sub.kind == ExpressionKind::Range) fail("array section " + exprText(e));
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

  /// The type of an expression, as the front end types it (facts/Intrinsics for an intrinsic's
  /// result); unknown (None) for what the writer does not translate anyway.
  Type typeOf(const Expression& e) {
    using K = ExpressionKind;
    switch (e.kind) {
      case K::Integer: return Type::integer(literalKind(e, 4));
      case K::Real: return Type::real(realKind(e));
      case K::Logical: return Type::logical(literalKind(e, 4));
      case K::String: return Type::of(Type::Base::Character, 1);
      case K::Constant:
        if (e.args.empty()) return {};
        if (e.args[0].kind == K::Integer || e.args[0].kind == K::Real || e.args[0].kind == K::Logical) return typeOf(e.args[0]);
        return {};
      case K::Name: case K::Element: case K::Section: {
        // A name not found is only a type unknown here; translating it fails with the reason.
        Id id = lookUp(e.text);
        return id ? typeOfRow(reader_.variable(id)) : Type{};
      }
      case K::Intrinsic: return intrinsicType(e);
      case K::Paren: return e.args.size() == 1 ? typeOf(e.args[0]) : Type{};
      case K::Operator: {
        const std::string& op = e.text;
        if (e.args.size() == 1) return op == ".not." ? Type::logical() : typeOf(e.args[0]);
        if (e.args.size() != 2) return {};
        if (op == "==" || op == "/=" || op == "<" || op == "<=" || op == ">" || op == ">=" || op == ".and." || op == ".or." ||
            op == ".eqv." || op == ".neqv.")
          return Type::logical();
        if (op == "//") return Type::of(Type::Base::Character, 1);
        Type left = typeOf(e.args[0]), right = typeOf(e.args[1]);
        if (op == "**") return isInteger(right) ? left : facts::promote(left, right);
        return facts::promote(left, right);
      }
      default: return {};
    }
  }

  /// An intrinsic's result type, by facts/Intrinsics' rule.
  Type intrinsicType(const Expression& e) {
    const facts::IntrinsicInfo* info = facts::findIntrinsic(e.text);
    if (!info) return {};
    std::vector<Type> argTypes;
    for (const Expression& a : e.args)
      if (a.kind != ExpressionKind::Keyword) argTypes.push_back(typeOf(a));
    std::optional<int> kind;
    if (info->rule == facts::ResultRule::KindArg) {
      auto kindOf = [](std::optional<int64_t> v) { return v && *v > 0 && *v <= 16 ? static_cast<int>(*v) : 0; };
      for (const Expression& a : e.args)
        if (a.kind == ExpressionKind::Keyword && a.text == "kind" && a.args.size() == 1 && facts::integerValue(a.args[0]))
          kind = kindOf(facts::integerValue(a.args[0]));
      // REAL(i, 8) and INT(x, 8): the second positional argument is the kind.
      if (e.text != "cmplx" && e.args.size() >= 2 && e.args[1].kind != ExpressionKind::Keyword && facts::integerValue(e.args[1]))
        kind = kindOf(facts::integerValue(e.args[1]));
    }
    return facts::intrinsicResult(*info, argTypes, kind);
  }

  CExpr name(const Expression& e) {
    const facts::VariableRow& s = reader_.variable(variableNamed(e.text));
    if (s.storage == facts::Storage::Constant) return constantOfRow(s);
    if (isArray(s)) fail("array syntax: the whole array " + s.name);
    return {variable(s.id).cName, kPrimary};
  }

  /// A named constant met as a name (an array's bounds name one so), from its row's folded value.
  CExpr constantOfRow(const facts::VariableRow& s) {
    Type t = typeOfRow(s);
    if (s.value.empty()) fail("the named constant " + s.name + ", whose value the front end did not fold");
    std::string text;
    if (t.base == Type::Base::Integer) {
      char* end = nullptr;
      errno = 0;
      long long value = std::strtoll(s.value.c_str(), &end, 10);
      if (errno || *end) fail("the named constant " + s.name + "'s value " + s.value);
      text = integerLiteral(value, t.kind);
    }
    else if (t.base == Type::Base::Real) text = realLiteral(std::strtod(s.value.c_str(), nullptr), t.kind);
    else if (t.base == Type::Base::Logical) text = s.value == ".true." ? "1" : "0";
    else fail("constant " + s.name + " of type " + typeName(t));
    return {text, text[0] == '-' ? kUnary : kPrimary};
  }

  std::vector<const Expression*> positional(const Expression& call, const std::string& intrinsic) {
    std::vector<const Expression*> args;
    for (const Expression& a : call.args) {
      if (a.isNull()) fail("an omitted argument of " + intrinsic);
      if (a.kind == ExpressionKind::Keyword) {
        if (a.text != "kind") fail("the keyword argument " + a.text + "= of " + intrinsic);
        continue;  // the result type already has the kind
      }
      args.push_back(&a);
    }
    return args;
  }

  CExpr cast(const CExpr& e, const Type& to) { return {"(" + requireType(to, "a conversion") + ")" + wrap(e, kUnary), kUnary}; }

  /// An argument converted to the intrinsic's result type when it has another (MAX of mixed kinds).
  CExpr argument(const Expression& a, const Type& to) {
    CExpr c = expr(a);
    return typeOf(a) == to ? c : cast(c, to);
  }

  CExpr call(const std::string& function, const std::vector<CExpr>& args) {
    std::string text = function + "(";
    for (size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i].text;
    return {text + ")", kPrimary};
  }

  CExpr intrinsic(const Expression& e) {
    std::string name = genericIntrinsic(e.text);
    Type result = typeOf(e);
    std::vector<const Expression*> args = positional(e, e.text);
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
      if (!facts::integerValue(*args[1])) fail("intrinsic " + e.text + " with a kind that is not a constant");
      args.pop_back();
    }
    if (name == "int" || name == "real" || name == "dble") {
      need(1);
      Type from = typeOf(*args[0]);
      if (from.base != Type::Base::Integer && from.base != Type::Base::Real) fail("intrinsic " + e.text + " of a " + typeName(from));
      return from == result ? expr(*args[0]) : cast(expr(*args[0]), result);  // C's conversion truncates as INT does
    }
    if (name == "nint" || name == "anint" || name == "aint" || name == "floor" || name == "ceiling") {
      need(1);
      Type from = typeOf(*args[0]);
      if (!isReal(from)) fail("intrinsic " + e.text + " of a " + typeName(from));
      // NINT rounds half away from zero, as C's round does.
      std::string function = name == "nint" || name == "anint" ? "round" : name == "aint" ? "trunc" : name == "floor" ? "floor" : "ceil";
      CExpr rounded = call(function + mathSuffix(from, e.text), {expr(*args[0])});
      return result == from ? rounded : cast(rounded, result);
    }
    fail("intrinsic " + e.text);
  }

  CExpr power(const Expression& e) {
    const Expression& base = e.args[0];
    const Expression& exponent = e.args[1];
    Type result = typeOf(e);
    requireType(result, "the power " + exprText(e));
    if (isInteger(typeOf(exponent))) {
      used_.insert("sapfor_ipow");
      std::string type = *cType(result);
      CExpr n = expr(exponent);
      if (typeOf(exponent).kind != 4) n = cast(n, Type::integer(4));
      return call("sapfor_ipow<" + type + ">", {argument(base, result), n});
    }
    return call("pow" + mathSuffix(result, exprText(e)), {argument(base, result), argument(exponent, result)});
  }

  CExpr binary(const Expression& e) {
    // Operands are translated left to right (the kernel's parameters are listed as first met).
    auto infix = [&](const char* op, int p) {
      CExpr left = expr(e.args[0]);
      CExpr right = expr(e.args[1]);
      return CExpr{wrap(left, p) + " " + op + " " + wrap(right, p + 1), p};
    };
    static const std::map<std::string, std::pair<const char*, int>, std::less<>> infixes = {
        {"+", {"+", kAdditive}}, {"-", {"-", kAdditive}}, {"*", {"*", kMultiplicative}}, {"/", {"/", kMultiplicative}},
        {"==", {"==", kEquality}}, {"/=", {"!=", kEquality}}, {"<", {"<", kRelational}}, {"<=", {"<=", kRelational}},
        {">", {">", kRelational}}, {">=", {">=", kRelational}}, {".and.", {"&&", kAnd}}, {".or.", {"||", kOr}},
    };
    if (auto found = infixes.find(e.text); found != infixes.end()) return infix(found->second.first, found->second.second);
    if (e.text == "**") return power(e);
    if (e.text == ".eqv." || e.text == ".neqv.") {  // on the truth values: a LOGICAL is any non-zero int
      std::string op = e.text == ".eqv." ? " == " : " != ";
      CExpr left = expr(e.args[0]);
      CExpr right = expr(e.args[1]);
      return {"!" + wrap(left, kPrimary) + op + "!" + wrap(right, kPrimary), kEquality};
    }
    fail("the operator " + e.text);
  }

  CExpr expr(const Expression& e) {
    using K = ExpressionKind;
    switch (e.kind) {
      case K::Integer: return {integerLiteral(e.value, typeOf(e).kind), kPrimary};
      case K::Real: {
        std::string text;
        for (char c : e.text) {
          if (c == '_') break;
          char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          if (l == 'q') fail("the quadruple-precision constant " + exprText(e));
          text += l == 'd' ? 'e' : l;
        }
        int kind = typeOf(e).kind;
        if (kind != 4 && kind != 8) fail("the constant " + exprText(e) + " of kind " + std::to_string(kind));
        return {kind == 4 ? text + "f" : text, kPrimary};
      }
      case K::Logical: return {e.value ? "1" : "0", kPrimary};
      case K::Constant: return constantValue(e);
      case K::Name: return name(e);
      case K::Element: return element(e, variableNamed(e.text));
      case K::Intrinsic: return intrinsic(e);
      case K::Call:
      case K::StatementFunction: fail("it calls the function " + e.text + " (its body is not translated)");
      case K::Section: fail("array section " + exprText(e));
      case K::Substring: case K::Apply: fail("the reference " + exprText(e));
      case K::Paren: return {"(" + expr(e.args[0]).text + ")", kPrimary};
      case K::Operator: {
        if (e.args.size() == 2) return binary(e);
        if (e.args.size() != 1) fail("the expression " + exprText(e));
        if (e.text == "+") return expr(e.args[0]);
        if (e.text != "-" && e.text != ".not.") fail("the operator " + e.text);
        CExpr operand = expr(e.args[0]);
        // -(-x), not --x: an operand that is itself unary keeps its parentheses.
        return {(e.text == "-" ? "-" : "!") + wrap(operand, kPrimary), kUnary};
      }
      default: fail("the expression " + exprText(e));
    }
  }

  // ---- statements ----

  static std::string pad(int indent) { return std::string(static_cast<size_t>(indent), ' '); }

  /// Sets the statement whose names the expressions translated until the next call are.
  void at(const CodeStatement& s) { current_ = &s; }

  std::string assignment(const facts::StatementExpressions& trees, int indent) {
    if (trees.exprs.size() != 2) fail("an assignment without a target and a value");
    const Expression& lhs = trees.exprs[0];
    std::string target;
    if (lhs.kind == ExpressionKind::Name) {
      const facts::VariableRow& sym = reader_.variable(variableNamed(lhs.text));
      if (isArray(sym)) fail("array syntax: an assignment to the whole array " + sym.name);
      target = variable(sym.id).cName;
    } else if (lhs.kind == ExpressionKind::Element) {
      Id id = variableNamed(lhs.text);
      variable(id).written = true;
      target = element(lhs, id).text;
    } else {
      fail("an assignment to " + exprText(lhs));
    }
    // C converts the value to the target's type as Fortran does (a REAL to an INTEGER truncates).
    return pad(indent) + target + " = " + expr(trees.exprs[1]).text + ";\n";
  }

  /// A statement that is not a construct: `kind` with its trees (a logical IF's action is one too).
  std::string statement(const CodeStatement& s, StatementKind kind, const facts::StatementExpressions& trees,
                        std::optional<StatementKind> action, int indent) {
    at(s);
    switch (kind) {
      case StatementKind::Assignment: return assignment(trees, indent);
      case StatementKind::Continue: return "";
      case StatementKind::If: {
        if (!action || trees.exprs.empty() || trees.action.empty()) fail("the logical IF at line " + lineOf(s) + " has no action");
        std::string condition = expr(trees.exprs[0]).text;
        return pad(indent) + "if (" + condition + ")\n" +
               nonEmpty(statement(s, *action, trees.action.front(), std::nullopt, indent + 2), indent + 2);
      }
      case StatementKind::Cycle:
      case StatementKind::Exit:
        if (seqLoops_.empty()) fail(std::string(kind == StatementKind::Cycle ? "CYCLE" : "EXIT") + " of the parallel loop");
        if (!trees.name.empty() && trees.name != seqLoops_.back())
          fail(std::string(kind == StatementKind::Cycle ? "CYCLE " : "EXIT ") + trees.name + " of an outer loop");
        return pad(indent) + (kind == StatementKind::Cycle ? "continue;\n" : "break;\n");
      default:
        fail(std::string("a ") + std::string(facts::nameOf(kind)) + " statement at line " + lineOf(s));
    }
  }

  static std::string nonEmpty(const std::string& text, int indent) { return text.empty() ? pad(indent) + ";\n" : text; }

  /// The loop a DO statement of the nest opens.
  const facts::LoopRow& loopOf(const CodeStatement& s) {
    for (const facts::LoopRow& l : code_.loops)
      if (l.headerStmt == s.row.id) return l;
    fail("the loop of the DO at line " + lineOf(s) + " is not in the database");
  }

  std::string sequentialLoop(const CodeStatement& s, int indent) {
    if (s.row.kind != StatementKind::Do)
      fail(std::string("a ") + std::string(facts::nameOf(s.row.kind)) + " loop at line " + lineOf(s));
    const facts::LoopRow& loop = loopOf(s);
    at(s);
    if (s.trees.exprs.size() < 2) fail("the DO at line " + lineOf(s) + " has no bounds");
    Id varId = variableNamed(s.trees.name);
    const facts::VariableRow& var = reader_.variable(varId);
    KernelVariable& v = variable(varId);
    if (!isInteger(typeOfRow(var))) fail("the DO variable " + s.trees.name + " is not an integer");
    int64_t step = 1;
    if (s.trees.exprs.size() > 2 && !s.trees.exprs[2].isNull()) {
      if (!loop.stepValue || *loop.stepValue == 0) fail("the DO at line " + lineOf(s) + " has a step that is not a constant");
      step = *loop.stepValue;
    }
    std::string text;
    // Fortran evaluates the bounds once, before the first iteration: a bound that is not a constant
    // is kept in a local.
    std::string last;
    if (loop.upperValue) {
      last = integerLiteral(*loop.upperValue, typeOfRow(var).kind);
    } else {
      last = names_.fresh(s.trees.name + "_last");
      boundLocals_.push_back(v.cType + " " + last);
      text += pad(indent) + last + " = " + expr(s.trees.exprs[1]).text + ";\n";
    }
    if (step == std::numeric_limits<int64_t>::min())
      fail("the DO at line " + lineOf(s) + " has a step of -2^63 (its magnitude does not fit in 64 bits)");
    std::string increment = step == 1    ? "++" + v.cName
                            : step == -1 ? "--" + v.cName
                            : step > 0   ? v.cName + " += " + std::to_string(step)
                                         : v.cName + " -= " + std::to_string(-step);
    text += pad(indent) + "for (" + v.cName + " = " + expr(s.trees.exprs[0]).text + "; " + v.cName + (step > 0 ? " <= " : " >= ") +
            last + "; " + increment + ") {\n";
    seqLoops_.push_back(loop.construct.empty() ? s.trees.name : loop.construct);
    text += statements(bodyBlock(loop.id), indent + 2);
    seqLoops_.pop_back();
    return text + pad(indent) + "}\n";
  }

  /// An IF construct: its arms are the blocks opened by its IF THEN; the conditions of all but the
  /// first (and the ELSE) are the ELSE IF statements that follow it in its own block.
  std::string ifConstruct(const CodeStatement& s, const std::vector<const CodeStatement*>& siblings, size_t at_, int indent) {
    std::vector<const facts::BlockRow*> arms;
    for (const facts::BlockRow& b : code_.blocks)
      if (!b.isLoop() && b.constructStmt == s.row.id) arms.push_back(&b);
    std::sort(arms.begin(), arms.end(), [](const facts::BlockRow* a, const facts::BlockRow* b) { return a->arm < b->arm; });
    std::vector<const CodeStatement*> conditions = {&s};
    for (size_t i = at_ + 1; i < siblings.size() && siblings[i]->row.kind == StatementKind::ElseIf; ++i)
      conditions.push_back(siblings[i]);
    bool complete = !arms.empty() && arms.front()->complete;
    if (arms.size() != conditions.size() + (complete ? 1 : 0))
      fail("the IF construct at line " + lineOf(s) + " has " + std::to_string(arms.size()) + " arms in the database for " +
           std::to_string(conditions.size()) + " conditions");
    std::string text;
    for (size_t k = 0; k < arms.size(); ++k) {
      if (k < conditions.size()) {
        const CodeStatement& c = *conditions[k];
        if (!c.treesRead || c.trees.exprs.empty()) fail("the statement at line " + lineOf(c) + " has a syntax error");
        at(c);
        std::string condition = expr(c.trees.exprs[0]).text;
        text += pad(indent) + (k == 0 ? "if (" : "} else if (") + condition + ") {\n";
      } else {
        text += pad(indent) + "} else {\n";
      }
      text += statements(arms[k]->id, indent + 2);
    }
    return text + pad(indent) + "}\n";
  }

  std::string statements(Id blockId, int indent) {
    std::string text;
    const std::vector<const CodeStatement*>& list = inBlock(blockId);
    for (size_t i = 0; i < list.size(); ++i) {
      const CodeStatement& s = *list[i];
      StatementKind kind = s.row.kind;
      if (kind == StatementKind::Unknown || !s.treesRead) fail("the statement at line " + lineOf(s) + " has a syntax error");
      switch (kind) {
        case StatementKind::ElseIf: break;  // read with its IF THEN
        case StatementKind::Do: case StatementKind::DoWhile: case StatementKind::DoConcurrent:
          text += sequentialLoop(s, indent);
          break;
        case StatementKind::IfThen: text += ifConstruct(s, list, i, indent); break;
        case StatementKind::SelectCase: case StatementKind::WhereConstruct: case StatementKind::ForallConstruct:
        case StatementKind::Block: case StatementKind::Associate: case StatementKind::SelectType: case StatementKind::SelectRank:
          fail(std::string("a ") + std::string(facts::nameOf(kind)) + " construct at line " + lineOf(s));
        default: text += statement(s, kind, s.trees, s.row.action, indent);
      }
    }
    return text;
  }

  // ---- the nest: MODEL.md §3's mapping, innermost loop <-> x ----

  static bool mentions(const Expression& e, const std::set<std::string>& names) {
    using K = ExpressionKind;
    bool named = e.kind == K::Name || e.kind == K::Element || e.kind == K::Section || e.kind == K::Call || e.kind == K::Apply;
    if (named && names.count(e.text)) return true;
    for (const Expression& a : e.args)
      if (mentions(a, names)) return true;
    return false;
  }

  struct NestDimension {
    std::string var;          ///< the loop variable's C name
    std::string count, first; ///< C expressions: its trip count and first value
    int64_t step = 1;
    std::string offset, tiles;  ///< generated names: the iteration's index from 0, the tiles along it
  };

  /// The DO variable of a loop of the nest.
  Id nestVariable(const facts::LoopRow& loop) {
    const CodeStatement& s = header(loop);
    auto found = s.variables.find(loop.var);
    if (found == s.variables.end()) fail("the DO variable " + loop.var + " is not declared");
    return found->second;
  }

  void mapNest() {
    std::set<std::string> nestVars(r_.vars.begin(), r_.vars.end());
    for (const facts::LoopRow* loop : nest_) {
      Id varId = nestVariable(*loop);
      Type type = typeOfRow(reader_.variable(varId));
      if (!isInteger(type)) fail("the DO variable " + loop->var + " is not an integer");
      KernelVariable v;
      v.role = Role::NestIndex;
      v.cType = requireType(type, loop->var);
      v.cName = cNameOf(reader_.variable(varId));
      vars_.emplace(varId, v);
      for (const Expression& bound : header(*loop).trees.exprs)
        if (mentions(bound, nestVars))
          fail("the bounds of loop " + loop->var + " depend on the nest's loop variables (the iteration space is not a rectangle)");
    }
    // Dimension 0 is the innermost loop (x), as MODEL.md §3 maps it.
    for (size_t i = nest_.size(); i-- > 0;) {
      const facts::LoopRow& loop = *nest_[i];
      const CodeStatement& s = header(loop);
      at(s);
      if (s.trees.exprs.size() < 2) fail("the DO " + loop.var + " has no bounds");
      NestDimension d;
      d.var = vars_.at(nestVariable(loop)).cName;
      if (s.trees.exprs.size() > 2 && !s.trees.exprs[2].isNull()) {
        if (!loop.stepValue || *loop.stepValue == 0) fail("the DO " + loop.var + " has a step that is not a constant");
        if (*loop.stepValue == std::numeric_limits<int64_t>::min()) fail("the DO " + loop.var + " has a step of -2^63");
        d.step = *loop.stepValue;
      }
      d.first = loop.lowerValue ? integerLiteral(*loop.lowerValue, 4) : wrap(expr(s.trees.exprs[0]), kAdditive);
      if (loop.lowerValue && loop.upperValue) {
        // The front end's count, max(0, (upper - lower + step) / step); none when it exceeds 2^63 - 1.
        if (!loop.tripCount) fail("the DO " + loop.var + " runs more than 2^63 - 1 times");
        int64_t count = *loop.tripCount;
        // The thread's offset along the dimension is an int, and it reaches the count plus a
        // block dimension (at most 1024) less 2.
        if (count > std::numeric_limits<int>::max() - 1024)
          fail("the DO " + loop.var + " runs " + std::to_string(count) +
               " times, more than a kernel's int index holds (2^31 - 1025)");
        d.count = std::to_string(count);
      } else {
        CExpr upper = expr(s.trees.exprs[1]), lower = expr(s.trees.exprs[0]);
        std::string span = wrap(upper, kAdditive) + " - " + wrap(lower, kAdditive + 1);
        // Bounds of a 64-bit kind: the count is computed in 64 bits (max(0, a long long) names no
        // one overload), and the launcher checks that it fits the kernel's int offsets.
        Type spanType = facts::promote(typeOf(s.trees.exprs[1]), typeOf(s.trees.exprs[0]));
        bool wide = isInteger(spanType) && spanType.kind > 4;
        std::string zero = wide ? "0LL" : "0";
        std::string count = d.step == 1 ? "max(" + zero + ", " + span + " + 1)"
                                        : "max(" + zero + ", (" + span + " + " + std::to_string(d.step) + ") / " + std::to_string(d.step) + ")";
        d.count = names_.fresh("n_" + loop.var);
        counts_.push_back(std::string(wide ? "const long long " : "const int ") + d.count + " = " + count);
        if (wide) wideCounts_.push_back({d.count, loop.var});
      }
      d.offset = names_.fresh("t_" + loop.var);
      d.tiles = names_.fresh("tiles_" + loop.var);
      dims_.push_back(d);
    }
  }

  std::string assemble(const std::string& kernel, const std::string& body) {
    const KernelLaunch& L = r_.launch;
    static const char* const axis[] = {"x", "y", "z"};
    std::ostringstream out;
    // The comment says where the kernel comes from and how dvmh-predict maps it.
    int endLine = nest_.front()->endLine ? nest_.front()->endLine : r_.lines.front();
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
    if (!wideCounts_.empty() && !runtimeGrid)
      fail("the DO " + wideCounts_.front().second + " has 64-bit bounds, and only a launcher that computes the grid "
           "(from bounds the host can read, with the sizes unknown) checks that its count fits the kernel's int offsets");
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
    for (Id s : parameterOrder_) {
      const std::string& fortranName = reader_.variable(s).name;
      const KernelVariable& v = vars_.at(s);
      if (v.role == Role::Array) {
        std::string c = v.written ? "" : "const ";
        params.push_back({c + v.cType + "* __restrict__ " + v.cName, c + v.cType + "* " + v.cName, v.cName});
        parameters_.push_back({Kind::Array, v.cName, v.cType, fortranName, 0});
      } else if (v.role == Role::Reduction) {
        params.push_back({v.cType + "* __restrict__ " + v.globalName, v.cType + "* " + v.globalName, v.globalName});
        parameters_.push_back({Kind::Reduction, v.globalName, v.cType, fortranName, 0});
      } else {
        params.push_back({v.cType + " " + v.cName, v.cType + " " + v.cName, v.cName});
        parameters_.push_back({Kind::Scalar, v.cName, v.cType, fortranName, 0});
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
    for (size_t d = dims_.size(); d-- > 0;)
      out << "  " << vars_.at(nestVariable(*nest_[dims_.size() - 1 - d])).cType << " " << dims_[d].var << ";\n";
    for (Id s : localOrder_) out << "  " << vars_.at(s).cType << " " << vars_.at(s).cName << ";\n";
    for (const std::string& b : boundLocals_) out << "  " << b << ";\n";
    for (const std::string& c : counts_) out << "  " << c << ";\n";
    for (Id s : parameterOrder_) {
      const KernelVariable& v = vars_.at(s);
      if (v.role == Role::Reduction) out << "  " << v.cType << " " << v.cName << " = " << identity(v) << ";\n";
    }
    // The tiles along each dimension but the last (the last needs none: a block past the end
    // finds its index out of range).
    for (size_t d = 0; d < dims_.size(); ++d) {
      if (d + 1 == dims_.size() && !capped) break;
      std::string blockDim = d < 3 ? "(int)blockDim." + std::string(axis[d]) : "1";
      std::string tiles = d < 3 ? "(" + dims_[d].count + " + " + blockDim + " - 1) / " + blockDim : dims_[d].count;
      if (isWide(dims_[d].count)) tiles = "(int)(" + tiles + ")";  // the launcher checked that it fits
      out << "  const int " << dims_[d].tiles << " = " << tiles << ";\n";
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
    for (Id s : parameterOrder_) {
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
      out << "// returns 1 without launching when the trip counts need more than " << L.maxGridX << " blocks"
          << (wideCounts_.empty() ? "" : " or one exceeds 2147482623 (the kernel's offsets are ints)") << "\n";
      out << "extern \"C\" int launch_" << kernel << "(";
      for (size_t i = 0; i < params.size(); ++i) out << (i ? ", " : "") << params[i].plain;
      out << ")\n{\n";
      for (const std::string& c : counts_) out << "  " << c << ";\n";
      // A 64-bit count past an int less a block (the offset reaches the count plus a block
      // dimension less 2) is more than the kernel's int offsets hold.
      for (const auto& [count, var] : wideCounts_) out << "  if (" << count << " > 2147482623LL) return 1;\n";
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

  bool isWide(const std::string& count) const {
    for (const auto& [c, var] : wideCounts_)
      if (c == count) return true;
    return false;
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

  NestReader& reader_;
  const KernelRequest& r_;
  bool writeAcross_;
  std::set<std::string>& helpers_;
  std::set<std::string>& kernelNames_;
  NestCode code_;
  std::map<Id, std::vector<const CodeStatement*>> byBlock_;  ///< the statements directly in each block
  std::vector<const facts::LoopRow*> nest_;  ///< outermost first
  const CodeStatement* current_ = nullptr;  ///< whose names the expressions being translated are
  Id boundScope_ = 0;                       ///< else the procedure whose names an array's bounds are
  std::string boundArray_;                  ///<   and that array
  Names names_;
  std::set<std::string> written_, seqLoopVars_;
  std::map<Id, KernelVariable> vars_;
  std::map<std::string, Id> cNameOwner_;  ///< the variable that has a Fortran name as its C name
  std::vector<Id> parameterOrder_, localOrder_;
  std::vector<Parameter> extentParameters_;
  std::vector<KernelParameter> extentMeaning_;  ///< parallel to extentParameters_
  std::vector<KernelParameter> parameters_;     ///< assemble()'s, in the function's order
  std::vector<std::string> boundLocals_;
  std::vector<std::string> counts_;  ///< the nest's trip counts that do not fold: `const int n_i = ...`
  std::vector<std::pair<std::string, std::string>> wideCounts_;  ///< those in 64 bits: the count's name, the DO variable
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
  return KernelTranslator(reader_, request, writeAcross_, helpers_, kernelNames_).run();
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
