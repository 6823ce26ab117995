import type * as CycloneDX from '@cyclonedx/cyclonedx-library';
import type { CrawlInventory, DetectedLibrary, DetectedTechnology } from '@vendorwatch/contracts';
import { PackageURL } from 'packageurl-js';
import { normaliseName } from './fingerprints';

/**
 * The CycloneDX library, loaded on the first SBOM: every process and page-reader thread imports this
 * package, few of them ever write a bill of materials, and the library takes a fifth of a second to load.
 */
let library: typeof CycloneDX | null = null;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cyclonedx = () => (library ??= require('@cyclonedx/cyclonedx-library') as typeof CycloneDX);

/** The CycloneDX version written (`Spec.Version.v1dot6`); the tests validate against its schema with the library's own validator. */
export const SBOM_SPEC_VERSION = '1.6' as CycloneDX.Spec.Version;

/** Which vendor site and crawl a bill of materials describes. */
export interface SbomSubject {
  /** The crawl job's id (a UUID): the BOM's serial number, so the same crawl always gives the same document. */
  crawlId: string;
  vendorName: string;
  siteUrl: string;
  /** When the crawl completed: the BOM's timestamp (never the clock, so the document is reproducible). */
  crawledAt: Date | null;
}

const FRAMEWORK_CATEGORIES = /framework/i;
const LIBRARY_CATEGORIES = /librar|UI frameworks|JavaScript/i;

function componentTypeOf(technology: DetectedTechnology): CycloneDX.Enums.ComponentType {
  const { Enums } = cyclonedx();
  if (technology.categories.some((category) => FRAMEWORK_CATEGORIES.test(category))) return Enums.ComponentType.Framework;
  if (technology.categories.some((category) => LIBRARY_CATEGORIES.test(category))) return Enums.ComponentType.Library;
  return Enums.ComponentType.Application;
}

/** The CPE with the version seen in place of its `*` (CPE 2.3 formatted-string escaping). */
function cpeWithVersion(cpe: string | null, version: string | null): string | undefined {
  if (!cpe) return undefined;
  const parts = cpe.split(':');
  if (parts.length !== 13 || !version) return cpe;
  parts[5] = version.replace(/[^A-Za-z0-9._-]/g, (c) => `\\${c}`);
  return parts.join(':');
}

const bomRefOf = (name: string) => `technology:${normaliseName(name) || name}`;

/**
 * A CycloneDX JSON bill of materials of what a vendor's site runs, as one crawl saw it: each technology
 * (with version, CPE and, for an npm library, its package URL), how it was seen and on how many pages as
 * properties, and each advisory of a vulnerable library as a vulnerability affecting that component.
 */
export function sbomOf(inventory: CrawlInventory, subject: SbomSubject): string {
  const { Enums, Models, Serialize, Spec } = cyclonedx();
  const site = new Models.Component(Enums.ComponentType.Application, subject.vendorName, {
    bomRef: 'vendor-site',
    description: `The website ${subject.siteUrl} as crawled`,
  });
  site.externalReferences.add(new Models.ExternalReference(subject.siteUrl, Enums.ExternalReferenceType.Website));
  const bom = new Models.Bom({
    serialNumber: `urn:uuid:${subject.crawlId}`,
    metadata: new Models.Metadata({ timestamp: subject.crawledAt ?? undefined, component: site }),
  });
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, 'Vendorwatch'));
  for (const source of inventory.dataSources)
    bom.metadata.properties.add(
      new Models.Property(
        `vendorwatch:data:${source.use}`,
        `${source.package}@${source.version}${source.publishedAt ? ` (${source.publishedAt})` : ''}`,
      ),
    );

  const libraries = new Map(inventory.libraries.map((library) => [normaliseName(library.component), library]));
  const components = new Map<string, CycloneDX.Models.Component>();
  for (const technology of inventory.technologies) {
    const library = libraries.get(normaliseName(technology.name));
    const component = new Models.Component(componentTypeOf(technology), technology.name, {
      bomRef: bomRefOf(technology.name),
      version: technology.version ?? undefined,
      cpe: cpeWithVersion(technology.cpe, technology.version),
      purl:
        library?.npm && technology.version
          ? new PackageURL('npm', undefined, library.npm, technology.version).toString()
          : undefined,
    });
    if (technology.website)
      component.externalReferences.add(new Models.ExternalReference(technology.website, Enums.ExternalReferenceType.Website));
    for (const category of technology.categories) component.properties.add(new Models.Property('vendorwatch:category', category));
    for (const evidence of technology.evidence)
      component.properties.add(new Models.Property(`vendorwatch:evidence:${evidence.kind}`, evidence.value));
    component.properties.add(new Models.Property('vendorwatch:pages', String(technology.pagesTotal)));
    if (technology.endOfLife) component.properties.add(new Models.Property('vendorwatch:end-of-life', technology.endOfLife));
    bom.components.add(component);
    site.dependencies.add(component.bomRef);
    components.set(normaliseName(technology.name), component);
  }
  for (const library of inventory.libraries) {
    const component = components.get(normaliseName(library.component));
    if (component) addVulnerabilities(bom, library, component);
  }
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));
  return serializer.serialize(bom, { sortLists: true, space: 2 });
}

/** Each advisory of the library, as a vulnerability of its component at the version seen. */
function addVulnerabilities(bom: CycloneDX.Models.Bom, library: DetectedLibrary, component: CycloneDX.Models.Component): void {
  const { Enums, Models } = cyclonedx();
  library.advisories.forEach((advisory, i) => {
    const vulnerability = new Models.Vulnerability.Vulnerability({
      bomRef: `vulnerability:${library.component}@${library.version}:${i}`,
      id: advisory.ids[0] ?? `retire:${library.component}:${advisory.below}`,
      source: new Models.Vulnerability.Source({ name: 'Retire.js' }),
      description: advisory.summary ?? undefined,
      recommendation: advisory.endOfLife ? 'Move to a supported major version' : `Upgrade to ${advisory.below} or later`,
    });
    vulnerability.ratings.add(
      new Models.Vulnerability.Rating({
        severity: advisory.severity as CycloneDX.Enums.Vulnerability.Severity,
        method: Enums.Vulnerability.RatingMethod.Other,
      }),
    );
    for (const url of advisory.info)
      if (/^https?:\/\//.test(url)) vulnerability.advisories.add(new Models.Vulnerability.Advisory(url));
    for (const id of advisory.ids.slice(1)) vulnerability.properties.add(new Models.Property('vendorwatch:alias', id));
    vulnerability.affects.add(
      new Models.Vulnerability.Affect(component.bomRef, {
        versions: new Models.Vulnerability.AffectedVersionRepository([
          new Models.Vulnerability.AffectedSingleVersion(library.version, { status: Enums.Vulnerability.AffectStatus.Affected }),
        ]),
      }),
    );
    bom.vulnerabilities.add(vulnerability);
  });
}
