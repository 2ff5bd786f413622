# Install rules and the Debian package (issue 15): `cmake --install` or `cpack -G DEB` in the
# build folder. Programs go to bin; everything that is not code comes from resources/: the
# desktop entry (MimeType application/dicom, which Debian's shared-mime-info defines), the icon
# in the hicolor theme (SVG and PNG sizes), the man pages and the sample presets. Debian's
# triggers of desktop-file-utils and the icon cache pick them up, so the package needs no
# maintainer scripts. The runtime dependencies are read off the binaries by dpkg-shlibdeps.
include(GNUInstallDirs)

set(XRAYPREP_RESOURCES ${PROJECT_SOURCE_DIR}/resources)
install(TARGETS xrayprep-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${XRAYPREP_RESOURCES}/man/xrayprep-cli.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
if(TARGET xrayprep)
  install(TARGETS xrayprep RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${XRAYPREP_RESOURCES}/man/xrayprep.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${XRAYPREP_RESOURCES}/xrayprep.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  foreach(size 16 22 24 32 48 64 128 256)
    install(FILES ${XRAYPREP_RESOURCES}/icons/xrayprep-${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
            RENAME xrayprep.png)
  endforeach()
  install(FILES ${XRAYPREP_RESOURCES}/icons/xrayprep.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()
file(GLOB XRAYPREP_PRESETS ${XRAYPREP_RESOURCES}/presets/*.json)
install(FILES ${XRAYPREP_PRESETS} DESTINATION ${CMAKE_INSTALL_DATADIR}/xrayprep/presets)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME xrayprep)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "the xrayprep developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "prepare DICOM foot radiographs for 3D bone-mesh generation")
# The body under the summary line (CPack writes the summary first and indents each line).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "xrayprep segments bone on foot and ankle radiographs (median, histogram threshold, Sobel,
active contour, mask) on the CPU or a CUDA GPU, shows every stage live in a Qt application,
and exports masks, Edge Strength Function fields, contours, meshes and DICOM objects.
xrayprep-cli runs the same pipeline in batch.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "the xrayprep developers <xrayprep@users.noreply.invalid>")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # xrayprep_0.1.0_amd64.deb
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
include(CPack)
