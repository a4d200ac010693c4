// Device meshes carried through VTK pipelines as data (cumed/vtk/DeviceMeshData.h) without a GPU:
// the data-object key and its copies, the naming checks, materialising (of an empty device mesh,
// which needs no transfer; a non-empty one fails without a device and leaves the data as it was),
// the consumer rule per input port, and vtkCuMedDeviceMeshPipeline with a producer that follows
// the rule: device meshes only for device consumers, host arrays for everyone else, a device-only
// output materialised, not recomputed, for a host consumer connected later.
#include "DeviceMeshConsumer.h"

#include "cumed/core/Backend.h"
#include "cumed/core/Error.h"
#include "cumed/core/Transfer.h"
#include "cumed/vtk/DeviceMeshData.h"
#include "cumed/vtk/VtkMeshBridge.h"
#include "cumed/vtk/vtkCuMedDeviceMeshPipeline.h"

#include <gtest/gtest.h>
#include <vtkAppendPolyData.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataAlgorithm.h>
#include <vtkPolyDataNormals.h>
#include <vtkXMLPolyDataWriter.h>

#include <functional>
#include <memory>
#include <sstream>
#include <string>

using cumed::vtktest::EmptyDeviceMesh;

namespace {

/// One triangle, one block, one attribute.
cumed::SurfaceMesh HostTriangle() {
  cumed::SurfaceMesh mesh;
  mesh.points = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  mesh.triangles = {0, 1, 2};
  mesh.attributes.emplace_back(cumed::MeshArray<float>{1.f, 2.f, 3.f});
  mesh.pointOffsets = {0, 3};
  mesh.triangleOffsets = {0, 1};
  return mesh;
}

cumed::MeshNaming TestNaming() {
  cumed::MeshNaming naming;
  naming.attributeNames = {"temperature"};
  naming.scalarsType = VTK_SHORT;
  naming.scalarsName = "hu";
  naming.scalarsBlockValues = {300.7};
  return naming;
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const cumed::Error& e) {
    return e.what();
  }
  return "";
}

} // namespace

/// A producer that follows the residency rule as vtkCuMedFlyingEdges3D does: an (empty) device
/// mesh when KeepMeshOnDeviceFor says so, else one host triangle.
class vtkCuMedTestMeshProducer : public vtkPolyDataAlgorithm {
public:
  static vtkCuMedTestMeshProducer* New();
  vtkTypeMacro(vtkCuMedTestMeshProducer, vtkPolyDataAlgorithm);
  bool Keep = false; ///< keep on the device without consumers
  int Runs = 0;

protected:
  vtkCuMedTestMeshProducer() { this->SetNumberOfInputPorts(0); }
  vtkExecutive* CreateDefaultExecutive() override { return vtkCuMedDeviceMeshPipeline::New(); }
  int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector* out) override {
    ++this->Runs;
    vtkPolyData* output = vtkPolyData::GetData(out);
    vtkCuMedDeviceMeshPipeline::SafeDownCast(this->GetExecutive())
        ->SetKeepWithoutConsumers(this->Keep);
    const auto consumers = cumed::CountDeviceMeshConsumers(out->GetInformationObject(0));
    if (cumed::KeepMeshOnDeviceFor(consumers, this->Keep)) {
      cumed::SetDeviceMesh(output, EmptyDeviceMesh(1, 1), TestNaming());
    } else {
      cumed::ToVtkPolyDataNamed(HostTriangle(), output, TestNaming());
    }
    return 1;
  }
};
vtkStandardNewMacro(vtkCuMedTestMeshProducer);

