// Hostile image files, refused by every program that reads image files (cumed-morphology,
// cumed-isosurface, cumed-compare share the checks) before pixels are allocated or anything is
// computed: the exit status, the message naming the file and the sizes or field, no output.
// Valid files of each format pass the same checks (the refusals are not blanket ones).
#include "HostileFiles.h"
#include "ProgramRun.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

namespace fs = std::filesystem;
using namespace cumed::imageinputtest;

namespace {

struct Program {
  const char* name;
  const char* executable;
  int refusalStatus; // cumed-compare: 2 for a file it cannot read (1 is a difference)
};

const Program kMorphology{"cumed-morphology", CUMED_MORPHOLOGY_EXE, 1};
const Program kIsosurface{"cumed-isosurface", CUMED_ISOSURFACE_EXE, 1};
const Program kCompare{"cumed-compare", CUMED_COMPARE_EXE, 2};

cumed::apptest::RunResult RunOn(const Program& program, const fs::path& input,
                                const fs::path& directory) {
  std::vector<std::string> arguments;
  if (&program == &kMorphology) {
    arguments = {"--operation", "dilate", "--radius-vox", "1", input.string(), "result.mha"};
  } else if (&program == &kIsosurface) {
    arguments = {"--iso", "1", "--output", "result.vtp", input.string()};
  } else {
    arguments = {input.string(), WriteValidImage(directory / "baseline.mha").string()};
  }
  return cumed::apptest::RunProgram(program.executable, arguments, directory, program.name,
                                    directory);
}

void ExpectRefused(const Program& program, const fs::path& input, const std::string& needle) {
  const fs::path directory = input.parent_path();
  const auto run = RunOn(program, input, directory);
  EXPECT_EQ(run.exitCode, program.refusalStatus) << program.name << ": " << run.err;
  EXPECT_NE(run.err.find(std::string(program.name) + ": error: "), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("'" + input.string() + "'"), std::string::npos)
      << program.name << " does not name the file: " << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos)
      << program.name << ": expected '" << needle << "' in: " << run.err;
  EXPECT_FALSE(fs::exists(directory / "result.mha") || fs::exists(directory / "result.vtp"));
}

// ITK image files go to all three programs.
void ExpectRefusedByAll(const fs::path& input, const std::string& needle) {
  for (const Program* program : {&kMorphology, &kIsosurface, &kCompare}) {
    ExpectRefused(*program, input, needle);
  }
}

void ExpectAccepted(const Program& program, const fs::path& input) {
  const fs::path directory = input.parent_path();
  fs::remove(directory / "result.mha");
  fs::remove(directory / "result.vtp");
  const auto run = RunOn(program, input, directory);
  EXPECT_NE(run.exitCode, program.refusalStatus) << program.name << ": " << run.err;
  EXPECT_EQ(run.err.find("error"), std::string::npos) << run.err;
  fs::remove(directory / "result.mha");
  fs::remove(directory / "result.vtp");
}

} // namespace

// Finding 4: a header claiming 4 GiB (or 2^32 x 2 x 2 voxels) of a 100-byte file.
TEST(ImageFileInputSize, ClaimsBeyondTheFileLengthAreRefusedBeforeAllocating) {
  const fs::path work = FreshDirectory();
  // MetaIO would read 4294967296 into an int as another size.
  ExpectRefusedByAll(WriteMetaImage(work / "wide.mha", "4294967296 2 2", "", std::string(100, 'x')),
                     "header field DimSize = '4294967296 2 2': the value '4294967296' is not a "
                     "whole number from 1 to 2147483647");
  ExpectRefusedByAll(WriteMetaImage(work / "long.mha", "2147483647 2 2", "", std::string(100, 'x')),
                     "holds 100 bytes of pixel data after its 102-byte header; the header's size "
                     "and pixel type need 17179869176");
  ExpectRefusedByAll(WriteMetaImage(work / "gib.mha", "2048 2048 1024", "", std::string(72, '\0')),
                     "need 8589934592");
  ExpectRefusedByAll(
      WriteMetaImage(work / "overflow.mha", "2147483647 2147483647 2147483647", "", ""),
      "overflows 64 bits");
  ExpectRefusedByAll(WriteMetaImage(work / "zipped.mha", "2048 2048 1024",
                                    "CompressedData = True\n", Deflated(Int16Bytes(1000))),
                     "even compressed (deflate expands at most 1032 times)");
}

