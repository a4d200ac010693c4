#include "DicomSeriesSelection.h"

#include "DicomTags.h"
#include "NumberText.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <tuple>
#include <utility>

namespace cumed::io {

std::string DescribeSeriesEntry(const DicomSeriesEntry& entry) {
  std::string text = entry.modality.empty() ? "(no modality)" : entry.modality;
  if (entry.seriesNumber >= 0) text += " SeriesNumber " + std::to_string(entry.seriesNumber);
  if (!entry.seriesDescription.empty()) text += " '" + entry.seriesDescription + "'";
  if (!entry.convolutionKernel.empty()) text += " (kernel " + entry.convolutionKernel + ")";
  text += ", " + std::to_string(entry.slices) + (entry.slices == 1 ? " slice" : " slices");
  if (!entry.orientation.empty()) text += ", " + entry.orientation;
  if (entry.parts > 1)
    text += ", part " + std::to_string(entry.part) + " of " + std::to_string(entry.parts);
  return text + " [" + entry.id + "]";
}

namespace detail {
namespace {

bool IsCandidate(const DicomSeriesEntry& e) {
  return e.readable && !e.localizer;
}

// Smaller is better; the fields before the slice count decide the tier, the rest break ties.
auto Rank(const DicomSeriesEntry& e) {
  return std::make_tuple(e.derived, e.slices <= 1, e.modality != "CT", e.orientation != "axial",
                         -e.slices);
}
auto TieBreak(const DicomSeriesEntry& e) {
  return std::make_tuple(e.seriesNumber < 0 ? INT_MAX : e.seriesNumber, e.seriesUid, e.part);
}

std::string ShortName(const DicomSeriesEntry& e) {
  std::string text =
      e.seriesNumber >= 0 ? "SeriesNumber " + std::to_string(e.seriesNumber) : "UID " + e.id;
  if (!e.seriesDescription.empty()) text += " '" + e.seriesDescription + "'";
  if (!e.convolutionKernel.empty()) text += " (kernel " + e.convolutionKernel + ")";
  return text;
}

std::string Kind(const DicomSeriesEntry& e) {
  std::string kind = e.orientation.empty() ? "" : e.orientation + " ";
  kind += e.modality.empty() ? "(no modality)" : e.modality;
  if (e.derived) kind += " derived";
  return kind;
}

std::string CountWord(std::size_t n) {
  static const char* const words[] = {"no", "one", "two", "three", "four", "five", "six"};
  return n < 7 ? words[n] : std::to_string(n);
}

// Why `other` lost against the chosen entry.
std::string WhyNot(const DicomSeriesEntry& other, const DicomSeriesEntry& chosen,
                   const std::string& tieRule) {
  if (!other.reason.empty()) return other.reason;
  if (Rank(other) == Rank(chosen)) return "tie, " + tieRule;
  if (other.modality != chosen.modality) return "Modality " + other.modality + ", not CT";
  if (other.orientation != chosen.orientation) return other.orientation + ", not axial";
  return "fewer slices (" + std::to_string(other.slices) + " < " + std::to_string(chosen.slices) +
         ")";
}

std::string NotChosen(const std::vector<DicomSeriesEntry>& entries, std::size_t chosen,
                      const std::string& why, const std::string& tieRule) {
  std::string list;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i == chosen) continue;
    list += (list.empty() ? "" : "; ") + DescribeSeriesEntry(entries[i]) + ": " +
            (why.empty() ? WhyNot(entries[i], entries[chosen], tieRule) : why);
  }
  return list;
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

bool MatchesText(const DicomSeriesEntry& e, const std::string& spec) {
  const std::string wanted = Lower(spec);
  if (Lower(e.seriesDescription) == wanted || Lower(e.convolutionKernel) == wanted) return true;
  std::size_t start = 0; // each value of a multi-valued kernel ("B30f\2")
  while (true) {
    const std::size_t end = e.convolutionKernel.find('\\', start);
    if (Lower(e.convolutionKernel.substr(start, end == std::string::npos ? end : end - start)) ==
        wanted)
      return true;
    if (end == std::string::npos) return false;
    start = end + 1;
  }
}

SeriesChoice Requested(const std::vector<DicomSeriesEntry>& entries, std::size_t index,
                       const std::string& how) {
  return {index, "requested by " + how, NotChosen(entries, index, "not the series requested", "")};
}

} // namespace

std::string ListEntries(const std::vector<DicomSeriesEntry>& entries) {
  std::string list;
  for (const DicomSeriesEntry& e : entries)
    list += "\n  " + DescribeSeriesEntry(e) + ": " + (e.reason.empty() ? "readable" : e.reason);
  return list;
}

std::optional<SeriesChoice> ChooseDefaultSeries(const std::vector<DicomSeriesEntry>& entries) {
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (IsCandidate(entries[i])) candidates.push_back(i);
  if (candidates.empty()) return std::nullopt;
  std::sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
    return std::make_pair(Rank(entries[a]), TieBreak(entries[a])) <
           std::make_pair(Rank(entries[b]), TieBreak(entries[b]));
  });
  const DicomSeriesEntry& best = entries[candidates.front()];
  std::vector<std::size_t> tied;
  for (std::size_t i : candidates)
    if (Rank(entries[i]) == Rank(best)) tied.push_back(i);

  SeriesChoice choice;
  choice.index = candidates.front();
  std::string tieRule;
  if (tied.size() > 1) {
    const bool byNumber =
        best.seriesNumber >= 0 && entries[tied[1]].seriesNumber != best.seriesNumber;
    tieRule = byNumber ? "by the lowest SeriesNumber" : "by the smallest SeriesInstanceUID";
    std::string others;
    for (std::size_t k = 1; k < tied.size(); ++k)
      others += (k > 1 ? ", " : "") + ShortName(entries[tied[k]]);
    choice.reason = CountWord(tied.size()) + " " + Kind(best) + " series of " +
                    std::to_string(best.slices) + " slices: chose " + ShortName(best) + " over " +
                    others + " " + tieRule;
  } else if (entries.size() == 1) {
    choice.reason = "the only series";
  } else {
    choice.reason = "default rule (a readable CT that is not a localizer, derived or a single "
                    "slice; axial first; then the most slices): " +
                    DescribeSeriesEntry(best) + " among " + std::to_string(entries.size()) +
                    " series";
  }
  if (best.derived || best.slices <= 1)
    choice.reason += " (no better candidate: " + best.reason + ")";
  choice.notChosen = NotChosen(entries, choice.index, "", tieRule);
  return choice;
}