namespace {

TEST(DeviceMeshData, TravelsWithTheDataObjectButNotWithItsCopies) {
  vtkNew<vtkPolyData> data;
  EXPECT_EQ(cumed::GetDeviceMesh(data), nullptr);
  EXPECT_EQ(cumed::GetDeviceMesh(nullptr), nullptr);
  const auto mesh = EmptyDeviceMesh(1, 1);
  cumed::SetDeviceMesh(data, mesh, TestNaming());
  EXPECT_EQ(cumed::GetDeviceMesh(data), mesh);
  EXPECT_EQ(data->GetNumberOfPoints(), 0);
  // VTK copies only the information keys it knows: a copy holds neither mesh nor arrays.
  vtkNew<vtkPolyData> copy;
  copy->ShallowCopy(data);
  EXPECT_EQ(cumed::GetDeviceMesh(copy), nullptr);
  // Host arrays written over it replace it; Initialize() alone does not (VTK keeps unknown keys).
  data->Initialize();
  EXPECT_EQ(cumed::GetDeviceMesh(data), mesh);
  cumed::ToVtkPolyDataNamed(HostTriangle(), data, TestNaming());
  EXPECT_EQ(cumed::GetDeviceMesh(data), nullptr);
  EXPECT_EQ(data->GetNumberOfPoints(), 3);
  cumed::SetDeviceMesh(data, mesh, TestNaming());
  EXPECT_EQ(data->GetNumberOfPoints(), 0) << "a device mesh replaces the host arrays";
  cumed::RemoveDeviceMesh(data);
  EXPECT_EQ(cumed::GetDeviceMesh(data), nullptr);
  // Only polydata carry meshes.
  vtkNew<vtkImageData> image;
  image->GetInformation()->Set(vtkCuMedDeviceMesh::DEVICE_MESH(), vtkNew<vtkCuMedDeviceMesh>());
  EXPECT_EQ(cumed::GetDeviceMesh(image), nullptr);
}

TEST(DeviceMeshData, NamingMustMatchTheMesh) {
  vtkNew<vtkPolyData> data;
  cumed::MeshNaming naming = TestNaming();
  EXPECT_NE(ErrorOf([&] {
              cumed::SetDeviceMesh(data, EmptyDeviceMesh(2, 1), naming);
            }).find("1 attribute names for 2 attribute arrays"),
            std::string::npos);
  naming.scalarsBlockValues = {1.0, 2.0};
  EXPECT_NE(ErrorOf([&] {
              cumed::SetDeviceMesh(data, EmptyDeviceMesh(1, 1), naming);
            }).find("2 scalar values for a device mesh of 2 point offsets"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] { cumed::SetDeviceMesh(data, nullptr); }).find("no device mesh"),
            std::string::npos);
  EXPECT_EQ(cumed::GetDeviceMesh(data), nullptr) << "nothing attached after a refusal";
}

TEST(DeviceMeshData, BlockValueScalarsAreCastLikeVtks) {
  const auto shorts = cumed::BlockValueScalars(VTK_SHORT, "hu", {0, 2, 5}, {100.7, -3.2});
  ASSERT_EQ(shorts->GetNumberOfTuples(), 5);
  EXPECT_EQ(shorts->GetDataType(), VTK_SHORT);
  EXPECT_STREQ(shorts->GetName(), "hu");
  const double expected[] = {100, 100, -3, -3, -3};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(shorts->GetComponent(i, 0), expected[i]) << i;
  const auto bytes = cumed::BlockValueScalars(VTK_UNSIGNED_CHAR, nullptr, {0, 1}, {2.9});
  EXPECT_EQ(bytes->GetName(), nullptr);
  EXPECT_EQ(bytes->GetComponent(0, 0), 2.0);
  EXPECT_NE(ErrorOf([] {
              cumed::BlockValueScalars(VTK_SHORT, "x", {0, 1}, {1.0, 2.0});
            }).find("2 values for 2 point offsets"),
            std::string::npos);
  EXPECT_NE(ErrorOf([] {
              cumed::BlockValueScalars(VTK_DOUBLE, "x", {0, 1}, {1.0});
            }).find("is not one CuMed computes on"),
            std::string::npos);
}

