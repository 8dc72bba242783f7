#!/usr/bin/env bash
# Runs the tests under sanitizers, then valgrind memcheck over the bad corpus.
#   address:   swift test --sanitize=address (ASan + LeakSanitizer) over Swift and the C bridge;
#              toolchain-internal leaks are suppressed by scripts/ci/lsan-suppressions.txt.
#   undefined: UBSan on the C bridge. `swift test --sanitize=undefined` cannot work on Linux with
#              Swift 6.3.1: swift-driver looks for libclang_rt.ubsan-x86_64.a, the toolchain ships
#              libclang_rt.ubsan_standalone-x86_64.a ("unsupported option '-sanitize=undefined'
#              for target"); Swift code has no UBSan anyway (debug builds keep Swift's own checks).
#              So the C target is built with -fsanitize=undefined (no recovery: UB aborts the test
#              run) and the standalone runtime is linked in.
#   memcheck:  scripts/ci/memcheck-bad.sh (valgrind over ../shared/corpus/bad).
# Usage: scripts/ci/sanitize.sh [all|address|undefined|memcheck]   (default all; run from anywhere);
# address-build and address-test are the two halves of address (CI runs the tests beside the mutants).
# FILTER=regex narrows the swift test runs (e.g. FILTER='BadCorpus|Bomb|FuzzRegression').
# Scratch paths .build/sanitize-* keep the normal .build untouched. Needs valgrind (apt).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
what=${1:-all}
cd "$root"
filter=${FILTER:+--filter "$FILTER"}
ubsan_runtime=$(dirname "$(dirname "$(command -v swift)")")/lib/swift/clang/lib/linux/libclang_rt.ubsan_standalone-x86_64.a

# The peak-memory tests are left to `swift test`: ASan's quarantine keeps freed memory on purpose, so
# RSS grows with the work done, and its shadow memory reserves more address space than any `ulimit -v`
# a test sets. The tests that repeat one path over many images or qualities (the smart-crop scoring
# sets, every quality as a byte budget, the float64 reference of the decode-scale bound over photos)
# are left to it too: the same paths run under ASan in the other tests of their suites.
address_skip="peakMemoryDoesNotGrowWithTheNumberOfFiles|underUlimitTheBigImageFailsAlone|inAMemoryCgroupThePeakStays|theMemoryEstimateHoldsTheSixteenBitRoute|memoryStaysFlatOverAThousandFrames|theMemoryEstimateHoldsAnAVIFSequence"
address_skip+="|findsTheSubjectInEveryRatio|attentionKeepsThe(Annotated|HeldOut)Subjects|attentionKeepsTheSubjectsOfTheOpenPart"
address_skip+="|everyQualitysSizeAsABudget|lossyBudgetsChooseTheHighestQualityThatFits"
address_skip+="|repeatedChromaOnlyWhereTheResamplerHidesIt|losslessOutputsKeepSmoothedChroma|lossyWebPsAtTheEdgeOfTheBoundStayWithinIt"
# Every corpus file through the binary to every format and the variants through the binary are left
# to swift test and to valgrind: memcheck-cli runs the binary over every bad file and a sample of every
# other corpus folder, to every written format, and VariantSetTests runs the variants' code under ASan.
address_skip+="|everyCorpusFileMeetsItsVerdict|EndToEndTests.VariantTests/"

build_address() {
    echo "== swift build --sanitize=address"
    # Optimized, as the README's test command (at -Onone the suite runs ~50x slower).
    swift build -Xswiftc -O --build-tests --sanitize=address --scratch-path .build/sanitize-address
}

test_address() {
    echo "== swift test --sanitize=address"
    LSAN_OPTIONS=suppressions=$root/scripts/ci/lsan-suppressions.txt \
        swift test -Xswiftc -O --skip-build --sanitize=address --scratch-path .build/sanitize-address \
        --skip "$address_skip" $filter
}

run_undefined() {
    echo "== swift test with the C bridge under -fsanitize=undefined"
    set -- -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
        -Xlinker --whole-archive -Xlinker "$ubsan_runtime" -Xlinker --no-whole-archive
    swift build --build-tests --scratch-path .build/sanitize-undefined "$@"
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        swift test --skip-build --scratch-path .build/sanitize-undefined "$@" $filter
}

run_memcheck() {
    echo "== valgrind memcheck over the bad corpus"
    "$root/scripts/ci/memcheck-bad.sh"
}

case $what in
address) build_address; test_address ;;
address-build) build_address ;;
address-test) test_address ;;
undefined) run_undefined ;;
memcheck) run_memcheck ;;
all) build_address; test_address; run_undefined; run_memcheck ;;
*) echo "usage: scripts/ci/sanitize.sh [all|address|address-build|address-test|undefined|memcheck]" >&2; exit 2 ;;
esac
echo "sanitize: $what passed"