SeriesChoice ChooseRequestedSeries(const std::vector<DicomSeriesEntry>& entries,
                                   const std::string& spec, const std::string& root) {
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].id == spec) return Requested(entries, i, "UID " + spec);
  const bool isUid = spec.find('.') != std::string::npos;
  const bool isNumber = !spec.empty() && std::all_of(spec.begin(), spec.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
  const std::string how = isUid      ? "UID " + spec
                          : isNumber ? "SeriesNumber " + spec
                                     : "SeriesDescription or ConvolutionKernel '" + spec + "'";
  std::vector<std::size_t> matches;
  if (!isUid)
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const DicomSeriesEntry& e = entries[i];
      if (e.part != 1) continue;
      const std::optional<double> number = isNumber ? ParseNumber(spec) : std::nullopt;
      if (isNumber ? number && e.seriesNumber == *number : MatchesText(e, spec))
        matches.push_back(i);
    }
  if (matches.size() == 1) return Requested(entries, matches.front(), how);
  if (matches.empty())
    throw DicomError("no series with " + how + " in '" + root +
                     "'; it holds:" + ListEntries(entries));
  std::vector<DicomSeriesEntry> ambiguous;
  for (std::size_t i : matches) ambiguous.push_back(entries[i]);
  throw DicomError(std::to_string(matches.size()) + " series with " + how + " in '" + root +
                   "'; choose one by UID (--series UID):" + ListEntries(ambiguous));
}

SeriesChoice ChooseSeriesByUid(const std::vector<DicomSeriesEntry>& entries, const std::string& uid,
                               const std::string& root) {
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].id == uid) return Requested(entries, i, "UID " + uid);
  throw DicomError("no series with " + Describe(kSeriesInstanceUid) + " '" + uid + "' in '" + root +
                   "'; it holds:" + ListEntries(entries));
}

} // namespace detail
} // namespace cumed::io
