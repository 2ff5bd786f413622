#include "dicom/DcmtkSetup.h"

#include <dcmtk/config/osconfig.h>
#include <dcmtk/dcmdata/dcdict.h>
#include <dcmtk/dcmdata/dcrledrg.h>
#include <dcmtk/dcmjpeg/djdecode.h>
#include <dcmtk/dcmjpls/djdecode.h>
#include <dcmtk/oflog/oflog.h>

#include <mutex>
#include <stdexcept>

namespace xrayprep::dicom {

void DcmtkSetup::ensure() {
    static std::once_flag once;
    std::call_once(once, [] {
        OFLog::configure(OFLogger::FATAL_LOG_LEVEL);
        DJDecoderRegistration::registerCodecs();
        DJLSDecoderRegistration::registerCodecs();
        DcmRLEDecoderRegistration::registerCodecs();
    });
    if (!dcmDataDict.isDictionaryLoaded()) {
        throw std::runtime_error(
            "DCMTK data dictionary not loaded (install DCMTK's dicom.dic or set DCMDICTPATH)");
    }
}

}  // namespace xrayprep::dicom
