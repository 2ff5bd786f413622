#include "app/cli/PhantomEvaluator.h"

#include <omp.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace xrayprep::app {

namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

}  // namespace

PhantomEvaluator::PhantomEvaluator(PhantomSegmenter segmenter, int jobs, int threadsPerJob)
    : segmenter_(std::move(segmenter)),
      jobs_(std::max(1, jobs)),
      threadsPerJob_(std::max(1, threadsPerJob)) {}

PhantomRun PhantomEvaluator::runOne(const EvalCombination& row, int seedIndex, const EvalSize& size,
                                    int worker) const {
    PhantomRun run;
    run.seedIndex = seedIndex;
    run.format = PhantomEvalMatrix::formatFor(seedIndex);
    const processing::PhantomParams params = PhantomEvalMatrix::params(row, seedIndex, size);
    run.seed = params.seed;
    run.format.bitsStored = params.bitsStored;
    auto start = std::chrono::steady_clock::now();
    const processing::Phantom phantom = processing::FootPhantom{}(params);
    run.phantomMs = millisecondsSince(start);
    run.notes = phantom.notes;
    start = std::chrono::steady_clock::now();
    try {
        const PhantomSegmentation s = segmenter_(phantom, worker);
        run.segmentMs = millisecondsSince(start);
        run.score = PhantomRunScore::of(phantom, s.mask, s.final);
    } catch (const std::exception& e) {
        run.segmentMs = millisecondsSince(start);
        run.error = e.what();
        run.score.dice = 0.0;
    }
    return run;
}

std::vector<CombinationSummary> PhantomEvaluator::run(
    const std::vector<EvalCombination>& rows, int seeds, const EvalSize& size,
    const std::function<void(const CombinationSummary&)>& finished) const {
    const std::size_t n = rows.size() * static_cast<std::size_t>(seeds);
    std::vector<PhantomRun> runs(n);
    std::vector<std::atomic<int>> remaining(rows.size());
    for (auto& r : remaining) r.store(seeds);
    std::vector<CombinationSummary> summaries(rows.size());
    std::mutex reportTurn;
    std::atomic<std::size_t> next{0};
    auto work = [&](int worker) {
        omp_set_num_threads(threadsPerJob_);  // this thread's phantom rendering
        for (std::size_t i = next++; i < n; i = next++) {
            const std::size_t r = i / static_cast<std::size_t>(seeds);
            const int s = static_cast<int>(i % static_cast<std::size_t>(seeds));
            runs[i] = runOne(rows[r], s, size, worker);
            if (--remaining[r] == 0) {
                std::vector<PhantomRun> mine(
                    runs.begin() + static_cast<std::ptrdiff_t>(r * seeds),
                    runs.begin() + static_cast<std::ptrdiff_t>((r + 1) * seeds));
                summaries[r] = summarize(rows[r], std::move(mine));
                const std::lock_guard lock(reportTurn);
                if (finished) finished(summaries[r]);
            }
        }
    };
    std::vector<std::thread> threads;
    for (int w = 1; w < jobs_; ++w) threads.emplace_back(work, w);
    work(0);
    for (auto& t : threads) t.join();
    return summaries;
}

CombinationSummary PhantomEvaluator::summarize(const EvalCombination& row,
                                               std::vector<PhantomRun> runs) {
    CombinationSummary s;
    s.combination = row;
    s.runs = std::move(runs);
    if (s.runs.empty()) return s;
    double sumDice = 0.0, sumMs = 0.0;
    s.minDice = 2.0;
    for (std::size_t i = 0; i < s.runs.size(); ++i) {
        const PhantomRun& r = s.runs[i];
        sumDice += r.score.dice;
        sumMs += r.segmentMs;
        for (std::size_t k = 0; k < s.leftovers.size(); ++k) s.leftovers[k] += r.score.leftovers[k];
        const bool fails =
            !r.error.empty() || r.score.dice < kDiceThreshold || r.score.totalLeftovers() > 0;
        s.failingSeeds += fails ? 1 : 0;
        s.seedsWithNotes += r.notes.empty() ? 0 : 1;
        const PhantomRun* w = s.worst >= 0 ? &s.runs[static_cast<std::size_t>(s.worst)] : nullptr;
        if (!w || r.score.dice < w->score.dice ||
            (r.score.dice == w->score.dice &&
             r.score.totalLeftovers() > w->score.totalLeftovers())) {
            s.worst = static_cast<int>(i);
        }
        s.minDice = std::min(s.minDice, r.score.dice);
    }
    s.meanDice = sumDice / static_cast<double>(s.runs.size());
    s.meanSegmentMs = sumMs / static_cast<double>(s.runs.size());
    s.pass = s.failingSeeds == 0;
    return s;
}

}  // namespace xrayprep::app