TEST(ImageFileInputSize, ImagesBeyondTheAvailableMemoryAreRefused) {
  const fs::path work = FreshDirectory();
  const fs::path valid = WriteValidImage(work / "valid.mha"); // 9x7x5 int16: 630 bytes
  ::setenv("CUMED_AVAILABLE_MEMORY", "1K", 1);
  ExpectRefused(kMorphology, valid,
                "of size 9x7x5 needs about 1260 bytes of memory; 1024 bytes are available "
                "(CUMED_AVAILABLE_MEMORY)");
  ExpectRefused(kCompare, valid, "needs about 5040 bytes of memory");
  ::setenv("CUMED_AVAILABLE_MEMORY", "2K", 1);
  ExpectAccepted(kMorphology, valid);
  ::setenv("CUMED_AVAILABLE_MEMORY", "lots", 1);
  const auto run = RunOn(kIsosurface, valid, work);
  ::unsetenv("CUMED_AVAILABLE_MEMORY");
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("CUMED_AVAILABLE_MEMORY='lots' is not a number of bytes"),
            std::string::npos)
      << run.err;
}

// Finding 10: short, corrupt and fake data.
TEST(ImageFileInputData, TruncatedRawDataAreRefused) {
  const fs::path work = FreshDirectory();
  ExpectRefusedByAll(WriteMetaImage(work / "half.mha", "4 4 4", "", Int16Bytes(32)),
                     "holds 64 bytes of pixel data after its 93-byte header; the header's size "
                     "and pixel type need 128");
  const fs::path nii = WriteValidImage(work / "valid.nii");
  ExpectRefusedByAll(Truncated(nii, work / "short.nii", SizeOf(nii) - 100),
                     "holds 530 bytes of pixel data after its 352-byte header");
  std::string values;
  for (int i = 0; i < 60; ++i) values += std::to_string(i) + " ";
  ExpectRefusedByAll(WriteMetaImage(work / "text.mha", "4 4 4", "BinaryData = False\n", values),
                     "holds 60 text values after its header; the header's size needs 64");
  std::ofstream(work / "short.nrrd", std::ios::binary)
      << "NRRD0004\ntype: short\ndimension: 3\nsizes: 4 4 4\nencoding: raw\nendian: little\n\n"
      << Int16Bytes(40);
  ExpectRefusedByAll(work / "short.nrrd", "holds 80 bytes of pixel data");
}

TEST(ImageFileInputData, CorruptOrShortCompressedDataAreRefused) {
  const fs::path work = FreshDirectory();
  const fs::path gz = WriteValidImage(work / "valid.nii.gz");
  ExpectRefusedByAll(Truncated(gz, work / "short.nii.gz", 300),
                     "the gzip data are truncated or corrupt");
  ExpectRefusedByAll(WriteMetaImage(work / "garbage.mha", "4 4 4", "CompressedData = True\n",
                                    std::string(100, 'x')),
                     "the compressed data are corrupt (zlib: incorrect header check)");
  const std::string stream = Deflated(Int16Bytes(64));
  ExpectRefusedByAll(WriteMetaImage(work / "cut.mha", "4 4 4", "CompressedData = True\n",
                                    stream.substr(0, stream.size() - 8)),
                     "the compressed data end before their stream does (truncated)");
  ExpectRefusedByAll(WriteMetaImage(work / "fewer.mha", "4 4 4", "CompressedData = True\n",
                                    Deflated(Int16Bytes(32))),
                     "decompress to 64 bytes; the header's size and pixel type need exactly 128");
}

