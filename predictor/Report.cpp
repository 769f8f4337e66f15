/// @file Report.cpp
#include "predictor/Report.hpp"

#include "files/JsonWriter.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <iomanip>
#include <sstream>

namespace sapfor::predictor {

namespace {

std::string fixed(double v, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << v;
  return out.str();
}

using files::jsonNumber;

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string missingText(const KernelPrediction& k) {
  std::string names;
  for (const std::string& m : k.missing) names += (names.empty() ? "" : ", ") + m;
  return names;
}

struct Field {
  const char* name;
  std::function<double(const KernelPrediction&)> get;
};

const std::vector<Field>& numericFields() {
  static const std::vector<Field> fields = {
      {"rank", [](auto& k) { return k.rank; }},
      {"across", [](auto& k) { return k.across; }},
      {"iterations", [](auto& k) { return k.iterations; }},
      {"block_x", [](auto& k) { return static_cast<double>(k.block[0]); }},
      {"block_y", [](auto& k) { return static_cast<double>(k.block[1]); }},
      {"block_z", [](auto& k) { return static_cast<double>(k.block[2]); }},
      {"blocks", [](auto& k) { return static_cast<double>(k.blocks); }},
      {"iters_per_thread", [](auto& k) { return static_cast<double>(k.itersPerThread); }},
      {"regs_per_thread", [](auto& k) { return static_cast<double>(k.regsPerThread); }},
      {"regs_per_block", [](auto& k) { return static_cast<double>(k.regsPerBlock); }},
      {"smem_per_block", [](auto& k) { return static_cast<double>(k.smemPerBlock); }},
      {"active_blocks_per_sm", [](auto& k) { return static_cast<double>(k.activeBlocksPerSm); }},
      {"active_warps_per_sm", [](auto& k) { return static_cast<double>(k.activeWarpsPerSm); }},
      {"occupancy", [](auto& k) { return k.occupancy; }},
      {"coal_accesses", [](auto& k) { return k.coalAccesses; }},
      {"uncoal_accesses", [](auto& k) { return k.uncoalAccesses; }},
      {"coal_per_access", [](auto& k) { return k.coalPerAccess; }},
      {"uncoal_per_access", [](auto& k) { return k.uncoalPerAccess; }},
      {"load_bytes_per_warp", [](auto& k) { return k.loadBytesPerWarp; }},
      {"arith", [](auto& k) { return k.arith; }},
      {"reciproc", [](auto& k) { return k.reciproc; }},
      {"trans", [](auto& k) { return k.trans; }},
      {"branch", [](auto& k) { return k.branch; }},
      {"divergent_branch", [](auto& k) { return k.divergentBranch; }},
      {"sync", [](auto& k) { return k.sync; }},
      {"cache_hits", [](auto& k) { return k.cacheHits; }},
      {"cache_misses", [](auto& k) { return k.cacheMisses; }},
      {"comp_insts", [](auto& k) { return k.compInsts; }},
      {"mem_insts", [](auto& k) { return k.memInsts; }},
      {"mwp", [](auto& k) { return k.mwp; }},
      {"cwp", [](auto& k) { return k.cwp; }},
      {"warps", [](auto& k) { return k.warps; }},
      {"rep", [](auto& k) { return static_cast<double>(k.rep); }},
      {"comp_cycles", [](auto& k) { return k.compCycles; }},
      {"mem_cycles", [](auto& k) { return k.memCycles; }},
      {"cycles", [](auto& k) { return k.cycles; }},
      {"seconds", [](auto& k) { return k.seconds; }},
      {"reduction_threads", [](auto& k) { return static_cast<double>(k.reductionThreads); }},
      {"reduction_seconds", [](auto& k) { return k.reductionSeconds; }},
      {"intensity", [](auto& k) { return k.intensity; }},
      {"roofline_seconds", [](auto& k) { return k.rooflineSeconds; }},
  };
  return fields;
}

}  // namespace

std::string formatDuration(double seconds) {
  if (seconds < 1e-3) return fixed(seconds * 1e6, 2) + " us";
  if (seconds < 1) return fixed(seconds * 1e3, 3) + " ms";
  return fixed(seconds, 3) + " s";
}

std::vector<TransferGroup> transferGroups(const ProgramPrediction& prediction) {
  std::vector<TransferGroup> groups;
  for (const TransferDerivation& t : prediction.transfers) {
    std::string kind = t.kind == "region"          ? "REGION"
                       : t.kind == "expert_region" ? "expert REGION"
                       : t.kind == "get_actual"    ? "GET_ACTUAL"
                                                   : "host statement";
    if (groups.empty() || groups.back().procedure != t.procedure || groups.back().line != t.line ||
        groups.back().kind != kind)
      groups.push_back({t.procedure, kind, t.line, "", 0, 0, 0});
    TransferGroup& g = groups.back();
    std::ostringstream copies;
    copies << t.times;
    g.arrays += (g.arrays.empty() ? "" : ", ") + t.name + " " + t.clause + " x" + copies.str();
    g.copies += t.times;
    g.bytes += t.times * t.bytes;
    g.seconds += t.seconds;
  }
  return groups;
}

void writeTable(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction, bool wide) {
  out << "dvmh-predict: " << header.database << " on " << header.gpuName << " (" << header.gpuKey << ")"
      << (header.runId ? ", run " + std::to_string(header.runId) : std::string()) << "\noptions: " << header.options << "\n\n";
  // 100 columns by default; --wide adds the grid, iterations per thread and the accesses.
  out << std::left << std::setw(20) << "loop" << std::right << std::setw(13) << "block";
  if (wide) out << std::setw(8) << "blocks" << std::setw(5) << "ipt";
  out << std::setw(5) << "regs" << std::setw(6) << "occ" << "  " << std::left << std::setw(13) << "limiter" << std::right;
  if (wide) out << std::setw(8) << "coal" << std::setw(8) << "uncoal" << std::setw(7) << "tx/acc";
  out << "  " << std::left << std::setw(8) << "bound" << std::right << std::setw(11) << "time" << std::setw(9) << "launches"
      << std::setw(11) << "total" << "\n";
  for (const KernelPrediction& k : prediction.kernels) {
    out << std::left << std::setw(20) << k.loopKey << std::right;
    if (k.status != "ok") {
      out << "  unknown, needs " << missingText(k) << "\n";
      continue;
    }
    std::string block = std::to_string(k.block[0]) + "," + std::to_string(k.block[1]) + "," + std::to_string(k.block[2]);
    double tx = k.memInsts > 0 ? (k.coalAccesses * k.coalPerAccess + k.uncoalAccesses * k.uncoalPerAccess) / k.memInsts : 0;
    out << std::setw(13) << block;
    if (wide) out << std::setw(8) << k.blocks << std::setw(5) << k.itersPerThread;
    out << std::setw(5) << k.regsPerThread << std::setw(6) << fixed(k.occupancy, 2) << "  " << std::left << std::setw(13)
        << k.limiter << std::right;
    if (wide)
      out << std::setw(8) << fixed(k.coalAccesses, 1) << std::setw(8) << fixed(k.uncoalAccesses, 1) << std::setw(7) << fixed(tx, 1);
    out << "  " << std::left << std::setw(8) << k.bound << std::right << std::setw(11)
        << formatDuration(k.seconds + k.reductionSeconds) << std::setw(9) << (k.launches >= 0 ? fixed(k.launches, 0) : "?")
        << std::setw(11) << (k.launches >= 0 ? formatDuration(k.totalSeconds) : "?") << "\n";
  }
  if (!header.registers.empty()) out << "registers per thread: " << header.registers << "\n";
  if (!prediction.kernels.empty())
    out << "\nblock: threads per block (x,y,z); regs: registers per thread; occ: occupancy, the active warps\n"
           "over the most an SM holds; limiter: what caps it; bound: what the time is bound by (memory,\n"
           "compute, latency); time: one launch with its reduction kernels; total: every launch with the\n"
           "launch overheads. --wide adds blocks (the 1-D grid), ipt (iterations per thread), coal and\n"
           "uncoal (coalesced and uncoalesced accesses per thread) and tx/acc (transactions per access).\n";
  out << "\n";
  if (prediction.totalSeconds) {
    out << "whole program: " << formatDuration(*prediction.totalSeconds) << " = kernels " << formatDuration(*prediction.kernelSeconds)
        << " + reductions " << formatDuration(*prediction.reductionSeconds) << " + launches " << formatDuration(*prediction.launchSeconds)
        << " + transfers " << formatDuration(*prediction.transferSeconds) << " (" << *prediction.transferBytes << " B)\n";
    std::vector<TransferGroup> groups = transferGroups(prediction);
    if (!groups.empty()) out << "transfers (MODEL.md §12), by what causes them:\n";
    for (const TransferGroup& g : groups)
      out << "  " << std::left << std::setw(24) << (g.procedure + ":" + std::to_string(g.line)) << " " << std::setw(15) << g.kind
          << std::right << std::setw(12) << fixed(g.bytes, 0) << " B" << std::setw(12) << formatDuration(g.seconds) << "  "
          << g.arrays << "\n";
  } else {
    std::string names;
    for (const std::string& m : prediction.missing) names += (names.empty() ? "" : ", ") + m;
    out << "whole program: unknown, needs " << names << " (a symbol or loop key: --param NAME=VALUE)\n";
  }
}

void writeCsv(std::ostream& out, const ProgramPrediction& prediction) {
  out << "loop_key,source,status,missing";
  for (const Field& f : numericFields()) out << "," << f.name;
  out << ",limiter,bound,launches,total_seconds,roofline_bound,regs_source,regs_heuristic\n";
  for (const KernelPrediction& k : prediction.kernels) {
    out << csvField(k.loopKey) << "," << csvField(k.source) << "," << k.status << "," << csvField(missingText(k));
    bool ok = k.status == "ok";
    for (const Field& f : numericFields()) out << "," << (ok ? jsonNumber(f.get(k)) : "");
    out << "," << csvField(k.limiter) << "," << k.bound << "," << (ok && k.launches >= 0 ? jsonNumber(k.launches) : "") << ","
        << (ok && k.launches >= 0 ? jsonNumber(k.totalSeconds) : "") << "," << k.rooflineBound << ","
        << (k.regsHeuristic > 0 ? csvField(k.regsSource) + "," + std::to_string(k.regsHeuristic) : ",") << "\n";
  }
}

void writeJson(std::ostream& out, const ReportHeader& header, const ProgramPrediction& prediction) {
  using Layout = files::JsonWriter::Layout;
  files::JsonWriter json(out);
  json.object(Layout::Block)
      .member("format_version", kJsonFormatVersion)
      .member("tool", "dvmh-predict")
      .member("database", header.database);
  json.key("run_id");
  if (header.runId) json.value(header.runId);
  else json.null();
  json.key("gpu").object().member("key", header.gpuKey).member("name", header.gpuName).end();
  json.member("options", header.options).member("registers", header.registers);
  json.key("program")
      .object()
      .member("kernels", prediction.kernels.size())
      .member("unresolved", prediction.unresolved)
      .member("kernel_seconds", prediction.kernelSeconds)
      .member("reduction_seconds", prediction.reductionSeconds)
      .member("launch_seconds", prediction.launchSeconds)
      .member("transfer_seconds", prediction.transferSeconds)
      .member("transfer_bytes", prediction.transferBytes)
      .member("total_seconds", prediction.totalSeconds)
      .end();
  json.key("transfers").array(Layout::Block);
  for (const TransferDerivation& t : prediction.transfers)
    json.object()
        .member("procedure", t.procedure)
        .member("line", t.line)
        .member("kind", t.kind)
        .member("array", t.name)
        .member("clause", t.clause)
        .member("direction", t.toDevice ? "to_device" : "to_host")
        .member("bytes", t.bytes)
        .member("copies", t.times)
        .member("seconds", t.seconds)
        .end();
  json.end();
  json.key("kernels").array(Layout::Block);
  for (const KernelPrediction& k : prediction.kernels) {
    const bool ok = k.status == "ok";
    json.object().member("loop_key", k.loopKey).member("source", k.source).member("status", k.status);
    json.key("missing").value(std::vector<std::string>(k.missing.begin(), k.missing.end()));
    if (!ok && k.regsHeuristic > 0)
      json.member("regs_per_thread", k.regsPerThread).member("regs_source", k.regsSource).member("regs_heuristic", k.regsHeuristic);
    if (ok) {
      for (const Field& f : numericFields()) json.member(f.name, f.get(k));
      json.member("limiter", k.limiter).member("bound", k.bound);
      // Launches unknown: neither they nor the kernel's share of the program's time are known.
      if (k.launches >= 0) json.member("launches", k.launches).member("total_seconds", k.totalSeconds);
      else json.key("launches").null().key("total_seconds").null();
      json.member("roofline_bound", k.rooflineBound)
          .member("regs_source", k.regsSource)
          .member("regs_heuristic", k.regsHeuristic);
      json.key("accesses").array(Layout::Block);
      for (const AccessPrediction& a : k.accesses) {
        json.object();
        json.key("ref_id");
        if (a.refId) json.value(a.refId);
        else json.null();
        json.member("name", a.name)
            .member("access", facts::nameOf(a.access))
            .member("line", a.line)
            .member("per_thread", a.perThread)
            .member("stride", a.stride)
            .member("formula_transactions", a.formulaTransactions)
            .member("exact_transactions", a.exactTransactions)
            .member("transactions", a.transactions)
            .member("coalesced", a.coalesced)
            .member("pattern", accessPatternName(a.pattern))
            .member("cache_hits", a.cacheHits)
            .member("cache_misses", a.cacheMisses)
            .member("l2_hits", a.l2Hits)
            .member("dram_bytes", a.dramBytesPerWarp)
            .end();
      }
      json.end();
    }
    json.end();
  }
  json.end();
  json.end();
}

}  // namespace sapfor::predictor
