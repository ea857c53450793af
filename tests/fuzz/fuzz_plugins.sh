#!/usr/bin/env bash
# Fuzzes each plugin with pluzzle-fuzz (build it first: cmake --preset fuzz && cmake --build build-fuzz --target
# pluzzle-fuzz pluzzle_plugins), then minimises what it found into tests/fuzz/corpus/<id>, which ctest replays on
# every run (FuzzReplay.<id>). Findings (crash-*, leak-*, timeout-*, oom-*) stay in the work folder: fix the bug,
# then copy the input into tests/fuzz/regressions/<id>/ so it is replayed for good.
#
#   tests/fuzz/fuzz_plugins.sh RUNS [PLUGIN...]     e.g. tests/fuzz/fuzz_plugins.sh 10000000 kami loop
#
# RUNS is the executions per plugin (libFuzzer's -runs). FUZZ_WORK (default /tmp/pluzzle-fuzz) keeps the full
# corpora between runs, so a later run goes on from where the last stopped. FUZZ_JOBS (default 1) runs that many
# fuzzing processes per plugin, each doing RUNS/FUZZ_JOBS. FUZZ_SECONDS caps each plugin's time (libFuzzer's
# -max_total_time): the table then shows how many executions fitted. Each run appends its count to
# tests/fuzz/ledger/<id> (committed with the corpus it grew: machines come and go, the count stays with the code),
# and the table's last column sums the ledger: the goal of 10^7 executions a plugin is met over several runs.
# FUZZ_MAX_LEN caps an input's size (libFuzzer's -max_len); by default four times the plugin's largest seed level,
# at least 4096 bytes (libFuzzer's own floor) and at most 16384.
# Re-minimise a corpus that has grown by a third (CI replays it, under ASan too), keeping every coverage feature:
#   build-fuzz/bin/pluzzle-fuzz build-fuzz/lib/pluzzle/plugins/pluzzle_ID.so -merge=1 -rss_limit_mb=4096 -timeout=30 \
#       EMPTY_DIR tests/fuzz/corpus/ID      then replace tests/fuzz/corpus/ID with EMPTY_DIR's files.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:?usage: tests/fuzz/fuzz_plugins.sh RUNS [PLUGIN...]}
shift
plugins=("$@")
[ ${#plugins[@]} -gt 0 ] || plugins=(nonogram sliceit celladd loop kami lightsout sudoku)
fuzz=build-fuzz/bin/pluzzle-fuzz
work=${FUZZ_WORK:-/tmp/pluzzle-fuzz}
jobs=${FUZZ_JOBS:-1}
# No allocation and free stacks kept for ASan's reports: finding a bug is unchanged (the faulting access's own stack
# is still printed), and a finding is re-run for the full report by pluzzle-fuzz-replay or under the asan preset.
# Recording them was a tenth of the fuzzer's time (perf: stack unwinding and the stack depot, per allocation);
# each kami corpus input run once: 40.7 and 44.4 s with them, 35.1 and 38.0 s without (docs/BENCHMARKS.md).
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0}
[ -x "$fuzz" ] || { echo "no $fuzz: cmake --preset fuzz && cmake --build build-fuzz --target pluzzle-fuzz pluzzle_plugins" >&2; exit 2; }
head=$(git rev-parse --short HEAD) # the code being fuzzed: a commit made while a run goes on is not it
printf '%-10s %12s %10s %8s %9s %8s %s\n' plugin executions exec/s corpus findings seconds 'all runs'
for id in "${plugins[@]}"; do
  so=build-fuzz/lib/pluzzle/plugins/pluzzle_$id.so
  dict=plugins/$id/fuzz.dict
  [ "$id" = lightsout ] && dict=sdk/template/fuzz.dict
  seeds=data/$id
  [ -d "$seeds" ] || seeds=sdk/examples/$id/data # the SDK's examples keep their levels beside their source
  ledger=tests/fuzz/ledger/$id
  mkdir -p "$work/$id/corpus" "$work/$id/findings" tests/fuzz/corpus/$id tests/fuzz/ledger
  extra=()
  [ -f "$dict" ] && extra+=(-dict="$dict")
  [ -n "${FUZZ_SECONDS:-}" ] && extra+=(-max_total_time="$FUZZ_SECONDS")
  # Inputs grow toward -max_len as a run goes on (loop: 1,500/s at the start, 1,000/s once they reached 16 KB). A cap
  # a few times the largest real level still tries levels larger than any seed; it did not stop kami's rate falling
  # (boards with more cells fit within it: docs/BENCHMARKS.md).
  largest=$(find "$seeds" -type f ! -name '*.md' -printf '%s\n' | sort -n | tail -1)
  max_len=${FUZZ_MAX_LEN:-$(( 4 * ${largest:-0} ))}
  [ -n "${FUZZ_MAX_LEN:-}" ] || { [ "$max_len" -ge 4096 ] || max_len=4096; [ "$max_len" -le 16384 ] || max_len=16384; }
  start=$(date +%s)
  per_job=$(( runs / jobs ))
  for j in $(seq 1 "$jobs"); do
    # -timeout: a level that passed validate may not take 10 s under the tiny limits (rule 5: no hang)
    "$fuzz" "$so" "$work/$id/corpus" tests/fuzz/corpus/$id "$seeds" "${extra[@]}" -runs="$per_job" \
      -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" -print_final_stats=1 \
      -artifact_prefix="$work/$id/findings/" >"$work/$id/log.$j" 2>&1 &
  done
  wait || true
  seconds=$(( $(date +%s) - start ))
  executed=$(grep -h "stat::number_of_executed_units" "$work/$id"/log.* | awk '{s += $2} END {print s + 0}')
  # Minimise into the replayed corpus: only inputs that add coverage, kept small for the repository.
  "$fuzz" "$so" -merge=1 tests/fuzz/corpus/$id "$work/$id/corpus" >"$work/$id/merge.log" 2>&1 || true
  findings=$(find "$work/$id/findings" -type f | wc -l)
  echo "$(date -u +%FT%TZ) $head executions=$executed seconds=$seconds findings=$findings max_len=$max_len" \
    >>"$ledger"
  total=$(sed -n 's/.* executions=\([0-9]*\) .*/\1/p' "$ledger" | awk '{s += $1} END {print s + 0}')
  printf '%-10s %12s %10s %8s %9s %8s %s\n' "$id" "$executed" "$(( executed / (seconds > 0 ? seconds : 1) ))" \
    "$(ls tests/fuzz/corpus/$id | wc -l)" "$findings" "$seconds" "$total"
done