TEST(ImageFileInputData, DataFilesThatAreNotFilesAreRefused) {
  const fs::path work = FreshDirectory();
  ExpectRefusedByAll(WriteMetaImage(work / "zero.mhd", "4 4 4", "", "", "/dev/zero"),
                     "its data file (ElementDataFile = '/dev/zero', /dev/zero) is not a regular "
                     "file");
  ExpectRefusedByAll(WriteMetaImage(work / "self.mhd", "4 4 4", "", "", "self.mhd"),
                     "its data file (ElementDataFile = 'self.mhd') is the header itself");
  ExpectRefusedByAll(WriteMetaImage(work / "dot.mhd", "4 4 4", "", "", "."),
                     "is not a regular file");
  ExpectRefusedByAll(WriteMetaImage(work / "gone.mhd", "4 4 4", "", "", "gone.raw"),
                     "does not exist");
}

// Found by cumed_fuzz.image_file: a MetaImage whose ElementType line ITK cannot parse ("=\r")
// passed ITK's header read, then ITK threw from GetComponentSize() outside any handler.
TEST(ImageFileInputData, AnUnparsablePixelTypeIsRefused) {
  const fs::path work = FreshDirectory();
  const fs::path file = work / "type.mha";
  std::ofstream(file, std::ios::binary)
      << "ElementTyp = Image\nNDims = 2\nBinaryData = True\nBinaryDataByteOrderMSB = False\n"
         "CompressedData = FalseRotation = 0 0\nElementSpacing = 1 1\nDimSize = 16 16\n"
         "AnatomicalOrientation = ??\nElementType =\r MET_SHORT\nElementDataFile = LOCAL\n"
      << std::string(512, '\1');
  ExpectRefusedByAll(file, "its pixel type is missing or unknown to ITK");
}

TEST(ImageFileInputData, ValidFilesOfEachFormatPass) {
  const fs::path work = FreshDirectory();
  for (const char* name : {"valid.mha", "valid.mhd", "valid.nii", "valid.nii.gz", "valid.nrrd"}) {
    const fs::path file = WriteValidImage(work / name);
    for (const Program* program : {&kMorphology, &kIsosurface, &kCompare}) {
      ExpectAccepted(*program, file);
    }
  }
  ExpectAccepted(kMorphology, WriteMetaImage(work / "raw.mha", "4 4 4", "", Int16Bytes(64)));
  ExpectAccepted(kMorphology, WriteMetaImage(work / "zlib.mha", "4 4 4", "CompressedData = True\n",
                                             Deflated(Int16Bytes(64))));
  std::string values;
  for (int i = 0; i < 64; ++i) values += std::to_string(i) + " ";
  ExpectAccepted(kMorphology,
                 WriteMetaImage(work / "text.mha", "4 4 4", "BinaryData = False\n", values));
  std::ofstream(work / "raw.nrrd", std::ios::binary)
      << "NRRD0004\ntype: short\ndimension: 3\nsizes: 4 4 4\nencoding: raw\nendian: little\n\n"
      << Int16Bytes(64);
  ExpectAccepted(kMorphology, work / "raw.nrrd");
  // scl_slope (byte 112) != 1: ITK reads the int16 data as float, the file still holds int16.
  ExpectAccepted(kMorphology, WithFloatAt(work / "valid.nii", work / "scaled.nii", 112, 2.0f));
  std::ofstream(work / "skip.raw", std::ios::binary) << std::string(50, 'x') << Int16Bytes(64);
  ExpectAccepted(kCompare,
                 WriteMetaImage(work / "skip.mhd", "4 4 4", "HeaderSize = 50\n", "", "skip.raw"));
}

