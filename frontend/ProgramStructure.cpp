/// @file ProgramStructure.cpp
#include "frontend/ProgramStructure.hpp"

#include "frontend/StatementClassifier.hpp"
#include "frontend/StatementParser.hpp"

#include <algorithm>

namespace sapfor::frontend {

namespace {

/// Longer statements are skipped: their expressions would nest deeper than the front end's
/// recursive walks are allowed to go (see StackThread.hpp).
constexpr size_t kMaxStatementLength = 1000000;

bool isUnitHeading(StmtKind kind) {
  return kind == StmtKind::Program || kind == StmtKind::Subroutine || kind == StmtKind::Function ||
         kind == StmtKind::Module || kind == StmtKind::Submodule || kind == StmtKind::BlockData;
}

/// Statements sapfor records but does not need to parse: they say nothing about loops, data or
/// operations.
bool recordedOnly(StmtKind kind) {
  return kind == StmtKind::Format || kind == StmtKind::Final || kind == StmtKind::Enum ||
         kind == StmtKind::ImageControl;
}

const char* unitWord(StmtKind kind) {
  switch (kind) {
    case StmtKind::Program: return "PROGRAM";
    case StmtKind::Subroutine: return "SUBROUTINE";
    case StmtKind::Function: return "FUNCTION";
    case StmtKind::Module: return "MODULE";
    case StmtKind::Submodule: return "SUBMODULE";
    case StmtKind::BlockData: return "BLOCK DATA";
    default: return "unit";
  }
}

/// The state machine that turns the statement sequence into units and construct trees.
class StructureBuilder {
 public:
  StructureBuilder(ParsedFile& file, DiagnosticSink& diagnostics, const FileTable& files)
      : file_(file), diagnostics_(diagnostics), files_(files) {}

  void directive(DirectiveItem* item) {
    if (units_.empty())
      pendingDirectives_.push_back(item);
    else
      units_.back().unit->directives.push_back(item);
  }

  void statement(Stmt* s) {
    lastLine_ = std::max(lastLine_, s->endLine);
    if (!s->parsed && interfaceDepth_ == 0 && !units_.empty() && !units_.back().unit->unread)
      units_.back().unit->unread = s;
    if (interfaceDepth_ > 0) {
      interfaceStatement(s);
      return;
    }
    if (inTypeDefinition_) {
      if (s->kind == StmtKind::EndType) {
        inTypeDefinition_ = false;
      } else if (s->kind == StmtKind::Contains) {
        inTypeBindings_ = true;  // type-bound procedures follow: not components
      } else if (!units_.empty() && !units_.back().unit->types.empty()) {
        TypeDefinition& type = units_.back().unit->types.back();
        if (s->kind == StmtKind::TypeDecl && !inTypeBindings_) type.components.push_back(s);
        else if (inTypeBindings_ && s->parsed && (s->kind == StmtKind::Procedure || s->kind == StmtKind::Generic))
          type.bindings.push_back(s);
      }
      return;
    }
    if (s->kind == StmtKind::ModuleProcedure && s->parsed && s->names.size() == 1 && !units_.empty() &&
        units_.back().inContains) {
      // Outside an interface, MODULE PROCEDURE name begins the body of a separate module procedure.
      s->kind = StmtKind::Subroutine;
      s->name = s->names.front();
      s->names.clear();
      s->prefix = "module procedure";
    }
    if (isUnitHeading(s->kind)) {
      openUnit(s);
      if (!s->parsed && !units_.empty() && !units_.back().unit->unread) units_.back().unit->unread = s;
      return;
    }
    switch (s->kind) {
      case StmtKind::EndUnit:
        if (units_.empty()) current(s);  // `END` alone is a whole main program
        closeUnit(s);
        return;
      case StmtKind::Contains:
        if (units_.empty()) {
          report(s, Severity::Error, "CONTAINS outside a program unit");
          return;
        }
        closeConstructs(s);
        units_.back().inContains = true;
        return;
      case StmtKind::Interface:
        interfaceDepth_ = 1;
        inInterfaceBody_ = false;
        if (!units_.empty() && s->parsed && !s->name.empty())
          units_.back().unit->interfaces.push_back(GenericInterface{s, {}});
        generic_ = !units_.empty() && s->parsed && !s->name.empty() ? &units_.back().unit->interfaces.back() : nullptr;
        return;
      case StmtKind::TypeDef: {
        Frame& frame = current(s);
        frame.unit->types.push_back(TypeDefinition{s, {}});
        inTypeDefinition_ = true;
        inTypeBindings_ = false;
        return;
      }
      default:
        break;
    }
    Frame& frame = current(s);
    if (frame.inContains) {
      report(s, Severity::Error, "only procedures may follow CONTAINS");
      return;
    }
    if (!isExecutable(s->kind)) {
      // A BLOCK construct's declarations are read as the unit's (see DeclData::inBlock).
      if (s->decl)
        for (const Node* open : frame.open)
          if (open->kind == NodeKind::Block && open->stmt->kind == StmtKind::Block) s->decl->inBlock = true;
      frame.unit->specification.push_back(s);
      return;
    }
    executable(frame, s);
  }

