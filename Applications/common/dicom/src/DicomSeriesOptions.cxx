#include "cumed/app/DicomSeriesOptions.h"

#include "cumed/app/UsageError.h"

#include <cstdio>
#include <sstream>

namespace cumed::app {
namespace {

Json PatientStudyJson(const io::DicomPatientStudy& p) {
  return JsonObject()
      .Add("patient_name", p.patientName)
      .Add("patient_id", p.patientId)
      .Add("patient_birth_date", p.patientBirthDate)
      .Add("patient_sex", p.patientSex)
      .Add("study_instance_uid", p.studyInstanceUid)
      .Add("study_date", p.studyDate)
      .Add("study_time", p.studyTime)
      .Add("study_id", p.studyId)
      .Add("accession_number", p.accessionNumber)
      .Add("study_description", p.studyDescription)
      .Add("referring_physician_name", p.referringPhysicianName)
      .Add("frame_of_reference_uid", p.frameOfReferenceUid)
      .Value();
}

Json EntryJson(const io::DicomSeriesEntry& e, bool isDefault) {
  JsonObject object;
  object.Add("id", e.id).Add("series_uid", e.seriesUid).Add("part", e.part).Add("parts", e.parts);
  object.Add("directories", e.directories);
  if (e.seriesNumber >= 0)
    object.Add("series_number", e.seriesNumber);
  else
    object.AddNull("series_number");
  object.Add("modality", e.modality)
      .Add("series_description", e.seriesDescription)
      .Add("convolution_kernel", e.convolutionKernel)
      .Add("image_type", e.imageType)
      .Add("sop_class_uid", e.sopClassUid)
      .Add("files", e.files)
      .Add("slices", e.slices)
      .Add("slice_thickness", e.sliceThickness)
      .Add("orientation", e.orientation)
      .Add("tilt_degrees", e.tiltDegrees)
      .Add("columns", e.columns)
      .Add("rows", e.rows)
      .Add("patient_study", PatientStudyJson(e.patientStudy))
      .Add("localizer", e.localizer)
      .Add("derived", e.derived)
      .Add("standard_uid", e.standardUid)
      .Add("readable", e.readable)
      .Add("reason", e.reason)
      .Add("default", isDefault);
  return object.Value();
}

std::string Fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string Cell(std::string text, std::size_t width) {
  if (text.size() > width) text = text.substr(0, width - 1) + "~";
  return text + std::string(width + 1 - text.size(), ' ');
}

} // namespace

void AddDicomSeriesOptions(CommandLine& cli, DicomSeriesOptions& options) {
  cli.Text("--series", "SPEC",
           "DICOM input: the series to read: a SeriesInstanceUID (with a\n"
           "dot, or an id from --list-series), a SeriesNumber (digits), or\n"
           "a SeriesDescription or ConvolutionKernel (case ignored)\n"
           "(default: the best axial CT; a warning says why when there\n"
           "are several series)",
           options.series, "series");
  cli.Flag("--list-series",
           "DICOM input: list the series of the folder tree (with --json\n"
           "as JSON), which one is read by default and why, then exit",
           options.listSeries);
}

void CheckSeriesApplies(const DicomSeriesOptions& options, bool dicomDirectory,
                        const std::string& input) {
  if (!options.series.empty() && !dicomDirectory)
    throw UsageError("--series applies to a DICOM series directory; INPUT '" + input +
                     "' is not one");
}

Json SeriesListingJson(const io::DicomSeriesListing& listing) {
  Json series = Json::array();
  for (std::size_t i = 0; i < listing.series.size(); ++i)
    series.push_back(EntryJson(listing.series[i], int(i) == listing.defaultIndex));
  JsonObject object;
  object.Add("root", listing.root);
  if (listing.defaultIndex >= 0)
    object.Add("default_id", listing.series[listing.defaultIndex].id);
  else
    object.AddNull("default_id");
  object.Add("default_reason", listing.defaultReason)
      .Add("series", series)
      .Add("skipped_files", listing.skippedFiles)
      .Add("duplicate_files", listing.duplicateFiles);
  return object.Value();
}

std::string SeriesListingTable(const io::DicomSeriesListing& listing) {
  std::ostringstream out;
  out << listing.series.size() << " series under " << listing.root << "\n";
  out << "  " << Cell("number", 6) << Cell("modality", 8) << Cell("description", 20)
      << Cell("kernel", 8) << Cell("slices", 6) << Cell("thick", 5) << Cell("orientation", 11)
      << Cell("tilt", 5) << Cell("size", 9) << "id: readable, or why not\n";
  for (std::size_t i = 0; i < listing.series.size(); ++i) {
    const io::DicomSeriesEntry& e = listing.series[i];
    out << (int(i) == listing.defaultIndex ? "* " : "  ")
        << Cell(e.seriesNumber >= 0 ? std::to_string(e.seriesNumber) : "-", 6)
        << Cell(e.modality, 8) << Cell(e.seriesDescription, 20) << Cell(e.convolutionKernel, 8)
        << Cell(std::to_string(e.slices), 6) << Cell(Fixed(e.sliceThickness, 2), 5)
        << Cell(e.orientation, 11) << Cell(Fixed(e.tiltDegrees, 1), 5)
        << Cell(std::to_string(e.columns) + "x" + std::to_string(e.rows), 9) << e.id << ": "
        << (e.reason.empty() ? "readable" : (e.readable ? "readable, " : "") + e.reason) << "\n";
  }
  out << (listing.defaultIndex >= 0 ? "default: " + listing.series[listing.defaultIndex].id + ": "
                                    : "default: none: ")
      << listing.defaultReason;
  return out.str();
}

std::string ListSeriesText(const std::string& path, bool json, int threads) {
  io::DicomReadOptions options;
  options.threads = threads;
  const io::DicomSeriesListing listing = io::ListDicomSeries(path, options);
  return json ? JsonText(SeriesListingJson(listing)) : SeriesListingTable(listing);
}

} // namespace cumed::app
