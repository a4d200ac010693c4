#pragma once
// A flat structuring element: a boolean mask of any size (even sizes included) with its centre at
// index size/2 along each axis, as ITK places it (an even mask behaves like the odd mask one
// larger with a false column appended). Stored as x-runs ("chords"), which is what every
// implementation iterates over: cost grows with the number of chords, not the area.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cumed::morphology {

/// A run of true mask pixels along x: offsets dx0 .. dx0+length-1 at row (dy, dz), relative to
/// the centre.
struct Chord {
  int dy = 0;
  int dz = 0;
  int dx0 = 0;
  int length = 0;
};

class StructuringElement {
public:
  /// Largest radius along one axis, in voxels. Far beyond any image axis CuMed handles; it keeps
  /// 2r+1 and the padding by r within int and refuses typing mistakes before any allocation.
  static constexpr int kMaxRadius = 1 << 16;
  /// Largest bounding box of an element, in voxels: the mask takes one byte per voxel (128 MiB),
  /// and every filter pass visits each member for each output voxel.
  static constexpr std::uint64_t kMaxBoxVoxels = std::uint64_t(1) << 27;

  /// Throws InvalidArgument naming `radius` when an axis is negative or above kMaxRadius, or when
  /// its box (2r+1 per axis) has more than kMaxBoxVoxels voxels. Every factory checks this first.
  static void CheckRadius(const std::array<int, 3>& radius);
  /// As CheckRadius, for a mask size: no zero extent, no axis above 2*kMaxRadius+1, at most
  /// kMaxBoxVoxels voxels (computed without overflow).
  static void CheckSize(const std::array<std::size_t, 3>& size);

  /// mask[x + size_x*(y + size_y*z)] != 0 marks a member. Throws InvalidArgument for a size
  /// CheckSize refuses or a mask whose length does not match.
  static StructuringElement FromMask(const std::array<std::size_t, 3>& size,
                                     const std::vector<std::uint8_t>& mask);
  /// The ellipsoid itk::FlatStructuringElement<3>::Ball(radius) makes (radius 0 on an axis: flat).
  static StructuringElement Ball(const std::array<int, 3>& radius);
  /// A ball whose radius is given in mm, for anisotropic voxels: radius_i = round(mm / spacing_i).
  static StructuringElement BallMillimetres(double radiusMm, const std::array<double, 3>& spacing);
  /// Radius per axis in voxels from a radius in mm (round to nearest), as BallMillimetres uses.
  /// Throws InvalidArgument for a radius that is not finite and >= 0, a spacing that is not
  /// finite and > 0, or a radius of more than kMaxRadius voxels on an axis (checked in double,
  /// before any conversion to int).
  static std::array<int, 3> RadiusFromMillimetres(double radiusMm,
                                                  const std::array<double, 3>& spacing);
  /// Every pixel of the (2r+1) box, as itk::FlatStructuringElement<3>::Box.
  static StructuringElement Box(const std::array<int, 3>& radius);
  /// The centre lines along each axis, as itk::FlatStructuringElement<3>::Cross.
  static StructuringElement Cross(const std::array<int, 3>& radius);

  const std::array<std::size_t, 3>& size() const noexcept { return size_; }
  /// Index of the centre pixel in the mask (size/2).
  std::array<int, 3> centre() const noexcept;
  bool contains(std::size_t x, std::size_t y, std::size_t z) const noexcept {
    return mask_[x + size_[0] * (y + size_[1] * z)] != 0;
  }
  const std::vector<std::uint8_t>& mask() const noexcept { return mask_; }
  const std::vector<Chord>& chords() const noexcept { return chords_; }
  std::size_t memberCount() const noexcept;
  bool empty() const noexcept { return chords_.empty(); }
  /// Largest |offset| of a member along each axis (the halo an implementation must read).
  std::array<int, 3> reach() const noexcept;
  /// The element mirrored through its centre (offset o -> -o), as a mask of odd size.
  StructuringElement reflected() const;
  /// True when the element is a full box (separable into three lines).
  bool isBox() const noexcept;

private:
  void buildChords();

  std::array<std::size_t, 3> size_{1, 1, 1};
  std::vector<std::uint8_t> mask_{1};
  std::vector<Chord> chords_;
};

} // namespace cumed::morphology