  /// A statement inside an INTERFACE block: its specific procedures (MODULE PROCEDURE names at
  /// its top level, the names of its interface bodies) are kept; nested blocks are counted.
  void interfaceStatement(Stmt* s) {
    if (s->kind == StmtKind::Interface) ++interfaceDepth_;
    if (s->kind == StmtKind::EndInterface) --interfaceDepth_;
    if (interfaceDepth_ == 0) generic_ = nullptr;
    if (interfaceDepth_ != 1 || units_.empty() || !s->parsed) return;
    if (inInterfaceBody_) {
      if (s->kind == StmtKind::EndUnit) inInterfaceBody_ = false;
      return;
    }
    if (s->kind == StmtKind::Subroutine || s->kind == StmtKind::Function) {
      inInterfaceBody_ = true;
      units_.back().unit->interfaceBodies.push_back(s);
      if (generic_) generic_->specifics.push_back(s->name);
    } else if ((s->kind == StmtKind::ModuleProcedure || s->kind == StmtKind::Procedure) && generic_) {
      generic_->specifics.insert(generic_->specifics.end(), s->names.begin(), s->names.end());
    }
  }

  void finish() {
    while (!units_.empty()) {
      Frame& frame = units_.back();
      report(frame.unit->heading ? frame.unit->heading : nullptr, Severity::Error,
             std::string(unitWord(frame.unit->kind)) + " " + frame.unit->name + " has no END statement",
             frame.unit->line);
      closeConstructs(nullptr);
      popUnit(lastLine_);
    }
  }

 private:
  struct Frame {
    ProgramUnit* unit = nullptr;
    bool inContains = false;
    std::vector<Node*> open;  ///< open constructs, innermost last
  };

  void report(const Stmt* s, Severity severity, std::string message, uint32_t line = 0) {
    int fileIndex = s ? s->fileIndex : file_.fileIndex;
    SourcePos pos = s ? s->pos : SourcePos{line, 1};
    diagnostics_.report(fileDiagnostic(files_, fileIndex, pos, severity, std::move(message)));
  }

  Frame& current(const Stmt* s) {
    if (units_.empty()) {
      // Statements before any heading form a main program without a PROGRAM statement.
      auto unit = std::make_unique<ProgramUnit>();
      unit->kind = StmtKind::Program;
      unit->name = "main";
      unit->implicitMain = true;
      unit->fileIndex = s->fileIndex;
      unit->line = s->pos.line;
      pushUnit(std::move(unit));
    }
    return units_.back();
  }

  void pushUnit(std::unique_ptr<ProgramUnit> unit) {
    ProgramUnit* raw = unit.get();
    if (!units_.empty() && units_.back().inContains) {
      raw->host = units_.back().unit;
      units_.back().unit->contained.push_back(std::move(unit));
    } else {
      file_.units.push_back(std::move(unit));
    }
    for (DirectiveItem* d : pendingDirectives_) raw->directives.push_back(d);
    pendingDirectives_.clear();
    Frame frame;
    frame.unit = raw;
    units_.push_back(std::move(frame));
  }

  void popUnit(uint32_t endLine) {
    units_.back().unit->endLine = endLine;
    units_.pop_back();
  }

