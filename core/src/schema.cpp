// schema.cpp - the TypeScript declarations of the answer parts, generated from their member lists
// (smcalc/answer_schema.hpp). `smcalc fields --dts` prints them after the input fields' block; web/smcalc.d.ts
// holds the output between its "generated" markers and tests/cli/cli_test.sh fails when the two differ.
#include "smcalc/answer_schema.hpp"

namespace smcalc::schema {

std::string answer_declarations() {
    std::string s;
    s += "/** Keys of the answers' enumerations (each writes its key). */\n";
    s += ts_enum<Resource>() + ts_enum<amd::Limit>() + ts_enum<Basis>() + ts_enum<Schedule>() +
         ts_enum<ClusterBasis>() + ts_enum<ClusterLimiter>() + ts_enum<CompilerTool>() + "\n";
    s += ts_interface<Budget>("A per-resource bar of an occupancy answer (NVIDIA and AMD).") + "\n";
    s += ts_interface<OccupancyResult>("The figures of an NVIDIA occupancy answer (smcalc::OccupancyResult).") + "\n";
    s += ts_interface<TileRole>("One thread role of a CUTLASS schedule: its threads and registers per thread.") +
         "\n";
    s += ts_interface<StageAutoInfo>("How \"stages\": \"auto\" chose the count (CUTLASS's StageCountAutoCarveout).") +
         "\n";
    s += ts_interface<ProblemResult>("A tile over a GEMM problem: CTAs, waves, efficiency.") + "\n";
    s += ts_interface<TileResult>("The figures of an NVIDIA tile answer (smcalc::TileResult).") + "\n";
    s += ts_interface<TileFit>("The figures of one tile of a tiles answer (smcalc::TileFit).") + "\n";
    s += ts_interface<TileFitOption>("A tile shape that would fit another way (smcalc::TileFitOption).") + "\n";
    s += ts_interface<ClusterFigure>("One figure of resident clusters GPU-wide, with its basis and source.") + "\n";
    s += ts_interface<MaxActiveClusters>("Resident clusters GPU-wide: range, typical, bound and each figure.") + "\n";
    s += ts_interface<GpcFill>("One GPC of the typical layout.") + "\n";
    s += ts_interface<ClusterWaves>("A grid of clusters in waves.") + "\n";
    s += ts_interface<ClusterResult>("The figures of a thread block cluster's answer (smcalc::ClusterResult).") + "\n";
    s += ts_interface<ClusterStep>("A cluster suggestion of next_step (smcalc::ClusterStep).") + "\n";
    s += ts_interface<amd::OccupancyResult>("The figures of an AMD occupancy answer (smcalc::amd::OccupancyResult).") +
         "\n";
    s += ts_interface<amd::NextStep>("A suggestion of next_step on an AMD GPU (smcalc::amd::NextStep).") + "\n";
    s += ts_interface<amd::TileResult>("The figures of an AMD tile answer (smcalc::amd::TileResult).") + "\n";
    s += ts_interface<BlockSizeResult>("The figures of a block_size answer (smcalc::BlockSizeResult).") + "\n";
    s += ts_interface<Change>("One input a suggestion changes.") + "\n";
    s += ts_interface<Suggestion>("One suggestion of next_step (smcalc::Suggestion).") + "\n";
    s += ts_interface<CompareRow>("One row of a compare answer: a figure per GPU.") + "\n";
    s += ts_interface<ArchRules>("One compute capability's rules (op archs; smcalc::ArchRules).") + "\n";
    s += ts_interface<ConstantBank>("A constant bank a kernel uses.") + "\n";
    s += ts_interface<ParsedKernel>("The figures of a kernel read from ptxas/cuobjdump output or a binary.") + "\n";
    s += ts_interface<amd::ParsedKernel>("The figures of a kernel read from LLVM AMDGPU output or a code object.");
    return s;
}

}  // namespace smcalc::schema