// Finding 15: geometry that cannot place voxels, named by its field.
TEST(ImageFileInputGeometry, NonFiniteOrDegenerateGeometryIsRefusedNamingTheField) {
  const fs::path work = FreshDirectory();
  const std::string data = Int16Bytes(64);
  ExpectRefusedByAll(WriteMetaImage(work / "nan.mha", "4 4 4", "ElementSpacing = nan 1 1\n", data),
                     "header field ElementSpacing = 'nan 1 1': the value 'nan' is not finite");
  ExpectRefusedByAll(
      WriteMetaImage(work / "nandir.mha", "4 4 4", "TransformMatrix = 1 0 0 0 nan 0 0 0 1\n", data),
      "header field TransformMatrix = '1 0 0 0 nan 0 0 0 1': the value 'nan' is not finite");
  ExpectRefusedByAll(WriteMetaImage(work / "inf.mha", "4 4 4", "Offset = 0 inf 0\n", data),
                     "header field Offset = '0 inf 0': the value 'inf' is not finite");
  ExpectRefusedByAll(WriteMetaImage(work / "huge.mha", "4 4 4",
                                    "ElementSpacing = 1e308 1 1\nOffset = 1e308 0 0\n", data),
                     "the physical extent (origin + size x spacing) overflows on axis 0");
  ExpectRefusedByAll(WriteMetaImage(work / "zero.mha", "4 4 4", "ElementSpacing = 1 0 1\n", data),
                     "header field ElementSpacing = '1 0 1': the value '0' is not > 0");
  ExpectRefusedByAll(WriteMetaImage(work / "neg.mha", "4 4 4", "ElementSpacing = 1 1 -2\n", data),
                     "the value '-2' is not > 0");
  ExpectRefusedByAll(
      WriteMetaImage(work / "flat.mha", "4 4 4", "TransformMatrix = 1 0 0 1 0 0 0 0 1\n", data),
      "the matrix is singular (determinant 0)");
}

// Fuzz findings in ITK's MetaIO: CuMed refuses the headers it would crash or hang on, or read
// as another image, before MetaIO parses them (Applications/common/itk/src/MetaIoHeaderRules.h).
TEST(ImageFileInputMetaIo, FieldsLongerThanMetaIoBuffersAreRefused) {
  const fs::path work = FreshDirectory();
  const std::string data = Int16Bytes(64);
  // crash-f51e2c99: a 300-character name overflows MetaIO's 255-byte field name (strcpy).
  ExpectRefusedByAll(
      WriteMetaImage(work / "name.mha", "4 4 4", std::string(300, 'T') + " = 1\n", data),
      "header line 5 has the field name 'TTTT");
  ExpectRefusedByAll(
      WriteMetaImage(work / "name.mha", "4 4 4", std::string(300, 'T') + " = 1\n", data),
      "(300 characters)'; expected printable characters, at most 254 (MetaIO's limit)");
  ExpectRefusedByAll(WriteMetaImage(work / "comment.mha", "4 4 4",
                                    "Comment = " + std::string(300, 'c') + "\n", data),
                     "header field Comment = 'cccc");
  ExpectRefusedByAll(WriteMetaImage(work / "comment.mha", "4 4 4",
                                    "Comment = " + std::string(300, 'c') + "\n", data),
                     "is longer than 254 characters (MetaIO's limit)");
  // A line without '=': MetaIO would read the next line's name as its value.
  ExpectRefusedByAll(
      WriteMetaImage(work / "form.mha", "4 4 4", "BinaryDataByteOrder False\n", data),
      "header line 5 ('BinaryDataByteOrder False') is not 'Name = value'");
  ExpectRefusedByAll(WriteMetaImage(work / "empty.mha", "4 4 4", "ElementSpacing =\n", data),
                     "header field ElementSpacing = '' has no value");
  ExpectRefusedByAll(WriteMetaImage(work / "case.mha", "4 4 4", "elementspacing = 2 2 2\n", data),
                     "header field elementspacing is spelt ElementSpacing");
  ExpectRefusedByAll(WriteMetaImage(work / "twice.mha", "4 4 4", "DimSize = 2 2 2\n", data),
                     "header field DimSize appears twice");
  // Unknown fields that MetaIO keeps as text (ITK's metadata dictionary) are fine.
  ExpectAccepted(kMorphology,
                 WriteMetaImage(work / "extra.mha", "4 4 4", "0008|0060 = CT\n", data));
}