  void openUnit(Stmt* s) {
    bool topLevelOnly = s->kind == StmtKind::Program || s->kind == StmtKind::Module ||
                        s->kind == StmtKind::Submodule || s->kind == StmtKind::BlockData;
    if (topLevelOnly && !units_.empty() && units_.back().inContains) {
      // A module cannot be contained: the units still open lack their END statements.
      Frame& outer = units_.front();
      report(s, Severity::Error,
             std::string(unitWord(outer.unit->kind)) + " " + outer.unit->name + " has no END before this " +
                 unitWord(s->kind));
      while (!units_.empty()) {
        closeConstructs(s);
        popUnit(s->pos.line > 0 ? s->pos.line - 1 : 0);
      }
    }
    if (!units_.empty() && !units_.back().inContains) {
      Frame& frame = units_.back();
      report(s, Severity::Error,
             std::string(unitWord(frame.unit->kind)) + " " + frame.unit->name + " has no END before this " +
                 unitWord(s->kind));
      closeConstructs(s);
      popUnit(s->pos.line > 0 ? s->pos.line - 1 : 0);
    }
    auto unit = std::make_unique<ProgramUnit>();
    unit->kind = s->kind;
    unit->name = s->name;
    unit->heading = s;
    unit->fileIndex = s->fileIndex;
    unit->line = s->pos.line;
    pushUnit(std::move(unit));
  }

  void closeUnit(Stmt* s) {
    closeConstructs(s);
    popUnit(s->endLine ? s->endLine : s->pos.line);
  }

  /// Constructs still open at the END of their unit (or at CONTAINS) are reported and closed.
  void closeConstructs(const Stmt* at) {
    Frame& frame = units_.back();
    for (auto it = frame.open.rbegin(); it != frame.open.rend(); ++it) {
      Node* node = *it;
      if (node->kind == NodeKind::Arm) continue;
      const char* what = node->kind == NodeKind::Do ? "DO loop" : "construct";
      std::string closer = node->kind == NodeKind::Do
                               ? (node->doLabel ? "its label " + std::to_string(node->doLabel) : std::string("END DO"))
                               : std::string("its END statement");
      report(node->stmt, Severity::Error,
             std::string(what) + " is not closed: " + closer + " is missing" +
                 (at ? " before line " + std::to_string(at->pos.line) : std::string()));
    }
    frame.open.clear();
  }

  std::vector<Node>& container(Frame& frame) {
    return frame.open.empty() ? frame.unit->body : frame.open.back()->children;
  }

  Node* push(Frame& frame, NodeKind kind, Stmt* s) {
    std::vector<Node>& into = container(frame);
    into.push_back(Node{kind, s, {}, nullptr, 0});
    return &into.back();
  }

  /// Pops the innermost open construct of `kind`; constructs above it were left open by mistake.
  Node* popTo(Frame& frame, NodeKind kind, Stmt* s, const char* endWord) {
    for (size_t i = frame.open.size(); i-- > 0;) {
      if (frame.open[i]->kind != kind) continue;
      for (size_t j = frame.open.size(); j-- > i + 1;) {
        if (frame.open[j]->kind != NodeKind::Arm)
          report(frame.open[j]->stmt, Severity::Error,
                 std::string("construct is not closed before the ") + endWord + " at line " + std::to_string(s->pos.line));
      }
      Node* node = frame.open[i];
      frame.open.resize(i);
      node->end = s;
      return node;
    }
    report(s, Severity::Error, std::string(endWord) + " without a matching construct");
    return nullptr;
  }

  bool topIs(const Frame& frame, NodeKind kind) const { return !frame.open.empty() && frame.open.back()->kind == kind; }

  /// A new arm (ELSE IF, ELSE, CASE, ELSEWHERE) of the If/Select/Where construct of `kind`.
  void arm(Frame& frame, NodeKind kind, Stmt* s, const char* word) {
    if (topIs(frame, NodeKind::Arm)) frame.open.pop_back();
    if (!topIs(frame, kind)) {
      report(s, Severity::Error, std::string(word) + " outside its construct");
      return;
    }
    frame.open.push_back(push(frame, NodeKind::Arm, s));
  }

