#include "ThoraxAnatomy.h"

#include "cumed/core/Error.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cumed::data::detail {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Hounsfield values of the tissues. Everything below bone stays under 300 HU even with the
// largest allowed noise (4 sigma of 25 HU over 180 HU), so a 300 HU isosurface is bone only.
constexpr double kAirHu = -1000;
constexpr double kSkinHu = 30;
constexpr double kFatHu = -100;
constexpr double kMuscleHu = 45;
constexpr double kSoftTissueHu = 30; // mediastinum and the abdomen below the diaphragm
constexpr double kLungHu = -850;
constexpr double kPulmonaryVesselHu = 100;
constexpr double kMyocardiumHu = 45;
constexpr double kBloodPoolHu = 150; // contrast-enhanced
constexpr double kAortaHu = 180;     // contrast-enhanced
constexpr double kDiscHu = 80;
constexpr double kCorticalBoneHu = 1000;
constexpr double kCancellousBoneHu = 480; // >= 450 so the inside of bone is well above 300
constexpr double kVertebralArchHu = 750;
constexpr double kRibHu = 850;
constexpr double kSternumHu = 700;

// The reference thorax (mm, LPS: x to the patient's left, y posterior, z superior) fills a
// 358.4 mm field of view in-plane and 300 mm along z; `Frame` scales it down to smaller fields.
constexpr double kReferenceBodyHalfWidthWithMargin = 170;
constexpr double kReferenceHalfLength = 150;

struct Frame {
  double k = 1;                           ///< in-plane scale
  double kz = 1;                          ///< axial scale
  double halfX = 0, halfY = 0, halfZ = 0; ///< centre of the first voxel to the volume's centre
  double boneZMin = 0, boneZMax = 0;      ///< bone (centrelines and caps) stays within these
  Vec3 P(double x, double y, double t) const { return {k * x, k * y, kz * t}; }
};

Frame MakeFrame(const CtPhantomParameters& p, double rampHalfWidth) {
  Frame f;
  f.halfX = 0.5 * (p.size[0] - 1) * p.spacing[0];
  f.halfY = 0.5 * (p.size[1] - 1) * p.spacing[1];
  f.halfZ = 0.5 * (p.size[2] - 1) * p.spacing[2];
  // Keep at least 4 voxels of air around the body.
  const double usableHalf = std::min(f.halfX - 4 * p.spacing[0], f.halfY - 4 * p.spacing[1]);
  f.k = std::min(1.0, usableHalf / kReferenceBodyHalfWidthWithMargin);
  f.kz = std::min(1.0, f.halfZ / kReferenceHalfLength);
  // Two clear voxels at each end, the partial-volume ramp, and half a voxel to spare.
  const double endMargin = 2.5 * p.spacing[2] + rampHalfWidth;
  f.boneZMax = f.halfZ - endMargin;
  f.boneZMin = -f.boneZMax;
  return f;
}

PhysicalPoint ToPoint(Vec3 v) {
  PhysicalPoint p;
  p[0] = v.x;
  p[1] = v.y;
  p[2] = v.z;
  return p;
}

Vec3 Mirrored(Vec3 v, double side) {
  return {side * v.x, v.y, v.z};
}

void AddBodyWall(const Frame& f, ThoraxAnatomy& a) {
  const double k = f.k;
  a.layers.push_back({"skin", EllipticCylinder{0, 0, 160 * k, 112 * k}, {kSkinHu}});
  a.layers.push_back({"subcutaneous fat", EllipticCylinder{0, 0, 158 * k, 110 * k}, {kFatHu}});
  a.layers.push_back({"muscle", EllipticCylinder{0, 0, 147 * k, 99 * k}, {kMuscleHu}});
  a.layers.push_back({"thoracic cavity", EllipticCylinder{0, 0, 128 * k, 82 * k}, {kSoftTissueHu}});
  a.landmarks.outsideBody = ToPoint({0, -0.5 * (112 * k + f.halfY), 0});
  a.landmarks.subcutaneousFat = ToPoint(f.P(152.5, 0, 0));
  a.landmarks.muscle = ToPoint(f.P(25, 89, 0)); // paraspinal, clear of ribs and processes
}

