/// @file Report.cpp
#include "predictor/Report.hpp"

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

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c == '\n') out += "\\n";
    else if (c < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else out += static_cast<char>(c);
  }
  return out + "\"";
}

/// Numbers with 17 significant digits round-trip; integers print as integers.
std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  std::ostringstream out;
  if (v == std::floor(v) && std::fabs(v) < 9e15) out << static_cast<int64_t>(v);
  else out << std::setprecision(17) << v;
  return out.str();
}

std::string jsonOptional(const std::optional<double>& v) { return v ? jsonNumber(*v) : "null"; }

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
  out << "{\n  \"format_version\": " << kJsonFormatVersion << ",\n  \"tool\": \"dvmh-predict\",\n";
  out << "  \"database\": " << jsonString(header.database) << ",\n";
  out << "  \"run_id\": " << (header.runId ? std::to_string(header.runId) : "null") << ",\n";
  out << "  \"gpu\": {\"key\": " << jsonString(header.gpuKey) << ", \"name\": " << jsonString(header.gpuName) << "},\n";
  out << "  \"options\": " << jsonString(header.options) << ",\n";
  out << "  \"registers\": " << jsonString(header.registers) << ",\n";
  out << "  \"program\": {\"kernels\": " << prediction.kernels.size() << ", \"unresolved\": " << prediction.unresolved
      << ", \"kernel_seconds\": " << jsonOptional(prediction.kernelSeconds)
      << ", \"reduction_seconds\": " << jsonOptional(prediction.reductionSeconds)
      << ", \"launch_seconds\": " << jsonOptional(prediction.launchSeconds)
      << ", \"transfer_seconds\": " << jsonOptional(prediction.transferSeconds)
      << ", \"transfer_bytes\": " << (prediction.transferBytes ? std::to_string(*prediction.transferBytes) : "null")
      << ", \"total_seconds\": " << jsonOptional(prediction.totalSeconds) << "},\n";
  out << "  \"transfers\": [";
  for (size_t i = 0; i < prediction.transfers.size(); ++i) {
    const TransferDerivation& t = prediction.transfers[i];
    out << (i ? "," : "") << "\n    {\"procedure\": " << jsonString(t.procedure) << ", \"line\": " << t.line
        << ", \"kind\": " << jsonString(t.kind) << ", \"array\": " << jsonString(t.name) << ", \"clause\": " << jsonString(t.clause)
        << ", \"direction\": \"" << (t.toDevice ? "to_device" : "to_host") << "\", \"bytes\": " << jsonNumber(t.bytes)
        << ", \"copies\": " << jsonNumber(t.times) << ", \"seconds\": " << jsonNumber(t.seconds) << "}";
  }
  out << (prediction.transfers.empty() ? "],\n" : "\n  ],\n");
  out << "  \"kernels\": [";
  for (size_t i = 0; i < prediction.kernels.size(); ++i) {
    const KernelPrediction& k = prediction.kernels[i];
    bool ok = k.status == "ok";
    out << (i ? "," : "") << "\n    {\"loop_key\": " << jsonString(k.loopKey) << ", \"source\": " << jsonString(k.source)
        << ", \"status\": " << jsonString(k.status) << ", \"missing\": [";
    size_t m = 0;
    for (const std::string& name : k.missing) out << (m++ ? ", " : "") << jsonString(name);
    out << "]";
    if (!ok && k.regsHeuristic > 0)
      out << ", \"regs_per_thread\": " << k.regsPerThread << ", \"regs_source\": " << jsonString(k.regsSource)
          << ", \"regs_heuristic\": " << k.regsHeuristic;
    if (ok) {
      for (const Field& f : numericFields()) out << ", \"" << f.name << "\": " << jsonNumber(f.get(k));
      out << ", \"limiter\": " << jsonString(k.limiter) << ", \"bound\": " << jsonString(k.bound)
          << ", \"launches\": " << (k.launches >= 0 ? jsonNumber(k.launches) : "null")
          << ", \"total_seconds\": " << (k.launches >= 0 ? jsonNumber(k.totalSeconds) : "null")
          << ", \"roofline_bound\": " << jsonString(k.rooflineBound) << ", \"regs_source\": " << jsonString(k.regsSource)
          << ", \"regs_heuristic\": " << k.regsHeuristic << ",\n     \"accesses\": [";
      for (size_t j = 0; j < k.accesses.size(); ++j) {
        const AccessPrediction& a = k.accesses[j];
        out << (j ? "," : "") << "\n       {\"ref_id\": " << (a.refId ? std::to_string(a.refId) : "null")
            << ", \"name\": " << jsonString(a.name) << ", \"access\": \"" << facts::nameOf(a.access) << "\", \"line\": " << a.line
            << ", \"per_thread\": " << jsonNumber(a.perThread)
            << ", \"stride\": " << (a.stride ? std::to_string(*a.stride) : "null")
            << ", \"formula_transactions\": " << jsonNumber(a.formulaTransactions)
            << ", \"exact_transactions\": " << jsonNumber(a.exactTransactions)
            << ", \"transactions\": " << jsonNumber(a.transactions) << ", \"coalesced\": " << (a.coalesced ? "true" : "false")
            << ", \"pattern\": \"" << accessPatternName(a.pattern) << "\""
            << ", \"cache_hits\": " << jsonOptional(a.cacheHits) << ", \"cache_misses\": " << jsonOptional(a.cacheMisses)
            << ", \"l2_hits\": " << jsonNumber(a.l2Hits) << ", \"dram_bytes\": " << jsonNumber(a.dramBytesPerWarp) << "}";
      }
      out << "]";
    }
    out << "}";
  }
  out << "\n  ]\n}\n";
}

}  // namespace sapfor::predictor