  void executable(Frame& frame, Stmt* s) {
    switch (s->kind) {
      case StmtKind::Do:
      case StmtKind::DoWhile:
      case StmtKind::DoConcurrent: {
        Node* node = push(frame, NodeKind::Do, s);
        node->doLabel = s->labels.empty() ? 0 : s->labels.front();
        frame.open.push_back(node);
        return;
      }
      case StmtKind::EndDo:
        popTo(frame, NodeKind::Do, s, "END DO");
        return;
      case StmtKind::IfThen: {
        Node* node = push(frame, NodeKind::If, s);
        frame.open.push_back(node);
        frame.open.push_back(push(frame, NodeKind::Arm, s));
        return;
      }
      case StmtKind::ElseIf:
        arm(frame, NodeKind::If, s, "ELSE IF");
        return;
      case StmtKind::Else:
        arm(frame, NodeKind::If, s, "ELSE");
        return;
      case StmtKind::EndIf:
        popTo(frame, NodeKind::If, s, "END IF");
        return;
      case StmtKind::SelectCase:
      case StmtKind::SelectType:
      case StmtKind::SelectRank:
        frame.open.push_back(push(frame, NodeKind::Select, s));
        return;
      case StmtKind::Case:
      case StmtKind::CaseDefault:
        arm(frame, NodeKind::Select, s, "CASE");
        return;
      case StmtKind::TypeGuard:
        arm(frame, NodeKind::Select, s, "TYPE IS / CLASS IS");
        return;
      case StmtKind::RankCase:
        arm(frame, NodeKind::Select, s, "RANK");
        return;
      case StmtKind::EndSelect:
        popTo(frame, NodeKind::Select, s, "END SELECT");
        return;
      case StmtKind::WhereConstruct: {
        frame.open.push_back(push(frame, NodeKind::Where, s));
        frame.open.push_back(push(frame, NodeKind::Arm, s));
        return;
      }
      case StmtKind::ElseWhere:
        arm(frame, NodeKind::Where, s, "ELSEWHERE");
        return;
      case StmtKind::EndWhere:
        popTo(frame, NodeKind::Where, s, "END WHERE");
        return;
      case StmtKind::ForallConstruct:
        frame.open.push_back(push(frame, NodeKind::Forall, s));
        return;
      case StmtKind::EndForall:
        popTo(frame, NodeKind::Forall, s, "END FORALL");
        return;
      case StmtKind::Block:
      case StmtKind::Associate:
        frame.open.push_back(push(frame, NodeKind::Block, s));
        return;
      case StmtKind::EndBlock:
        popTo(frame, NodeKind::Block, s, "END BLOCK");
        return;
      case StmtKind::EndAssociate:
        popTo(frame, NodeKind::Block, s, "END ASSOCIATE");
        return;
      default:
        break;
    }
    if ((topIs(frame, NodeKind::Select) || topIs(frame, NodeKind::If) || topIs(frame, NodeKind::Where))) {
      report(s, Severity::Error, "statement outside any CASE of its SELECT CASE");
      return;
    }
    push(frame, NodeKind::Statement, s);
    closeLabelledLoops(frame, s);
  }

  /// `DO 10 ...` loops end at the statement labelled 10; several loops may share it.
  void closeLabelledLoops(Frame& frame, Stmt* s) {
    if (s->label == 0) return;
    while (!frame.open.empty()) {
      Node* top = frame.open.back();
      if (top->kind == NodeKind::Do && top->doLabel == s->label) {
        top->end = s;
        frame.open.pop_back();
        continue;
      }
      bool closesOuter = false;
      for (Node* node : frame.open)
        if (node->kind == NodeKind::Do && node->doLabel == s->label) closesOuter = true;
      if (closesOuter)
        report(s, Severity::Error,
               "label " + std::to_string(s->label) + " ends a DO loop but a construct inside that loop is still open");
      break;
    }
  }

