export { dataSources, DATA_PACKAGES, RECORDED_DATA_SOURCES, installedVersion } from './data-sources';
export { sbomOf, SBOM_SPEC_VERSION, type SbomSubject } from './sbom';
export {
  libraryDetectorIn,
  libraryGlobalNames,
  MAX_PAGE_LIBRARIES,
  type LibraryGlobalNames,
  type MirroredValue,
} from './library-globals';
export { warmUpSoftwareData } from './warm-up';
export { MAX_BANNERS } from './libraries';
export { librariesOnlyAsGlobals } from './global-only-libraries';