// Lungs, with a small pulmonary vessel tree and the airways, in lung-normalised coordinates u
// (centre + u * semi-axes; u.x > 0 lateral) so they scale with the lung.
void AddLungs(const Frame& f, ThoraxAnatomy& a) {
  const Vec3 semi = f.P(58, 80, 130);
  // The lungs fill the chest up to a thin layer inside the cavity wall.
  const EllipticCylinder chestWall{0, 0, 124 * f.k, 78 * f.k};
  struct Branch {
    Vec3 main;
    Vec3 children[2];
  };
  const Vec3 hilum{-0.55, 0, 0.05};
  const Branch branches[] = {
      {{0.05, -0.45, 0.45}, {{0.3, -0.5, 0.55}, {0.45, -0.3, 0.3}}},   // upper anterior
      {{0.1, 0.45, 0.4}, {{0.3, 0.55, 0.5}, {0.5, 0.3, 0.25}}},        // upper posterior
      {{0.1, -0.4, -0.45}, {{0.3, -0.5, -0.55}, {0.5, -0.2, -0.3}}},   // lower anterior
      {{0.15, 0.45, -0.5}, {{0.3, 0.55, -0.55}, {0.55, 0.25, -0.35}}}, // lower posterior
  };
  const Vec3 carina = f.P(0, 8, 40);
  a.layers.push_back(
      {"trachea", Tube({f.P(0, 8, 0) + Vec3{0, 0, f.halfZ + 10}, carina}, 8 * f.k), {kAirHu}});
  a.landmarks.trachea = ToPoint(f.P(0, 8, 55));

  for (const double side : {-1.0, 1.0}) { // -1: the patient's right, +1: left
    const Vec3 center = f.P(side * 74, 4, 10);
    const auto at = [&](Vec3 u) {
      return center + Vec3{side * u.x * semi.x, u.y * semi.y, u.z * semi.z};
    };
    const char* lungName = side < 0 ? "right lung" : "left lung";
    a.layers.push_back(
        {lungName, ClippedEllipsoid{{center, semi}, chestWall}, {kLungHu, 0.4, 12, center.y}});
    for (const Branch& b : branches) {
      a.layers.push_back(
          {"pulmonary vessel", Tube({at(hilum), at(b.main)}, 4 * f.k), {kPulmonaryVesselHu}});
      for (const Vec3& child : b.children) {
        a.layers.push_back(
            {"pulmonary vessel", Tube({at(b.main), at(child)}, 2.5 * f.k), {kPulmonaryVesselHu}});
      }
    }
    a.layers.push_back(
        {"main bronchus", Tube({carina, at({-0.45, 0.1, 0.1})}, 5.5 * f.k), {kAirHu}});
    (side < 0 ? a.landmarks.rightLung : a.landmarks.leftLung) = ToPoint(center);
  }
}