  ParsedFile& file_;
  DiagnosticSink& diagnostics_;
  const FileTable& files_;
  std::vector<Frame> units_;
  std::vector<DirectiveItem*> pendingDirectives_;
  int interfaceDepth_ = 0;
  bool inInterfaceBody_ = false;        ///< between an interface body's heading and its END
  GenericInterface* generic_ = nullptr;  ///< the generic interface being read
  bool inTypeDefinition_ = false;
  bool inTypeBindings_ = false;
  uint32_t lastLine_ = 0;  ///< the last line of the last statement seen
};

}  // namespace

ParsedFile parseFile(int fileIndex, FileTable& files, DiagnosticSink& diagnostics, const PreprocessorOptions& options,
                     const std::function<std::string(const std::string&)>& displayPathOf) {
  ParsedFile file;
  file.fileIndex = fileIndex;
  Prescanner prescanner(files, diagnostics, options, displayPathOf);
  std::vector<LogicalStatement> logical = prescanner.scan(fileIndex);
  file.includes = prescanner.includes();

  StatementClassifier classifier;
  StatementParser parser;
  StructureBuilder builder(file, diagnostics, files);
  uint32_t seq = 0;
  auto report = [&](const LogicalStatement& source, SourcePos pos, Severity severity, std::string message) {
    diagnostics.report(fileDiagnostic(files, source.fileIndex, pos, severity, std::move(message)));
  };

  for (LogicalStatement& source : logical) {
    ++seq;
    if (source.kind == LogicalStatement::Kind::Directive) {
      auto item = std::make_unique<DirectiveItem>();
      item->seq = seq;
      item->fileIndex = source.fileIndex;
      item->line = source.firstLine;
      item->endLine = source.lastLine;
      item->sentinel = source.sentinel;
      item->display = source.display;
      ClassifiedDirective classified = classifier.classifyDirective(source);
      item->kind = classified.kind;
      item->head = classified.head;
      if (classified.kind != DirectiveKind::Foreign && classified.kind != DirectiveKind::OtherDvm) {
        SyntaxError error;
        item->ast = parser.parseDirective(classified, error);
        if (!item->ast) report(source, error.pos, Severity::Error, "DVMH directive: " + error.message);
      }
      builder.directive(item.get());
      file.directives.push_back(std::move(item));
      std::string().swap(source.text);
      std::vector<SourcePos>().swap(source.pos);
      continue;
    }

    ClassifiedStatement classified = classifier.classify(source);
    StmtPtr stmt;
    if (source.text.size() > kMaxStatementLength) {
      report(source, source.posAt(0), Severity::Unsupported,
             "statement of " + std::to_string(source.text.size()) + " characters skipped (the limit is " +
                 std::to_string(kMaxStatementLength) + ")");
    } else if (recordedOnly(classified.kind)) {
      stmt = makeStmt(classified.kind, source.posAt(0));
      if (classified.kind == StmtKind::Format) stmt->text = source.text.substr(6);
    } else if (source.damaged) {
      // The prescanner has reported what is wrong (an unterminated literal): parsing would only
      // report it again.
    } else if (classified.kind == StmtKind::Unknown) {
      if (!classified.unsupported.empty())
        report(source, source.posAt(0), Severity::Unsupported, classified.unsupported + " is not supported; statement skipped");
      else
        report(source, source.posAt(0), Severity::Error, "unrecognized statement");
    } else {
      SyntaxError error;
      stmt = parser.parseStatement(classified, error);
      if (!stmt) report(source, error.pos, Severity::Error, error.message);
    }
    if (!stmt) {
      // Keep what the classifier knew, so that a DO or END DO still shapes the program; a DO whose
      // label is out of range shapes nothing (what statement would end it?).
      stmt = makeStmt(classified.doLabel < 0 ? StmtKind::Unknown : classified.kind, source.posAt(0));
      stmt->parsed = false;
      if (classified.doLabel > 0) stmt->labels.push_back(classified.doLabel);
    }
    stmt->seq = seq;
    stmt->fileIndex = source.fileIndex;
    stmt->label = source.label;
    stmt->endLine = source.lastLine;
    stmt->constructName = classified.constructName;
    Stmt* raw = stmt.get();
    file.statements.push_back(std::move(stmt));
    builder.statement(raw);
    // The AST has copied the positions it needs: free the cooked text as we go.
    std::string().swap(source.text);
    std::vector<SourcePos>().swap(source.pos);
  }
  builder.finish();
  return file;
}

}  // namespace sapfor::frontend
