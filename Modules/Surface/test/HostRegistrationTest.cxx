// Core's page-span arithmetic (HostRegistration.h), which the CUDA isosurface uses to page-lock
// a host volume in place and to pre-fault a fresh host mesh: CPU only, runs everywhere.
#include "cumed/core/HostRegistration.h"
#include "cumed/core/Error.h"
#include "cumed/test/RandomCases.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace {

using cumed::PageSpan;
using cumed::PageSpanOf;

TEST(PageSpan, CoversTheRangeWithWholePages) {
  constexpr std::size_t kPage = 4096;
  const PageSpan aligned = PageSpanOf(8 * kPage, 2 * kPage, kPage);
  EXPECT_EQ(aligned.begin, 8 * kPage);
  EXPECT_EQ(aligned.bytes, 2 * kPage);
  const PageSpan oneByte = PageSpanOf(8 * kPage + 17, 1, kPage);
  EXPECT_EQ(oneByte.begin, 8 * kPage);
  EXPECT_EQ(oneByte.bytes, kPage);
  const PageSpan straddling = PageSpanOf(8 * kPage + kPage - 1, 2, kPage); // last + first byte
  EXPECT_EQ(straddling.begin, 8 * kPage);
  EXPECT_EQ(straddling.bytes, 2 * kPage);
  const PageSpan empty = PageSpanOf(8 * kPage + 5, 0, kPage);
  EXPECT_EQ(empty.bytes, 0u);
  // The page below the last one (the last one's end is not representable: rejected below).
  const PageSpan top = PageSpanOf(UINTPTR_MAX - 2 * kPage + 2, kPage - 2, kPage);
  EXPECT_EQ(top.begin, UINTPTR_MAX - 2 * kPage + 1);
  EXPECT_EQ(top.bytes, kPage);
}

TEST(PageSpan, RejectsBadPageSizesAndWrappingRanges) {
  EXPECT_THROW(PageSpanOf(0, 10, 0), cumed::InvalidArgument);
  EXPECT_THROW(PageSpanOf(0, 10, 3000), cumed::InvalidArgument);
  EXPECT_THROW(PageSpanOf(UINTPTR_MAX - 10, 20, 4096), cumed::InvalidArgument);
  EXPECT_THROW(PageSpanOf(UINTPTR_MAX - 4095, 1, 4096), cumed::InvalidArgument); // end overflows
}

// Against a page-by-page count: the span is the smallest run of whole pages holding every byte.
TEST(PageSpan, RandomRangesMatchPageByPageCount) {
  cumed::test::ForEachRandomCase(200, [](cumed::test::RandomDraw& draw) {
    const std::size_t page = std::size_t(1) << draw.integer(0, 16);
    const auto address = static_cast<std::uintptr_t>(draw.integer(0, 1 << 30)) * 7919u;
    const auto bytes = static_cast<std::size_t>(draw.edgy(0, 1 << 20));
    const PageSpan span = PageSpanOf(address, bytes, page);
    if (bytes == 0) {
      EXPECT_EQ(span.bytes, 0u);
      return;
    }
    const std::uintptr_t firstPage = address / page, lastPage = (address + bytes - 1) / page;
    EXPECT_EQ(span.begin, firstPage * page) << "page " << page << " address " << address;
    EXPECT_EQ(span.bytes, (lastPage - firstPage + 1) * page)
        << "page " << page << " address " << address << " bytes " << bytes;
    EXPECT_LE(span.begin, address);
    EXPECT_GE(span.begin + span.bytes, address + bytes);
  });
}

TEST(HostPage, SizeIsAPowerOfTwo) {
  const std::size_t page = cumed::HostPageBytes();
  EXPECT_GE(page, 4096u);
  EXPECT_EQ(page & (page - 1), 0u);
}

// With or without a device, registering never throws and never touches the contents; moving the
// guard keeps one owner of the registration.
TEST(HostRegistration, LeavesContentsAloneAndMoves) {
  std::vector<std::int16_t> data(3 << 20);
  std::iota(data.begin(), data.end(), std::int16_t(-7));
  const std::vector<std::int16_t> before = data;
  {
    cumed::HostRegistration first(data.data() + 3, (data.size() - 5) * sizeof(std::int16_t),
                                  /*readOnly=*/true);
    const auto state = first.state();
    cumed::HostRegistration moved(std::move(first));
    EXPECT_EQ(moved.state(), state);
    EXPECT_EQ(first.state(), cumed::HostRegistration::State::Pageable);
    cumed::HostRegistration assigned;
    assigned = std::move(moved);
    EXPECT_EQ(assigned.state(), state);
  }
  EXPECT_EQ(data, before);
  const cumed::HostRegistration none(nullptr, 0, true);
  EXPECT_FALSE(none.pinned());
}

} // namespace
