#pragma once

#include <string>

namespace xrayprep::app {

// `run --shard K/N`: the inputs a run takes when N runs (the nodes of a cluster job array)
// share one folder. An input belongs to shard 1 + (h mod N), h the first 64 bits of the
// SHA-256 of its output folder's name (the input's file stem, made unique over the whole
// sorted input list). So every input is in exactly one shard; a shard's inputs do not depend on
// which node runs it, on where the node mounts the folder, or on how many other shards exist
// beside it; and a re-run of the same command takes the same inputs.
class InputShard {
  public:
    // "K/N" with 1 <= K <= N <= 100000; std::invalid_argument saying what is wrong otherwise.
    [[nodiscard]] static InputShard parse(const std::string& text);
    // The whole list: every input.
    InputShard() = default;

    [[nodiscard]] bool holds(const std::string& outputFolderName) const;
    [[nodiscard]] bool isWhole() const { return count_ == 1; }
    [[nodiscard]] int index() const { return index_; }
    [[nodiscard]] int count() const { return count_; }
    [[nodiscard]] std::string toString() const;

  private:
    InputShard(int index, int count) : index_(index), count_(count) {}
    int index_ = 1;
    int count_ = 1;
};

}  // namespace xrayprep::app
