// schema.cpp - the TypeScript declarations of the answer parts, generated from their member lists
// (smcalc/answer_schema.hpp). `smcalc fields --dts` prints them after the input fields' block; web/smcalc.d.ts
// holds the output between its "generated" markers and tests/cli/cli_test.sh fails when the two differ.
#include "smcalc/answer_schema.hpp"

namespace smcalc::schema {

std::string answer_declarations() {
    std::string s;
    s += "/** Keys of the answers' enumerations (each writes its key). */\n";
    s += ts_enum<Resource>() + ts_enum<amd::Limit>() + ts_enum<Basis>() + ts_enum<Schedule>() +
         ts_enum<ClusterBasis>() + ts_enum<ClusterLimiter>() + ts_enum<CompilerTool>() + ts_enum<ErrorId>() +
         ts_enum<amd::Vendor>() + ts_enum<CompareKind>() + "\n";
    // Each part's doc is Of<T>::doc, beside its list.
    s += interfaces<Budget, OccupancyResult, TileRole, StageAutoInfo, ProblemResult, TileResult, TileFit, TileFitOption,
                    ClusterFigure, MaxActiveClusters, GpcFill, ClusterWaves, ClusterResult, ClusterStep,
                    amd::OccupancyResult, amd::NextStep, amd::TileResult, BlockSizeResult, Change, Suggestion,
                    CompareRow, ArchRules, ConstantBank, ParsedKernel, amd::ParsedKernel>();
    // The whole answers, their envelope (AnswerCommon) and the error answers. The input echoes (DeviceAnswer,
    // KernelAnswerInput, ...) come from the field tables, in the inputs' block (fields::typescript_declarations).
    s += "\n" + interfaces<ProblemSize, TileGrid, TileCta, TileRow, KernelOccupancy, Reply<OccupancyResult>, AmdKernelOccupancy, Reply<amd::OccupancyResult>,
                           Reply<TileResult>, AmdTileProblem, amd::TileInput, Reply<amd::TileResult>, TileSearchResult, Reply<TileSearchResult>, LaunchBoundsView, ClusterInput,
                           Reply<NextStepAnswer>, Reply<AmdNextStepAnswer>, Reply<BlockSizeResult>, Reply<DynamicSmemAnswer>, GpuSpec, amd::GpuSpec, GpuList, ArchList,
                           Reply<ParsedOutput>, AmdCheckedKernel, Reply<AmdParseAnswer>, CompareCell, CompareTileInput,
                           CompareView, Error, Envelope<UnknownValue>, ErrorReply>();
    return s;
}

}  // namespace smcalc::schema
