// Force-included (-include) into the C++ sources of the "fuzz" preset only. Debian 12's ITK 5.2
// ships an itk_compiler_detection.h generated for GCC alone: with clang it stops at "#error
// Unsupported compiler". This defines its include guard and the macros it would define for a
// C++17 compiler, so that ITK's headers compile with clang (libFuzzer needs clang).
#pragma once
#ifdef __cplusplus
#define ITK_COMPILER_DETECTION_H
#define ITK_COMPILER_IS_Clang 1
#define ITK_COMPILER_IS_GNU 0
#define ITK_COMPILER_CXX_STATIC_ASSERT 1
#define ITK_ALIGNAS(X) alignas(X)
#define ITK_ALIGNOF(X) alignof(X)
#define ITK_DEPRECATED [[deprecated]]
#define ITK_DEPRECATED_MSG(MSG) [[deprecated(MSG)]]
#define ITK_CONSTEXPR constexpr
#define ITK_DELETED_FUNCTION = delete
#define ITK_EXTERN_TEMPLATE extern
#define ITK_FINAL final
#define ITK_NOEXCEPT noexcept
#define ITK_NOEXCEPT_EXPR(X) noexcept(X)
#define ITK_NULLPTR nullptr
#define ITK_OVERRIDE override
#define ITK_STATIC_ASSERT(X) static_assert(X, #X)
#define ITK_STATIC_ASSERT_MSG(X, MSG) static_assert(X, MSG)
#define ITK_THREAD_LOCAL thread_local
#endif