TEST(ImageFileInputMetaIo, DimensionCountsMetaIoWouldOverrunAreRefused) {
  const fs::path work = FreshDirectory();
  const std::string data = Int16Bytes(64);
  auto header = [&](const std::string& name, const std::string& nDims) {
    std::ofstream(work / name, std::ios::binary)
        << "ObjectType = Image\nNDims = " << nDims
        << "\nDimSize = 4 4 4\nElementType = MET_SHORT\nElementDataFile = LOCAL\n"
        << data;
    return work / name;
  };
  // timeout-0018b4b0: MetaIO reads NDims values per array, past its buffer, for ever.
  ExpectRefusedByAll(header("huge.mha", "29999999999999999999999999999999"),
                     "header field NDims = '29999999999999999999999999999999' is not a whole "
                     "number from 1 to 10");
  ExpectRefusedByAll(header("zero.mha", "0"), "NDims = '0' is not a whole number from 1 to 10");
  ExpectRefusedByAll(header("eleven.mha", "11"), "is not a whole number from 1 to 10");
  ExpectRefusedByAll(header("half.mha", "2.5"), "is not a whole number from 1 to 10");
  ExpectRefusedByAll(header("two.mha", "2"),
                     "header field DimSize = '4 4 4' holds 3 numbers; expected NDims (2) numbers");
  ExpectRefusedByAll(WriteMetaImage(work / "short.mha", "4 4", "", data),
                     "DimSize = '4 4' holds 2 numbers; expected NDims (3) numbers");
  ExpectRefusedByAll(
      WriteMetaImage(work / "matrix.mha", "4 4 4", "TransformMatrix = 1 0 0 1\n", data),
      "TransformMatrix = '1 0 0 1' holds 4 numbers; expected NDims x NDims (9) numbers");
  std::ofstream(work / "order.mha", std::ios::binary)
      << "DimSize = 4 4 4\nNDims = 3\nElementType = MET_SHORT\nElementDataFile = LOCAL\n"
      << data;
  ExpectRefusedByAll(work / "order.mha", "header field DimSize comes before NDims");
  ExpectRefusedByAll(WriteMetaImage(work / "hex.mha", "4 4 4", "Offset = 0x10 0 0\n", data),
                     "header field Offset = '0x10 0 0' holds '0x10', which is not a decimal "
                     "number");
}

TEST(ImageFileInputMetaIo, PixelLayoutsMetaIoDividesByAreRefused) {
  const fs::path work = FreshDirectory();
  const std::string data = Int16Bytes(64);
  // crash-0de3bb9e: a '%' pattern with a step of 0 divides by zero in MetaImage::ReadStream.
  ExpectRefusedByAll(
      WriteMetaImage(work / "pattern.mha", "4 4 4", "", data, "slice%d.raw 0 0"),
      "header field ElementDataFile = 'slice%d.raw 0 0' is a file name pattern ('%')");
  std::ofstream(work / "slice%d.raw", std::ios::binary) << data;
  ExpectRefusedByAll(WriteMetaImage(work / "one.mhd", "4 4 4", "", "", "slice%d.raw"),
                     "is a file name pattern ('%')");
  // Element sizes of 0 (MET_NONE, MET_OTHER) and MET_STRING, which is no pixel type.
  for (const std::string type : {"MET_NONE", "MET_OTHER", "MET_STRING"}) {
    const fs::path file = work / (type + ".mha");
    std::ofstream(file, std::ios::binary)
        << "NDims = 3\nDimSize = 4 4 4\nElementType = " << type << "\nElementDataFile = LOCAL\n"
        << data;
    ExpectRefusedByAll(file, "header field ElementType = '" + type +
                                 "' is not one of MetaIO's pixel types");
  }
  ExpectRefusedByAll(
      WriteMetaImage(work / "channels.mha", "4 4 4", "ElementNumberOfChannels = 0\n", data),
      "ElementNumberOfChannels = '0' is not a whole number from 1 to 1024");
  // MetaIO would allocate a negative CompressedDataSize as a huge buffer.
  ExpectRefusedByAll(WriteMetaImage(work / "stored.mha", "4 4 4",
                                    "CompressedData = True\nCompressedDataSize = -5\n",
                                    Deflated(Int16Bytes(64))),
                     "CompressedDataSize = '-5' is not a whole number from 0 to 9007199254740992");
}

