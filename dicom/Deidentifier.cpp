#include "dicom/Deidentifier.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdatset.h>
#include <dcmtk/dcmdata/dcdeftag.h>
#include <dcmtk/dcmdata/dcitem.h>
#include <dcmtk/dcmdata/dcsequen.h>
#include <dcmtk/dcmdata/dcuid.h>

#include <stdexcept>
#include <vector>

namespace xrayprep::dicom {

std::string UidMapper::map(const std::string& original) {
    const std::lock_guard lock(mutex_);
    auto [it, inserted] = replaced_.try_emplace(original);
    if (inserted) {
        char uid[100];
        it->second = dcmGenerateUniqueIdentifier(uid, SITE_INSTANCE_UID_ROOT);
    }
    return it->second;
}

namespace {

// Z: zero length (type 2 attributes must stay present), or a dummy where readers expect one.
struct Replacement {
    DcmTagKey tag;
    const char* value;
};
const Replacement kEmptied[] = {
    {DCM_PatientName, "ANONYMOUS"},
    {DCM_PatientID, "ANONYMOUS"},
    {DCM_PatientBirthDate, ""},
    {DCM_PatientSex, ""},
    {DCM_AccessionNumber, ""},
    {DCM_ReferringPhysicianName, ""},
    {DCM_StudyID, ""},
    {DCM_StudyDate, ""},
    {DCM_StudyTime, ""},
    {DCM_ContentDate, ""},
    {DCM_ContentTime, ""},
};

// X: removed.
const DcmTagKey kRemoved[] = {DCM_PatientAge,
                              DCM_PatientBirthTime,
                              DCM_PatientAddress,
                              DCM_PatientTelephoneNumbers,
                              DCM_RETIRED_OtherPatientIDs,
                              DCM_OtherPatientNames,
                              DCM_OtherPatientIDsSequence,
                              DCM_PatientBirthName,
                              DCM_PatientMotherBirthName,
                              DCM_RETIRED_MedicalRecordLocator,
                              DCM_EthnicGroup,
                              DCM_Occupation,
                              DCM_PatientSize,
                              DCM_PatientWeight,
                              DCM_AdditionalPatientHistory,
                              DCM_PatientComments,
                              DCM_MilitaryRank,
                              DCM_BranchOfService,
                              DCM_InstitutionName,
                              DCM_InstitutionAddress,
                              DCM_InstitutionalDepartmentName,
                              DCM_ReferringPhysicianAddress,
                              DCM_ReferringPhysicianTelephoneNumbers,
                              DCM_PhysiciansOfRecord,
                              DCM_PerformingPhysicianName,
                              DCM_NameOfPhysiciansReadingStudy,
                              DCM_OperatorsName,
                              DCM_RequestingPhysician,
                              DCM_StationName,
                              DCM_DeviceSerialNumber,
                              DCM_StudyDescription,
                              DCM_SeriesDescription,
                              DCM_DerivationDescription,
                              DCM_ImageComments,
                              DCM_RequestAttributesSequence,
                              DCM_PerformedProcedureStepDescription,
                              DCM_PerformedProcedureStepID,
                              DCM_PerformedProcedureStepStartDate,
                              DCM_PerformedProcedureStepStartTime,
                              DCM_SeriesDate,
                              DCM_SeriesTime,
                              DCM_AcquisitionDate,
                              DCM_AcquisitionTime,
                              DCM_AcquisitionDateTime,
                              DCM_InstanceCreationDate,
                              DCM_InstanceCreationTime,
                              DCM_InstanceCreatorUID,
                              DCM_StorageMediaFileSetUID,
                              DCM_IssuerOfPatientID,
                              DCM_ProtocolName,
                              DCM_ReferencedPatientSequence,
                              DCM_ReferencedStudySequence};

void put(DcmItem& item, const DcmTagKey& tag, const std::string& value) {
    const OFCondition status = item.putAndInsertString(tag, value.c_str());
    if (status.bad()) {
        throw std::runtime_error("de-identification: cannot set " +
                                 std::string(DcmTag(tag).getTagName()) + ": " + status.text());
    }
}

void replaceUid(DcmItem& item, const DcmTagKey& tag, UidMapper& uids) {
    OFString value;
    if (item.findAndGetOFString(tag, value).good() && !value.empty()) {
        put(item, tag, uids.map(value.c_str()));
    }
}

// References to other instances name the original UIDs, at any depth: the SourceImageSequence
// of a derived image, and a Segmentation's ReferencedSeriesSequence (series and instances) and
// per-frame DerivationImageSequence > SourceImageSequence. Inside sequence items the series and
// study UIDs are references too; the dataset's own (a new series) are left to the caller.
void replaceNestedReferences(DcmItem& item, UidMapper& uids, bool nested = false) {
    if (nested) {
        for (const DcmTagKey& tag :
             {DCM_ReferencedSOPInstanceUID, DCM_SeriesInstanceUID, DCM_StudyInstanceUID}) {
            replaceUid(item, tag, uids);
        }
    }
    for (unsigned long i = 0; i < item.card(); ++i) {
        DcmElement* element = item.getElement(i);
        if (element == nullptr || element->ident() != EVR_SQ) continue;
        auto* sequence = static_cast<DcmSequenceOfItems*>(element);
        for (unsigned long j = 0; j < sequence->card(); ++j) {
            if (DcmItem* child = sequence->getItem(j)) replaceNestedReferences(*child, uids, true);
        }
    }
}

void removePrivateTags(DcmItem& item) {
    std::vector<DcmTagKey> privateTags;
    for (unsigned long i = 0; i < item.card(); ++i) {
        const DcmTagKey key = item.getElement(i)->getTag();
        if (key.getGroup() % 2 == 1) privateTags.push_back(key);
    }
    for (const DcmTagKey& key : privateTags) item.findAndDeleteElement(key);
}

}  // namespace

void Deidentifier::operator()(DcmDataset& ds) const {
    for (const DcmTagKey& tag : kRemoved) ds.findAndDeleteElement(tag, true);
    for (const Replacement& r : kEmptied) {
        if (ds.tagExists(r.tag) || r.tag == DCM_PatientName || r.tag == DCM_PatientID) {
            put(ds, r.tag, r.value);
        }
    }
    replaceUid(ds, DCM_StudyInstanceUID, uids_);
    replaceUid(ds, DCM_FrameOfReferenceUID, uids_);
    replaceNestedReferences(ds, uids_);
    removePrivateTags(ds);
    put(ds, DCM_PatientIdentityRemoved, "YES");
    put(ds, DCM_DeidentificationMethod, kMethod);
    ds.findAndDeleteElement(DCM_DeidentificationMethodCodeSequence);
    DcmItem* code = nullptr;
    if (ds.findOrCreateSequenceItem(DCM_DeidentificationMethodCodeSequence, code, -2).bad() ||
        !code) {
        throw std::runtime_error("de-identification: cannot add the method code sequence");
    }
    put(*code, DCM_CodeValue, "113100");
    put(*code, DCM_CodingSchemeDesignator, "DCM");
    put(*code, DCM_CodeMeaning, "Basic Application Confidentiality Profile");
}

}  // namespace xrayprep::dicom