void AddHeartAndAorta(const Frame& f, ThoraxAnatomy& a) {
  const Vec3 heartCenter = f.P(18, -28, -60);
  const Vec3 heartSemi = f.P(56, 44, 50);
  a.layers.push_back({"myocardium", Ellipsoid{heartCenter, heartSemi}, {kMyocardiumHu}});
  a.layers.push_back({"blood pool", Ellipsoid{heartCenter, 0.7 * heartSemi}, {kBloodPoolHu}});
  a.landmarks.heartBloodPool = ToPoint(heartCenter);

  // One polyline from the aortic root up the ascending aorta, over the arch (bowed to the left
  // of the trachea) and down the descending aorta past the bottom of the volume.
  const Vec3 ascending = f.P(-8, -30, 0), descending = f.P(24, 24, 0);
  const Vec3 middle = 0.5 * (ascending + descending), bow = f.P(18, -6, 0);
  std::vector<Vec3> path{ascending + Vec3{0, 0, -40 * f.kz}};
  constexpr int kArchSegments = 10;
  for (int i = 0; i <= kArchSegments; ++i) {
    const double phi = kPi * i / kArchSegments;
    const Vec3 inPlane = middle + std::cos(phi) * (ascending - middle) + std::sin(phi) * bow;
    path.push_back(inPlane + Vec3{0, 0, (70 + 22 * std::sin(phi)) * f.kz});
  }
  path.push_back(descending + Vec3{0, 0, -f.halfZ - 10});
  a.layers.push_back({"aorta", Tube(std::move(path), 12 * f.k), {kAortaHu}});
  a.landmarks.descendingAorta = ToPoint(descending);
}

// Vertebrae stacked over the whole usable length: body (cortical shell, cancellous core) on a
// column of disc material; posterior arch, transverse and spinous processes as profiles extruded
// over most of the body's height.
void AddSpine(const Frame& f, ThoraxAnatomy& a) {
  const double k = f.k, kz = f.kz;
  const double bodyRadius = 16 * k, bodyHalfHeight = 10 * kz, pitch = 26 * kz;
  const double archRadius = 3.5 * k, processRadius = 4 * k, processHalfHeight = 6 * kz;
  const double usable = f.boneZMax - f.boneZMin - 2 * bodyHalfHeight;
  if (usable < 0) {
    std::ostringstream message;
    message << "CT phantom: the field of view along z (" << 2 * f.halfZ
            << " mm between the first and last slice centres) is too short for the spine with"
               " these voxel sizes: bone must stay two voxels plus its edge ramp ("
            << f.halfZ - f.boneZMax << " mm) away from each end; use more slices";
    throw cumed::InvalidArgument(message.str());
  }
  const int count = static_cast<int>(std::floor(usable / pitch)) + 1;
  const double firstZ = -0.5 * (count - 1) * pitch;
  const Vec3 bodyAxis = f.P(0, 45, 0);

  a.layers.push_back({"intervertebral discs",
                      CappedCylinder{bodyAxis, bodyRadius, -firstZ + bodyHalfHeight},
                      {kDiscHu}});
  const Vec3 canal = f.P(0, 68, 0);
  const double ringRadius = 10.5 * k;
  for (int i = 0; i < count; ++i) {
    const Vec3 z{0, 0, firstZ + i * pitch};
    const Vec3 center = bodyAxis + z;
    a.layers.push_back({"vertebral cortex",
                        CappedCylinder{center, bodyRadius, bodyHalfHeight},
                        {kCorticalBoneHu}});
    a.layers.push_back({"vertebral cancellous bone",
                        CappedCylinder{center, bodyRadius - 2 * k, bodyHalfHeight - 2 * kz},
                        {kCancellousBoneHu}});
    // Arch around the spinal canal, from one pedicle to the other through the lamina.
    std::vector<Vec3> arch;
    for (int degrees = -50; degrees <= 230; degrees += 20) {
      const double angle = degrees * kPi / 180;
      arch.push_back(canal + ringRadius * Vec3{std::cos(angle), std::sin(angle), 0});
    }
    const auto posteriorElement = [&](const char* name, std::vector<Vec3> profile, double radius) {
      a.layers.push_back({name,
                          ExtrudedTube(std::move(profile), radius, center.z, processHalfHeight),
                          {kVertebralArchHu}});
    };
    posteriorElement("vertebral arch", std::move(arch), archRadius);
    posteriorElement("spinous process", {canal + Vec3{0, ringRadius, 0}, f.P(0, 93, 0)},
                     processRadius);
    for (const double side : {-1.0, 1.0}) {
      posteriorElement("transverse process", {f.P(side * 10.3, 66, 0), f.P(side * 30, 72, 0)},
                       processRadius);
    }
    a.landmarks.vertebralBodyCenters.push_back(ToPoint(center));
    if (i > 0) a.landmarks.discCenters.push_back(ToPoint(center - Vec3{0, 0, 0.5 * pitch}));
  }
}

