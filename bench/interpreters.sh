# Sourced by the benchmark scripts: the Pythons and the binary they run unless told otherwise (the
# venvs bench/setup.sh makes, else python3; the release build). Paths are from the project root.
PY=${PY:-}
[ -z "$PY" ] && { [ -x .bench/pillow/bin/python ] && PY=.bench/pillow/bin/python || PY=python3; }
PILLOW_SIMD_PY=${PILLOW_SIMD_PY:-}
[ -z "$PILLOW_SIMD_PY" ] && [ -x .bench/simd/bin/python ] && PILLOW_SIMD_PY=.bench/simd/bin/python
AF=${ASPECTFIT:-.build/release/aspectfit}
