#include "pacs/StorageContexts.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcuid.h>

namespace xrayprep::pacs {

const std::vector<const char*>& receivedStorageClasses() {
    static const std::vector<const char*> classes = {
        UID_ComputedRadiographyImageStorage,
        UID_DigitalXRayImageStorageForPresentation,
        UID_DigitalXRayImageStorageForProcessing,
        UID_SecondaryCaptureImageStorage,
        UID_MultiframeGrayscaleByteSecondaryCaptureImageStorage,
        UID_MultiframeGrayscaleWordSecondaryCaptureImageStorage,
        UID_XRayAngiographicImageStorage,
        UID_XRayRadiofluoroscopicImageStorage,
    };
    return classes;
}

const std::vector<const char*>& compressedTransferSyntaxes() {
    static const std::vector<const char*> syntaxes = {
        UID_JPEGProcess1TransferSyntax,         UID_JPEGProcess2_4TransferSyntax,
        UID_JPEGProcess14SV1TransferSyntax,     UID_JPEGProcess14TransferSyntax,
        UID_JPEGLSLosslessTransferSyntax,       UID_JPEGLSLossyTransferSyntax,
        UID_JPEG2000LosslessOnlyTransferSyntax, UID_JPEG2000TransferSyntax,
        UID_RLELosslessTransferSyntax,          UID_DeflatedExplicitVRLittleEndianTransferSyntax,
    };
    return syntaxes;
}

}  // namespace xrayprep::pacs
