#include "tools/cuda/BenchProgram.hpp"

#include <cctype>
#include <cmath>
#include <string_view>
#include <cstdio>
#include <sstream>

namespace sapfor::cuda {

namespace {

bool isIntegerType(const std::string& cType) { return cType != "float" && cType != "double"; }

/// A value of a C type as a literal.
std::string literal(double value, const std::string& cType) {
  if (isIntegerType(cType)) return std::to_string(std::llround(value)) + (cType == "long long" ? "LL" : "");
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", value);
  std::string s = text;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return cType == "float" ? "(float)" + s : s;
}

/// A name as it may stand inside both a JSON string and a printf format in a C literal: loop keys
/// and GPU keys are letters, digits and _ : . # -; anything else becomes _.
std::string plain(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_:.#-").find(c) != std::string_view::npos ? c : '_';
  return out;
}

}  // namespace

BenchProgram benchProgram(const CudaKernel& kernel, const KernelRequest& request, const predictor::KernelPrediction& p,
                          const std::string& gpuKey, int runs) {
  BenchProgram program;
  if (!kernel.translated()) {
    program.reason = kernel.reason;
    return program;
  }
  if (p.status != "ok") {
    program.reason = "dvmh-predict has no sizes for it (--param)";
    return program;
  }
  auto shapeOf = [&](const std::string& name) -> const predictor::KernelPrediction::ArrayShape* {
    for (const auto& a : p.arrays)
      if (a.name == name) return &a;
    return nullptr;
  };
  std::ostringstream setup, arguments;
  using Kind = KernelParameter::Kind;
  for (size_t i = 0; i < kernel.parameters.size(); ++i) {
    const KernelParameter& k = kernel.parameters[i];
    arguments << (i ? ", " : "") << k.cName;
    const predictor::KernelPrediction::ArrayShape* shape = shapeOf(k.variable);
    if (k.kind == Kind::Array || k.kind == Kind::Reduction) {
      long long elements = 1;
      if (k.kind == Kind::Array) {
        if (!shape) {
          program.reason = "the prediction has no shape for array " + k.variable;
          return program;
        }
        for (size_t d = 0; d < shape->extent.size(); ++d) {
          if (!shape->extent[d]) {
            program.reason = "array " + k.variable + "'s extent in dimension " + std::to_string(d + 1) + " is unknown";
            return program;
          }
          if (__builtin_mul_overflow(elements, std::max<int64_t>(*shape->extent[d], 1), &elements) ||
              elements > (int64_t{1} << 40)) {
            program.reason = "array " + k.variable + " has more than 2^40 elements";
            return program;
          }
        }
      }
      setup << "  " << k.cType << "* " << k.cName << " = nullptr;\n"
            << "  CHECK(cudaMalloc(&" << k.cName << ", " << elements << "LL * sizeof(" << k.cType << ")));\n"
            << "  sapfor_fill<<<1024, 256>>>(" << k.cName << ", " << elements << "LL, (" << k.cType << ")1);\n";
    } else if (k.kind == Kind::Scalar) {
      auto value = p.scalars.find(k.variable);
      setup << "  const " << k.cType << " " << k.cName << " = " << literal(value == p.scalars.end() ? 1 : value->second, k.cType)
            << ";" << (value == p.scalars.end() ? "  // not known to the prediction" : "") << "\n";
    } else {
      if (!shape || static_cast<size_t>(k.dim) >= shape->lower.size()) {
        program.reason = "the prediction has no shape for array " + k.variable;
        return program;
      }
      std::optional<int64_t> v = k.kind == Kind::LowerBound ? std::optional<int64_t>(shape->lower[static_cast<size_t>(k.dim)])
                                                            : shape->extent[static_cast<size_t>(k.dim)];
      if (!v) {
        program.reason = "array " + k.variable + "'s extent in dimension " + std::to_string(k.dim + 1) + " is unknown";
        return program;
      }
      setup << "  const int " << k.cName << " = " << *v << ";\n";
    }
  }
  const KernelLaunch& L = request.launch;
  std::string launch = kernel.name + "<<<" + std::to_string(L.blocks) + "U, dim3(" + std::to_string(L.block[0]) + ", " +
                       std::to_string(L.block[1]) + ", " + std::to_string(L.block[2]) + ")>>>(" + arguments.str() + ")";
  std::string key = plain(request.loopKey);
  std::ostringstream out;
  out << kBenchHeader << " " << request.loopKey << " at the sizes dvmh-predict used (" << gpuKey << ")\n"
      << "#include <algorithm>\n#include <cstdio>\n#include <vector>\n"
      << helperDefinitions(kernel.helpers) << "\n"
      << kernel.function << "\n"
      << "template <typename T>\n"
         "__global__ void sapfor_fill(T* p, long long n, T v)\n"
         "{\n"
         "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)\n"
         "    p[i] = v;\n"
         "}\n\n"
      << "#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \\\n"
         "  std::printf(\"{\\\"loop_key\\\": \\\"" << key << "\\\", \\\"error\\\": \\\"%s\\\"}\\n\", cudaGetErrorString(e_)); \\\n"
         "  return 1; } } while (0)\n\n"
      << "int main()\n{\n"
      << setup.str()
      << "  CHECK(cudaDeviceSynchronize());\n"
      << "  " << launch << ";  // warm-up\n"
      << "  CHECK(cudaGetLastError());\n"
      << "  CHECK(cudaDeviceSynchronize());\n"
      << "  cudaEvent_t start, stop;\n"
      << "  CHECK(cudaEventCreate(&start));\n"
      << "  CHECK(cudaEventCreate(&stop));\n"
      << "  std::vector<float> ms;\n"
      << "  for (int run = 0; run < " << runs << "; ++run) {\n"
      << "    CHECK(cudaEventRecord(start));\n"
      << "    " << launch << ";\n"
      << "    CHECK(cudaEventRecord(stop));\n"
      << "    CHECK(cudaEventSynchronize(stop));\n"
      << "    float t = 0;\n"
      << "    CHECK(cudaEventElapsedTime(&t, start, stop));\n"
      << "    ms.push_back(t);\n"
      << "  }\n"
      << "  CHECK(cudaGetLastError());\n"
      << "  std::sort(ms.begin(), ms.end());\n"
      << "  cudaDeviceProp device;\n"
      << "  CHECK(cudaGetDeviceProperties(&device, 0));\n"
      << "  std::printf(\"{\\\"loop_key\\\": \\\"" << key << "\\\", \\\"kernel\\\": \\\"" << kernel.name
      << "\\\", \\\"gpu\\\": \\\"" << plain(gpuKey) << "\\\", \\\"device\\\": \\\"%s\\\", \\\"runs\\\": %d, "
         "\\\"seconds\\\": %.9g, \\\"min_seconds\\\": %.9g}\\n\",\n"
      << "              device.name, (int)ms.size(), ms[ms.size() / 2] * 1e-3, ms[0] * 1e-3);\n"
      << "  return 0;\n}\n";
  program.text = out.str();
  return program;
}

}  // namespace sapfor::cuda