TEST(DeviceMeshData, MaterializingWritesTheNamedArraysAndDropsTheMesh) {
  vtkNew<vtkPolyData> data;
  cumed::SetDeviceMesh(data, EmptyDeviceMesh(1, 1), TestNaming());
  cumed::ResetTransferStats();
  cumed::MaterializeOnHost(data);
  EXPECT_EQ(cumed::GetTransferStats().deviceToHostBytes, 0u) << "no points: nothing to copy";
  EXPECT_EQ(cumed::GetDeviceMesh(data), nullptr);
  vtkPointData* pointData = data->GetPointData();
  ASSERT_NE(pointData->GetArray("temperature"), nullptr);
  EXPECT_EQ(pointData->GetArray("temperature")->GetDataType(), VTK_FLOAT);
  ASSERT_NE(pointData->GetScalars(), nullptr);
  EXPECT_STREQ(pointData->GetScalars()->GetName(), "hu");
  EXPECT_EQ(pointData->GetScalars()->GetDataType(), VTK_SHORT);
  // Host data: nothing to do.
  cumed::ToVtkPolyDataNamed(HostTriangle(), data, TestNaming());
  cumed::MaterializeOnHost(data);
  EXPECT_EQ(data->GetNumberOfPoints(), 3);
}

TEST(DeviceMeshData, AFailedMaterializationLeavesTheDeviceMesh) {
  if (cumed::CudaUsable()) GTEST_SKIP() << "copying from a null device buffer is another error";
  vtkNew<vtkPolyData> data;
  auto mesh = EmptyDeviceMesh(1, 1);
  mesh->numberOfPoints = 4; // buffers absent: the first copy fails without a device
  cumed::SetDeviceMesh(data, mesh, TestNaming());
  EXPECT_NE(ErrorOf([&] { cumed::MaterializeOnHost(data); }), "");
  EXPECT_EQ(cumed::GetDeviceMesh(data), mesh);
}

TEST(DeviceMeshConsumers, EveryConsumerCountsByTheInputPortItIsConnectedTo) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkInformation* output = producer->GetOutputInformation(0);
  auto counts = [&] {
    const auto c = cumed::CountDeviceMeshConsumers(output);
    return std::to_string(c.accepting) + "/" + std::to_string(c.others);
  };
  EXPECT_EQ(counts(), "0/0");
  EXPECT_FALSE(cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(output), false));
  EXPECT_TRUE(cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(output), true));
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(producer->GetOutputPort());
  EXPECT_EQ(counts(), "1/0");
  EXPECT_TRUE(cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(output), false));
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(producer->GetOutputPort());
  EXPECT_EQ(counts(), "1/1");
  EXPECT_FALSE(cumed::KeepMeshOnDeviceFor(cumed::CountDeviceMeshConsumers(output), true));
  // A repeatable port connected twice is two consumers.
  vtkNew<vtkAppendPolyData> append;
  append->AddInputConnection(producer->GetOutputPort());
  append->AddInputConnection(producer->GetOutputPort());
  EXPECT_EQ(counts(), "1/3");
  append->RemoveAllInputConnections(0);
  normals->RemoveAllInputConnections(0);
  EXPECT_EQ(counts(), "1/0");
  EXPECT_EQ(cumed::CountDeviceMeshConsumers(nullptr).others, 0);
}

TEST(DeviceMeshPipeline, IsTheProducersExecutive) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  auto* pipeline = vtkCuMedDeviceMeshPipeline::SafeDownCast(producer->GetExecutive());
  ASSERT_NE(pipeline, nullptr);
  EXPECT_FALSE(pipeline->GetKeepWithoutConsumers());
  std::ostringstream text;
  pipeline->Print(text);
  EXPECT_NE(text.str().find("KeepWithoutConsumers: Off"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("NumberOfMaterializations: 0"), std::string::npos) << text.str();
}

TEST(DeviceMeshPipeline, DeviceConsumersAloneGetTheDeviceMesh) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkNew<vtkCuMedTestDeviceMeshConsumer> a, b;
  a->SetInputConnection(producer->GetOutputPort());
  b->SetInputConnection(producer->GetOutputPort());
  a->Update();
  b->Update();
  EXPECT_NE(a->LastDeviceMesh, nullptr);
  EXPECT_EQ(a->LastDeviceMesh, b->LastDeviceMesh);
  EXPECT_EQ(a->LastInputPoints, 0);
  EXPECT_EQ(producer->Runs, 1);
}