// Fuzz finding (oom): a .nii without the n+1 magic was read as an Analyze header whose data lie
// elsewhere, so no data check applied and ITK allocated the 6 GB its dim[] claimed.
TEST(ImageFileInputNifti, SingleFilesWithoutTheirMagicAreRefused) {
  const fs::path work = FreshDirectory();
  const fs::path nii = WriteValidImage(work / "valid.nii");
  ExpectRefusedByAll(WithBytesAt(nii, work / "analyze.nii", 344, std::string("ni1\0", 4)),
                     "NIfTI header field magic = 'ni1\\x00' is not 'n+1', which a single .nii "
                     "file (header and data together) has");
  ExpectRefusedByAll(WithBytesAt(nii, work / "junk.nii", 344, "\x14\x01\x81\xff"),
                     "NIfTI header field magic = '\\x14\\x01\\x81\\xff' is not 'n+1'");
}

// Fuzz findings (crash, timeout): a NaN in srow_y with sform_code 1 made ITK's NIfTI reader abort
// (vnl_matrix::assert_finite in SetImageIOOrientationFromNIfTI) before CuMed's checks ran.
TEST(ImageFileInputNifti, NanOrientationIsRefusedBeforeItkReadsIt) {
  const fs::path work = FreshDirectory();
  const fs::path nii = WriteValidImage(work / "valid.nii");
  const std::int16_t sform = 1; // sform_code (byte 254): ITK reads srow
  const fs::path withSform = WithBytesAt(nii, work / "sform.nii", 254,
                                         std::string(reinterpret_cast<const char*>(&sform), 2));
  ExpectAccepted(kMorphology, withSform);
  ExpectRefusedByAll(WithFloatAt(withSform, work / "nansrow.nii", 296, std::nanf("")),
                     "header field NIfTI srow_y = 'nan ");
  ExpectRefusedByAll(WithFloatAt(withSform, work / "nansrow.nii", 296, std::nanf("")),
                     "': the value 'nan' is not finite");
  // Fuzz finding (timeout): srow_x[2] = 1.7e38 kept ITK's float SVD looping for ever.
  ExpectRefusedByAll(WithFloatAt(withSform, work / "huge.nii", 288, 1.7e38f),
                     "the value 1.7e+38 is beyond +-1e+18 (ITK's orientation solver overflows)");
  ExpectRefusedByAll(WithFloatAt(withSform, work / "quatern.nii", 256, 2.0f),
                     "header field NIfTI quatern_b/c/d = '2.000000 ");
  ExpectRefusedByAll(WithFloatAt(withSform, work / "quatern.nii", 256, 2.0f),
                     "the value 2 is beyond +-1 (a quaternion part)");
}

// Fuzz finding (crash): NrrdIO quotes a header line it cannot parse in a 1025-byte stack buffer;
// a line of about 1000 characters smashed the stack.
TEST(ImageFileInputNrrd, LongHeaderLinesAreRefusedBeforeNrrdIo) {
  const fs::path work = FreshDirectory();
  auto nrrd = [&](const std::string& name, std::size_t contentLength) {
    std::ofstream(work / name, std::ios::binary)
        << "NRRD0004\ntype: short\ndimension: 3\nsizes: 4 4 4\nencoding: raw\nendian: little\n"
        << "content: " << std::string(contentLength, 'c') << "\n\n"
        << Int16Bytes(64);
    return work / name;
  };
  ExpectRefusedByAll(nrrd("long.nrrd", 1000), "NRRD header line 7 ('content: cccc");
  ExpectRefusedByAll(nrrd("long.nrrd", 1000),
                     "(1009 characters)') is longer than 512 characters (NrrdIO's error messages "
                     "overflow on such lines)");
  ExpectAccepted(kMorphology, nrrd("fine.nrrd", 400));
}

