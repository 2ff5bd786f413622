#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xrayprep::io {

// Builds a VTK XML file (ImageData, PolyData, ... format version 1.0) whose arrays live in one
// raw <AppendedData> block: each array is a UInt64 byte count followed by its bytes, in the
// host's byte order (which the header's byte_order states, so no swapping is needed). The
// caller opens the dataset element (<ImageData ...>, <PolyData>) and writes its content;
// dataArray() returns the <DataArray .../> element that points at the bytes it appends;
// finish() closes the dataset element. Readable by VTK's vtkXML*Reader and ParaView.
class VtkXmlDocument {
  public:
    // `type` is the VTKFile type, e.g. "ImageData" or "PolyData".
    explicit VtkXmlDocument(std::string_view type);

    // Appends a line of XML (indentation is the caller's).
    void line(std::string_view xml);

    // <DataArray type=".." Name=".." NumberOfComponents=".." format="appended" offset=".."/>
    // `vtkType` is one of Float32, Float64, Int32, Int64, UInt8, ...; `bytes` its raw data.
    [[nodiscard]] std::string dataArray(std::string_view vtkType, std::string_view name,
                                        int components, std::span<const std::uint8_t> bytes);
    template <typename T>
    [[nodiscard]] std::string dataArray(std::string_view vtkType, std::string_view name,
                                        int components, const std::vector<T>& values) {
        return dataArray(vtkType, name, components,
                         std::span(reinterpret_cast<const std::uint8_t*>(values.data()),
                                   values.size() * sizeof(T)));
    }

    // Closes the document and returns the whole file.
    [[nodiscard]] std::vector<std::uint8_t> finish();

    // XML attribute text: & < > " escaped, control characters replaced by spaces.
    [[nodiscard]] static std::string escape(std::string_view text);
    // Shortest text that reads back to the same double, independent of the C locale.
    [[nodiscard]] static std::string number(double v);

  private:
    std::string type_;
    std::string xml_;
    std::vector<std::uint8_t> appended_;
};

}  // namespace xrayprep::io