TEST(DeviceMeshPipeline, AHostConsumerAmongThemGivesEveryoneHostArrays) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  vtkNew<vtkPolyDataNormals> normals;
  device->SetInputConnection(producer->GetOutputPort());
  normals->SetInputConnection(producer->GetOutputPort());
  device->Update();
  EXPECT_EQ(device->LastDeviceMesh, nullptr);
  EXPECT_EQ(device->LastInputPoints, 3);
  normals->Update();
  EXPECT_EQ(normals->GetOutput()->GetNumberOfPoints(), 3);
  EXPECT_EQ(producer->Runs, 1);
}

TEST(DeviceMeshPipeline, WithoutConsumersTheOutputIsHostUnlessKept) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  producer->Update();
  EXPECT_EQ(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  EXPECT_EQ(producer->GetOutput()->GetNumberOfPoints(), 3);
  producer->Keep = true;
  producer->Modified();
  producer->Update();
  EXPECT_NE(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  producer->Update();
  EXPECT_NE(cumed::GetDeviceMesh(producer->GetOutput()), nullptr) << "kept: not materialised";
  EXPECT_EQ(producer->Runs, 2);
}

TEST(DeviceMeshPipeline, AHostConsumerConnectedLaterGetsTheMeshMaterializedNotRecomputed) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(producer->GetOutputPort());
  device->Update();
  ASSERT_NE(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);

  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetInputConnection(producer->GetOutputPort());
  writer->WriteToOutputStringOn();
  ASSERT_EQ(writer->Write(), 1);
  EXPECT_EQ(producer->Runs, 1) << "materialised, not run again";
  auto* pipeline = vtkCuMedDeviceMeshPipeline::SafeDownCast(producer->GetExecutive());
  EXPECT_EQ(pipeline->GetNumberOfMaterializations(), 1);
  EXPECT_EQ(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  // The materialised (empty) mesh has the named arrays; an untouched output would have none.
  EXPECT_NE(writer->GetOutputString().find("Name=\"temperature\""), std::string::npos);
  EXPECT_NE(writer->GetOutputString().find("Name=\"hu\""), std::string::npos);
  // Nothing upstream changed: no further run for the device consumer or another host consumer.
  device->Update();
  EXPECT_EQ(device->Runs, 1);
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputConnection(producer->GetOutputPort());
  normals->Update();
  EXPECT_EQ(producer->Runs, 1);
  EXPECT_EQ(pipeline->GetNumberOfMaterializations(), 1);
  // A change upstream runs the producer, which now writes host arrays for its host consumers.
  producer->Modified();
  device->Update();
  EXPECT_EQ(producer->Runs, 2);
  EXPECT_EQ(device->LastDeviceMesh, nullptr);
  EXPECT_EQ(device->LastInputPoints, 3);
}

TEST(DeviceMeshPipeline, MaterializingByHandKeepsTheOutputUpToDate) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(producer->GetOutputPort());
  device->Update();
  ASSERT_NE(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  // By hand: the producer's output stays up to date.
  cumed::MaterializeOnHost(producer->GetOutput());
  EXPECT_EQ(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  producer->Update();
  EXPECT_EQ(producer->Runs, 1);
}

TEST(DeviceMeshPipeline, TheLastDeviceConsumerGoneMaterializesOnTheNextUpdate) {
  vtkNew<vtkCuMedTestMeshProducer> producer;
  vtkNew<vtkCuMedTestDeviceMeshConsumer> device;
  device->SetInputConnection(producer->GetOutputPort());
  device->Update();
  ASSERT_NE(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  device->RemoveAllInputConnections(0);
  producer->Update();
  EXPECT_EQ(cumed::GetDeviceMesh(producer->GetOutput()), nullptr);
  EXPECT_NE(producer->GetOutput()->GetPointData()->GetArray("temperature"), nullptr);
  EXPECT_EQ(producer->Runs, 1);
}

} // namespace
