#!/usr/bin/python3
"""Reads a DICOM Segmentation with pydicom and prints what the C++ tests compare, as JSON.

An independent reader of xrayprep's seg.dcm: pydicom unpacks the 1-bit frame itself
(ds.pixel_array), so a packing mistake in the writer (or in DCMTK) shows here. Exit code 77
when pydicom, or the NumPy its pixel_array needs, is not installed, so that the calling test
can skip.

Usage: read_seg.py FILE.dcm
"""
import json
import sys

try:
    import numpy  # noqa: F401  (pydicom decodes pixel data only with NumPy)
    import pydicom
except ImportError:
    sys.exit(77)


def first(sequence):
    return sequence[0] if sequence else None


def main(path):
    ds = pydicom.dcmread(path)
    frames = int(getattr(ds, "NumberOfFrames", 1))
    pixels = ds.pixel_array  # (rows, columns) for one frame, (frames, rows, columns) otherwise
    if frames == 1:
        pixels = pixels.reshape((1, int(ds.Rows), int(ds.Columns)))
    segment = ds.SegmentSequence[0]
    per_frame = ds.PerFrameFunctionalGroupsSequence[0]
    source = per_frame.DerivationImageSequence[0].SourceImageSequence[0]
    series = ds.ReferencedSeriesSequence[0]
    shared = first(getattr(ds, "SharedFunctionalGroupsSequence", []))
    measures = first(getattr(shared, "PixelMeasuresSequence", [])) if shared else None
    out = {
        "sopClassUid": str(ds.SOPClassUID),
        "modality": str(ds.Modality),
        "rows": int(ds.Rows),
        "columns": int(ds.Columns),
        "frames": frames,
        "bitsAllocated": int(ds.BitsAllocated),
        "segmentationType": str(ds.SegmentationType),
        # Row by row, '0' or '1' a pixel: compared pixel for pixel with the mask.
        "frame0": "".join("1" if v else "0" for v in pixels[0].ravel().tolist()),
        "segmentLabel": str(segment.SegmentLabel),
        "segmentNumber": int(segment.SegmentNumber),
        "algorithmType": str(segment.SegmentAlgorithmType),
        "algorithmName": str(getattr(segment, "SegmentAlgorithmName", "")),
        "category": [str(segment.SegmentedPropertyCategoryCodeSequence[0].CodeValue),
                     str(segment.SegmentedPropertyCategoryCodeSequence[0].CodingSchemeDesignator)],
        "type": [str(segment.SegmentedPropertyTypeCodeSequence[0].CodeValue),
                 str(segment.SegmentedPropertyTypeCodeSequence[0].CodingSchemeDesignator)],
        "referencedSegment": int(per_frame.SegmentIdentificationSequence[0].ReferencedSegmentNumber),
        "sourceSopClassUid": str(source.ReferencedSOPClassUID),
        "sourceSopInstanceUid": str(source.ReferencedSOPInstanceUID),
        "referencedSeriesUid": str(series.SeriesInstanceUID),
        "referencedInstanceUid": str(series.ReferencedInstanceSequence[0].ReferencedSOPInstanceUID),
        "studyInstanceUid": str(ds.StudyInstanceUID),
        "seriesInstanceUid": str(ds.SeriesInstanceUID),
        "patientName": str(getattr(ds, "PatientName", "")),
        "pixelSpacing": [float(v) for v in measures.PixelSpacing] if measures else [],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: read_seg.py FILE.dcm")
    main(sys.argv[1])