TEST(ImageFileInputGeometry, NiftiGeometryIsCheckedAsWritten) {
  const fs::path work = FreshDirectory();
  const fs::path nii = WriteValidImage(work / "valid.nii");
  // pixdim[1] (byte 80): niftilib would quietly make a NaN 1.
  ExpectRefusedByAll(WithFloatAt(nii, work / "nan.nii", 80, std::nanf("")),
                     "header field NIfTI pixdim = 'nan 0.750000 1.250000': the value 'nan' is not "
                     "finite");
  // qoffset_x (byte 268) and pixdim[1]: finite, but beyond what ITK's orientation solver takes
  // (and, as a surface, beyond a float's range); refused before ITK reads them.
  const fs::path big = WithFloatAt(nii, work / "big0.nii", 80, 3e38f);
  ExpectRefusedByAll(WithFloatAt(big, work / "big.nii", 268, 3e38f),
                     "header field NIfTI pixdim = '300000000549775575777803994281145270272.000000 "
                     "0.750000 1.250000': the value 3e+38 is beyond +-1e+18");
}

// Finding 15: an output name ITK will not write is refused before the input's pixels are read.
TEST(ImageFileInputOutputName, UpperCaseExtensionsAreRefusedBeforeComputing) {
  const fs::path work = FreshDirectory();
  const fs::path input = WriteValidImage(work / "valid.mha");
  for (const char* output : {"O.MHA", "O.NII", "O.nii.GZ"}) {
    const auto run = cumed::apptest::RunProgram(
        CUMED_MORPHOLOGY_EXE, {"--operation", "dilate", "--radius-vox", "1", "valid.mha", output},
        work, "upper", work);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(std::string("OUTPUT '") + output +
                           "': ITK writes image files by their extension, matched "
                           "case-sensitively; use one of .mha, .mhd, .nrrd, .nii, .nii.gz"),
              std::string::npos)
        << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_FALSE(fs::exists(work / output));
  }
}

// The same checks for cumed-isosurface's VTK XML images.
TEST(ImageFileInputVti, HostileVtiFilesAreRefused) {
  const fs::path work = FreshDirectory();
  const std::string extent = "0 3 0 3 0 3";
  ExpectAccepted(kIsosurface, WriteVti(work / "valid.vti", extent, "1 1 1", "0 0 0", 256, 256));
  ExpectRefused(kIsosurface, WriteVti(work / "short.vti", extent, "1 1 1", "0 0 0", 128, 256),
                "the appended data of array 's' declare 256 bytes, but only 129 bytes of data "
                "follow: the file is truncated");
  ExpectRefused(kIsosurface, WriteVti(work / "nan.vti", extent, "1 nan 1", "0 0 0", 256, 256),
                "header field Spacing = '1 nan 1': the value 'nan' is not finite");
  ExpectRefused(kIsosurface, WriteVti(work / "neg.vti", extent, "1 1 -1", "0 0 0", 256, 256),
                "the value '-1' is not > 0");
  ExpectRefused(kIsosurface,
                WriteVti(work / "huge.vti", extent, "1e308 1 1", "1e308 0 0", 256, 256),
                "the physical extent (origin + size x spacing) overflows on axis 0");
  ExpectRefused(kIsosurface,
                WriteVti(work / "wide.vti", "0 2047 0 2047 0 1023", "1 1 1", "0 0 0", 256, 256),
                "claims 4294967296 bytes (4096 MiB) of image data");
}
