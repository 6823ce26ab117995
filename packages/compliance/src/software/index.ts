export { dataSources, DATA_PACKAGES, RECORDED_DATA_SOURCES, installedVersion } from './data-sources';
export { sbomOf, SBOM_SPEC_VERSION, type SbomSubject } from './sbom';
export { libraryDetectorScript, MAX_PAGE_LIBRARIES } from './library-globals';
export { warmUpSoftwareData } from './warm-up';
