// The scan with AVX2 (face_model.h), for face_detector.cpp to choose on a CPU that has it. The package
// takes no compiler flags, so the AVX2 code comes from a target attribute on every function dlib and
// face_model.h declare here, and dlib's SIMD switches set by hand. Two rules keep it off other CPUs:
// - the standard headers are read first, outside the attribute, so the library code this file
//   shares with face_scan.cpp (std::vector<float> and the like) is built for any x86-64 in both;
// - dlib's namespace is renamed, so none of its templates is instantiated under the same name as
//   face_scan.cpp's (the linker would keep one of the two).
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <clocale>
#include <cmath>
#include <compare>
#include <complex>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cwchar>
#include <cwctype>
#include <deque>
#include <exception>
#include <forward_list>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <ratio>
#include <set>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#define DLIB_HAVE_SSE2
#define DLIB_HAVE_SSE3
#define DLIB_HAVE_SSE41
#define DLIB_HAVE_AVX
#define DLIB_HAVE_AVX2
#define dlib dlib_avx2

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

// As in face_scan.cpp: Debian's config.h read once, BLAS and LAPACK undone.
#include <dlib/assert.h>
#include <dlib/test_for_odr_violations.h>
#undef DLIB_USE_BLAS
#undef DLIB_USE_LAPACK
#include <dlib/image_processing/frontal_face_detector.h>

#include "face_model.h"

std::vector<cfd_face> cfd::scan_avx2(const uint8_t *grey, int width, int height, int stride, double adjust) {
    return scan_faces(grey, width, height, stride, adjust);
}

#pragma clang attribute pop