// Six pairs of ribs: from beside the transverse processes around the chest wall (an ellipse
// between muscle and cavity) to the front, sloping down anteriorly; and the sternum.
void AddRibCageAndSternum(const Frame& f, ThoraxAnatomy& a) {
  constexpr int kPairs = 6;
  constexpr int kArcSegments = 16;
  const double ribRadius = std::min(4.5 * f.k, 0.5 * (f.boneZMax - f.boneZMin));
  const double top = std::min(110 * f.kz, f.boneZMax - ribRadius);
  const double bottom = std::max(-85 * f.kz, f.boneZMin + ribRadius);
  const double span = std::max(0.0, top - bottom);
  const double drop = std::min(40 * f.kz, 0.3 * span);
  const double step = (span - drop) / (kPairs - 1);
  const double startAngle = 65 * kPi / 180, endAngle = -55 * kPi / 180;
  for (int i = 0; i < kPairs; ++i) {
    const double posteriorZ = top - i * step;
    for (const double side : {-1.0, 1.0}) {
      std::vector<Vec3> path{Mirrored(f.P(40, 76, 0), side) + Vec3{0, 0, posteriorZ}};
      for (int s = 0; s <= kArcSegments; ++s) {
        const double fraction = static_cast<double>(s) / kArcSegments;
        const double angle = startAngle + fraction * (endAngle - startAngle);
        const Vec3 onWall = f.P(137 * std::cos(angle), 91 * std::sin(angle), 0);
        path.push_back(Mirrored(onWall, side) + Vec3{0, 0, posteriorZ - fraction * drop});
      }
      a.layers.push_back({"rib", Tube(std::move(path), ribRadius), {kRibHu}});
      const double lateralFraction = startAngle / (startAngle - endAngle);
      a.landmarks.ribPoints.push_back(ToPoint(Mirrored(f.P(137, 0, 0), side) +
                                              Vec3{0, 0, posteriorZ - lateralFraction * drop}));
    }
  }

  const double sternumRadius = std::min(6 * f.k, 0.5 * (f.boneZMax - f.boneZMin));
  const double sternumTop = std::min(95 * f.kz, f.boneZMax - sternumRadius);
  const double sternumBottom = std::max(-70 * f.kz, f.boneZMin + sternumRadius);
  if (sternumTop > sternumBottom) {
    a.layers.push_back(
        {"sternum",
         Tube({f.P(0, -88, 0) + Vec3{0, 0, sternumBottom}, f.P(0, -88, 0) + Vec3{0, 0, sternumTop}},
              sternumRadius),
         {kSternumHu}});
  }
}

} // namespace

double Tissue::HuAt(Vec3 p) const {
  double value = hu;
  if (posteriorGradientHuPerMm != 0) value += posteriorGradientHuPerMm * (p.y - referenceY);
  if (textureAmplitudeHu != 0) {
    value += textureAmplitudeHu * std::sin(p.x / 9.0) * std::sin(p.y / 11.0) * std::sin(p.z / 13.0);
  }
  return value;
}

ThoraxAnatomy BuildThoraxAnatomy(const CtPhantomParameters& parameters,
                                 double maximumRampHalfWidth) {
  const Frame frame = MakeFrame(parameters, maximumRampHalfWidth);
  ThoraxAnatomy anatomy;
  AddBodyWall(frame, anatomy);
  AddLungs(frame, anatomy);
  AddHeartAndAorta(frame, anatomy);
  AddSpine(frame, anatomy);
  AddRibCageAndSternum(frame, anatomy);
  return anatomy;
}

} // namespace cumed::data::detail
