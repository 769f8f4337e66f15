/// @file FactWriter.cpp
#include "frontend/FactWriter.hpp"

#include <stdexcept>
#include <vector>

namespace sapfor::frontend {

FactWriter::FactWriter(SQLite::Database& db) : rows_(db) {}

void FactWriter::registerFile(int fileIndex, int includer, SourceForm form) {
  if (fileIds_.count(fileIndex)) return;
  int64_t id = static_cast<int64_t>(files_.size()) + 1;
  fileIds_[fileIndex] = id;
  files_.push_back({fileIndex, includer < 0 ? 0 : fileId(includer), form});
}

int64_t FactWriter::fileId(int fileIndex) const {
  auto found = fileIds_.find(fileIndex);
  if (found == fileIds_.end()) throw std::logic_error("FactWriter: file " + std::to_string(fileIndex) + " was not registered");
  return found->second;
}

std::string FactWriter::uniqueKey(const ProcedureFacts& p, const FileTable& files) {
  std::string key = p.keyBase;
  if (procedureKeys_.count(key)) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath;
  for (int n = 2; procedureKeys_.count(key); ++n) key = p.keyBase + "@" + files.at(p.fileIndex).displayPath + "#" + std::to_string(n);
  procedureKeys_.insert(key);
  return key;
}

namespace {

int line(uint32_t v) { return static_cast<int>(v); }

facts::Access access(char a) { return a == 'W' ? facts::Access::Write : facts::Access::Read; }

facts::AffineForm affine(const AffineForm& form) {
  facts::AffineForm out;
  out.affine = form.affine;
  if (!form.affine) return out;  // the database keeps neither constant nor terms then
  out.constant = form.constant;
  out.terms.assign(form.terms.begin(), form.terms.end());
  return out;
}

facts::VariableRow variableRow(const Symbol& v, int64_t procId) {
  facts::VariableRow r;
  r.id = v.dbId;
  r.procId = procId;
  r.name = v.name;
  r.type = v.type.name();
  r.kind = v.type.kind;
  r.bytes = v.type.bytes();
  if (!v.assumedRank()) r.rank = v.rank();
  r.elements = v.elements();
  r.storage = v.storage;
  r.intent = v.intent;
  if (v.storage == Storage::Common) r.common = v.common;
  if (v.isConstant()) r.value = v.value.text();
  r.allocatable = v.allocatable;
  r.pointer = v.pointer;
  r.target = v.target;
  r.save = v.save;
  r.implicit = v.implicitType;
  r.line = line(v.line);
  r.equivalence = v.equivalenceGroup;
  r.storageOffset = v.storageOffset;
  r.pointerComponents = v.pointerComponents;
  if (v.type.definition) r.typeId = v.type.definition->dbId;
  for (const DimInfo& dim : v.dims) {
    bool deferred = dim.upperText.empty() && dim.spec == ":";
    r.dims.push_back({dim.spec, deferred ? std::string() : dim.lowerText, dim.upperText, dim.lower, dim.upper, dim.extent(),
                      dim.bounds});
  }
  return r;
}

facts::DerivedTypeRow typeRow(const DerivedType& t, int64_t procId) {
  facts::DerivedTypeRow r;
  r.id = t.dbId;
  r.procId = procId;
  r.name = t.name;
  r.parentId = t.parent ? t.parent->dbId : 0;
  r.parentUnknown = t.extendsUnknown;
  r.abstract = t.abstract;
  r.line = t.line;
  for (const Symbol& c : t.components->symbols()) {
    if (!t.components->owns(&c)) continue;
    facts::ComponentRow row;
    row.name = c.name;
    row.type = c.type.name();
    row.kind = c.type.kind;
    if (!c.assumedRank()) row.rank = c.rank();
    row.pointer = c.pointer;
    row.allocatable = c.allocatable;
    row.derivedId = c.type.definition ? c.type.definition->dbId : 0;
    r.components.push_back(std::move(row));
  }
  for (const auto& [name, b] : t.bindings) {
    if (!b.generic.empty()) {
      for (const std::string& specific : b.generic) r.bindings.push_back({name, specific, std::nullopt, {}, false, false, true});
      continue;
    }
    facts::BindingRow row;
    row.name = name;
    row.procedure = b.target;
    if (b.targetSymbol) row.module = b.targetSymbol->procedureModule;  // "": an external procedure
    row.pass = b.pass;
    row.nopass = b.nopass;
    row.deferred = b.deferred;
    if (b.targetSymbol) row.procId = b.targetSymbol->dbId;
    r.bindings.push_back(std::move(row));
  }
  return r;
}

}  // namespace

facts::FileRows FactWriter::write(FileFacts& facts, const FileTable& files) {
  const int64_t procBase = procedures_, loopBase = loops_, stmtBase = statements_, dirBase = directives_, blockBase = blocks_,
                refBase = refs_;
  auto procId = [&](int index) -> int64_t { return index < 0 ? 0 : procBase + index + 1; };
  auto loopId = [&](int index) -> int64_t { return index < 0 ? 0 : loopBase + index + 1; };
  auto stmtId = [&](int index) -> int64_t { return index < 0 ? 0 : stmtBase + index + 1; };
  auto dirId = [&](int index) -> int64_t { return index < 0 ? 0 : dirBase + index + 1; };
  auto blockId = [&](int index) -> int64_t { return index < 0 ? 0 : blockBase + index + 1; };
  auto refId = [&](int index) -> int64_t { return index < 0 ? 0 : refBase + index + 1; };
  auto varId = [](const Symbol* symbol) -> int64_t { return symbol ? symbol->dbId : 0; };
  facts::FileRows rows;

  // The procedures' rows first: calls and bindings refer to them. Then the file's types: its
  // variables and components may be of any of them.
  for (size_t i = 0; i < facts.procedures.size(); ++i)
    if (facts.procedures[i].symbol) facts.procedures[i].symbol->dbId = procId(static_cast<int>(i));
  for (ProcedureFacts& p : facts.procedures)
    for (DerivedType* t : p.types) t->dbId = ++types_;
  for (size_t i = 0; i < facts.procedures.size(); ++i)
    for (const DerivedType* t : facts.procedures[i].types) rows.types.push_back(typeRow(*t, procId(static_cast<int>(i))));

  rows.procedures.reserve(facts.procedures.size());
  for (size_t i = 0; i < facts.procedures.size(); ++i) {
    ProcedureFacts& p = facts.procedures[i];
    p.key = uniqueKey(p, files);
    facts::ProcedureRow r;
    r.id = procId(static_cast<int>(i));
    r.name = p.name;
    r.key = p.key;
    r.kind = p.kind;
    r.fileId = fileId(p.fileIndex);
    r.line = line(p.line);
    r.endLine = line(p.endLine);
    r.hostId = procId(p.host);
    r.result = p.result;
    r.prefix = p.prefix;
    r.unreadLine = line(p.unreadLine);
    r.parameters = p.parameters;
    for (Symbol* v : p.variables) {
      v->dbId = ++variables_;
      rows.variables.push_back(variableRow(*v, r.id));
    }
    rows.procedures.push_back(std::move(r));
  }

  rows.loops.reserve(facts.loops.size());
  for (size_t i = 0; i < facts.loops.size(); ++i) {
    LoopFacts& l = facts.loops[i];
    l.key = facts.procedures[static_cast<size_t>(l.proc)].key + ":" + l.path;
    facts::LoopRow r;
    r.id = loopId(static_cast<int>(i));
    r.key = l.key;
    r.path = l.path;
    r.procId = procId(l.proc);
    r.parentId = loopId(l.parent);
    r.depth = l.depth;
    r.fileId = fileId(l.fileIndex);
    r.line = line(l.line);
    r.col = line(l.col);
    r.endLine = line(l.endLine);
    r.kind = l.kind;
    r.var = l.var;
    r.lower = l.lower;
    r.upper = l.upper;
    r.step = l.step;
    r.bounds = std::move(l.bounds);
    r.lowerValue = l.lowerValue;
    r.upperValue = l.upperValue;
    r.stepValue = l.stepValue;
    r.tripCount = l.tripCount;
    r.label = l.label;
    r.construct = l.construct;
    r.tightlyNested = l.tightlyNested;
    r.condition = l.condition;
    r.varId = varId(l.varSymbol);
    r.lowerForm = affine(l.lowerForm);
    r.upperForm = affine(l.upperForm);
    r.headerStmt = stmtId(l.stmt);
    r.ops = l.ops;
    r.statements = l.statements;
    rows.loops.push_back(std::move(r));
  }

  rows.obstacles.reserve(facts.obstacles.size());
  for (const ObstacleFacts& o : facts.obstacles)
    rows.obstacles.push_back({loopId(o.loop), o.kind, line(o.line), line(o.col), o.detail});

  rows.statements.reserve(facts.statements.size());
  for (size_t i = 0; i < facts.statements.size(); ++i) {
    StatementFacts& s = facts.statements[i];
    rows.statements.push_back({stmtId(static_cast<int>(i)), procId(s.proc), loopId(s.loop), fileId(s.fileIndex), line(s.line),
                               line(s.col), line(s.endLine), s.kind, s.ops, s.elements, blockId(s.block), s.label, s.jumps,
                               s.action, std::move(s.expr)});
  }

  rows.blocks.reserve(facts.blocks.size());
  for (size_t i = 0; i < facts.blocks.size(); ++i) {
    const BlockFacts& b = facts.blocks[i];
    rows.blocks.push_back({blockId(static_cast<int>(i)), procId(b.proc), blockId(b.parent), b.kind,
                           loopId(b.loop), stmtId(b.constructStmt), b.arm, b.complete});
  }

  rows.scalarRefs.reserve(facts.scalarRefs.size());
  for (const ScalarRefFacts& r : facts.scalarRefs) {
    if (!r.symbol || !r.symbol->dbId) continue;  // a name the symbol pass could not place
    rows.scalarRefs.push_back(
        {stmtId(r.stmt), r.symbol->dbId, access(r.access), r.context, r.guarded});
  }

  rows.arrayRefs.reserve(facts.arrayRefs.size());
  for (size_t i = 0; i < facts.arrayRefs.size(); ++i) {
    const ArrayRefFacts& a = facts.arrayRefs[i];
    facts::ArrayRefRow r;
    r.id = refId(static_cast<int>(i));
    r.stmtId = stmtId(a.stmt);
    r.loopId = loopId(a.loop);
    r.procId = procId(a.proc);
    r.varId = varId(a.symbol);
    r.name = a.name;
    r.access = access(a.access);
    r.context = a.context;
    r.subscripted = a.subscripted;
    r.fileId = fileId(a.fileIndex);
    r.line = line(a.line);
    r.col = line(a.col);
    r.subscripts.reserve(a.subscripts.size());
    for (const SubscriptFacts& s : a.subscripts) {
      facts::SubscriptRow sub{s.text, s.affine, s.constant, s.section, {}};
      sub.terms.reserve(s.terms.size());
      for (const SubscriptTerm& t : s.terms) sub.terms.push_back({t.var, t.coeff, t.loopVar});
      r.subscripts.push_back(std::move(sub));
    }
    rows.arrayRefs.push_back(std::move(r));
  }
  refs_ += static_cast<int64_t>(facts.arrayRefs.size());

  rows.calls.reserve(facts.calls.size());
  for (CallFacts& c : facts.calls) {
    facts::CallRow r;
    r.id = ++calls_;
    r.stmtId = stmtId(c.stmt);
    r.procId = procId(c.proc);
    r.loopId = loopId(c.loop);
    r.callee = c.callee;
    r.kind = c.kind;
    r.fileId = fileId(c.fileIndex);
    r.line = line(c.line);
    r.col = line(c.col);
    r.resolution = c.resolution;
    r.binding = c.binding;
    r.objectTypeId = c.objectType ? c.objectType->dbId : 0;
    r.polymorphic = c.polymorphic;
    for (CallArgFacts& a : c.args) r.args.push_back({a.keyword, a.text, a.var, refId(a.ref), std::move(a.expr), a.object});
    for (const CallFacts::Target& t : c.targets) r.targets.push_back({t.module, t.name, t.symbol ? t.symbol->dbId : 0});
    rows.calls.push_back(std::move(r));
  }

  for (const LabelFacts& l : facts.labels) rows.labels.push_back({procId(l.proc), l.label, blockId(l.block), stmtId(l.stmt)});
  for (const JumpFacts& j : facts.jumps) rows.jumps.push_back({stmtId(j.stmt), j.label});

  rows.directives.reserve(facts.directives.size());
  for (size_t i = 0; i < facts.directives.size(); ++i) {
    const DirectiveFacts& d = facts.directives[i];
    facts::DirectiveRow r;
    r.id = dirId(static_cast<int>(i));
    r.fileId = fileId(d.fileIndex);
    r.line = line(d.line);
    r.endLine = line(d.endLine);
    r.procId = procId(d.proc);
    r.sentinel = d.sentinel;
    r.kind = d.kind;
    r.text = d.text;
    r.loopId = loopId(d.loop);
    r.regionId = dirId(d.region);
    if (d.regionEndLine) r.regionEndLine = *d.regionEndLine;
    r.onArray = d.onArray;
    r.onText = d.onText;
    for (int k = 0; k < 3; ++k) r.cudaBlock[k] = d.cudaBlock[k];
    r.stage = d.stage;
    for (const DirectiveVarFacts& v : d.vars) r.vars.push_back({v.clause, v.name, v.text});
    for (const ReductionFacts& x : d.reductions) r.reductions.push_back({x.op, x.var, x.locVar, x.locCount, x.group});
    for (const AcrossFacts& a : d.across) r.across.push_back({a.array, a.dim, a.low, a.high, a.direction});
    if (d.kind == "PARALLEL") ++parallel_;
    rows.directives.push_back(std::move(r));
  }

  procedures_ += static_cast<int64_t>(facts.procedures.size());
  loops_ += static_cast<int64_t>(facts.loops.size());
  statements_ += static_cast<int64_t>(facts.statements.size());
  directives_ += static_cast<int64_t>(facts.directives.size());
  blocks_ += static_cast<int64_t>(facts.blocks.size());
  facts::normalize(rows);
  rows_.write(rows);
  return rows;
}

void FactWriter::writeFiles(const FileTable& files) {
  for (size_t i = 0; i < files_.size(); ++i) {
    const SourceFile& f = files.at(files_[i].fileIndex);
    rows_.write(facts::FileRow{static_cast<int64_t>(i + 1), f.displayPath, files_[i].form, static_cast<int64_t>(f.lineCount),
                               static_cast<int64_t>(f.byteCount), files_[i].includerId});
  }
}

void FactWriter::writeDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    rows_.write(facts::DiagnosticRow{++diagnosticsWritten_, d.fileIndex < 0 ? 0 : fileId(d.fileIndex), d.path, line(d.line),
                                     line(d.col), d.severity, d.message});
}

}  // namespace sapfor::frontend
