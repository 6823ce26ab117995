import { createHash } from 'node:crypto';
import type * as CycloneDX from '@cyclonedx/cyclonedx-library';
import {
  ADVISORY_SEVERITIES,
  type CrawlInventory,
  type DetectedLibrary,
  type DetectedTechnology,
  type LibraryAdvisory,
} from '@vendorwatch/contracts';
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

/** Most severe first, as the contract lists them. */
const SEVERITY_ORDER: readonly string[] = ADVISORY_SEVERITIES;

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

const bomRefOf = (name: string, version?: string | null) =>
  `technology:${normaliseName(name) || name}${version ? `@${version}` : ''}`;

/**
 * A CycloneDX JSON bill of materials of what a vendor's site runs, as one crawl saw it: one component per
 * technology and, for a library, per version seen (jQuery 1.12.4 and 3.4.1 are two components), with CPE
 * and package URL, how it was seen, on how many pages and its end-of-life notice as properties; each
 * advisory once, as a vulnerability affecting every component it applies to.
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

  const addComponent = (component: CycloneDX.Models.Component) => {
    bom.components.add(component);
    site.dependencies.add(component.bomRef);
  };
  const librariesByName = new Map<string, DetectedLibrary[]>();
  for (const library of inventory.libraries) {
    const key = normaliseName(library.component);
    librariesByName.set(key, [...(librariesByName.get(key) ?? []), library]);
  }
  const vulnerabilities = new VulnerabilityCollector();
  for (const technology of inventory.technologies) {
    const key = normaliseName(technology.name);
    const versions = librariesByName.get(key) ?? [];
    librariesByName.delete(key);
    // The fingerprints' version, when the vulnerability data did not see that one too: with the evidence
    // that is not a library version's own (that evidence is on its component).
    if (versions.length === 0 || (technology.version && !versions.some((library) => library.version === technology.version))) {
      const ofVersions = new Set(versions.flatMap((library) => library.evidence.map((e) => e.source)));
      const own = technology.evidence.filter((e) => !ofVersions.has(e.value.replace(/ \(banner\)$/, '')));
      addComponent(technologyComponent(technology, own));
    }
    for (const library of versions) {
      const component = libraryComponent(library, technology);
      addComponent(component);
      vulnerabilities.add(library, component);
    }
  }
  // A library the technologies did not name (they name every one today): still a component of its own.
  for (const library of [...librariesByName.values()].flat()) {
    const component = libraryComponent(library, null);
    addComponent(component);
    vulnerabilities.add(library, component);
  }
  for (const vulnerability of vulnerabilities.build()) bom.vulnerabilities.add(vulnerability);
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));
  return serializer.serialize(bom, { sortLists: true, space: 2 });
}

/** A technology as the fingerprints saw it, at its one version (or none). */
function technologyComponent(
  technology: DetectedTechnology,
  evidence: DetectedTechnology['evidence'],
): CycloneDX.Models.Component {
  const { Enums, Models } = cyclonedx();
  const component = new Models.Component(componentTypeOf(technology), technology.name, {
    bomRef: bomRefOf(technology.name, technology.version),
    version: technology.version ?? undefined,
    cpe: cpeWithVersion(technology.cpe, technology.version),
  });
  if (technology.website)
    component.externalReferences.add(new Models.ExternalReference(technology.website, Enums.ExternalReferenceType.Website));
  for (const category of technology.categories) component.properties.add(new Models.Property('vendorwatch:category', category));
  for (const item of evidence) component.properties.add(new Models.Property(`vendorwatch:evidence:${item.kind}`, item.value));
  component.properties.add(new Models.Property('vendorwatch:pages', String(technology.pagesTotal)));
  if (technology.endOfLife) component.properties.add(new Models.Property('vendorwatch:end-of-life', technology.endOfLife));
  return component;
}

/** One version of a library the vulnerability data recognised, named and categorised as its technology. */
function libraryComponent(library: DetectedLibrary, technology: DetectedTechnology | null): CycloneDX.Models.Component {
  const { Enums, Models } = cyclonedx();
  const name = technology?.name ?? library.component;
  const component = new Models.Component(technology ? componentTypeOf(technology) : Enums.ComponentType.Library, name, {
    bomRef: bomRefOf(name, library.version),
    version: library.version,
    cpe: cpeWithVersion(technology?.cpe ?? null, library.version),
    purl: library.npm ? new PackageURL('npm', undefined, library.npm, library.version).toString() : undefined,
  });
  if (technology?.website)
    component.externalReferences.add(new Models.ExternalReference(technology.website, Enums.ExternalReferenceType.Website));
  for (const category of technology?.categories ?? ['JavaScript libraries'])
    component.properties.add(new Models.Property('vendorwatch:category', category));
  for (const evidence of library.evidence)
    component.properties.add(
      evidence.kind === 'global'
        ? new Models.Property('vendorwatch:evidence:global', evidence.source)
        : new Models.Property(
            'vendorwatch:evidence:script',
            evidence.kind === 'banner' ? `${evidence.source} (banner)` : evidence.source,
          ),
    );
  component.properties.add(new Models.Property('vendorwatch:pages', String(library.pagesTotal)));
  if (library.endOfLife) component.properties.add(new Models.Property('vendorwatch:end-of-life', library.endOfLife));
  return component;
}

/**
 * The vulnerability's id: its first CVE or GHSA id; without one, the advisory's first link (a bug or the
 * fix — stable across data releases, unlike Retire.js's position-based entries); without a link either, a
 * digest of what the advisory says.
 */
function vulnerabilityIdOf(component: string, advisory: LibraryAdvisory): string {
  if (advisory.ids[0]) return advisory.ids[0];
  const link = advisory.info.find((url) => /^https?:\/\//.test(url));
  if (link) return link;
  const digest = createHash('sha256').update(JSON.stringify([component, advisory.summary, advisory.atOrAbove, advisory.below]));
  return `vendorwatch:${digest.digest('hex').slice(0, 16)}`;
}

interface Affected {
  library: DetectedLibrary;
  component: CycloneDX.Models.Component;
  advisory: LibraryAdvisory;
}

/** Gathers each advisory once, with every component (library version) it affects. End-of-life notices are component properties, not vulnerabilities. */
class VulnerabilityCollector {
  private readonly byId = new Map<string, Affected[]>();

  add(library: DetectedLibrary, component: CycloneDX.Models.Component): void {
    for (const advisory of library.advisories) {
      if (advisory.endOfLife) continue;
      const id = vulnerabilityIdOf(library.component, advisory);
      this.byId.set(id, [...(this.byId.get(id) ?? []), { library, component, advisory }]);
    }
  }

  build(): CycloneDX.Models.Vulnerability.Vulnerability[] {
    const { Enums, Models } = cyclonedx();
    return [...this.byId].map(([id, affected]) => {
      const [first] = affected;
      const worst = affected.reduce((a, b) =>
        SEVERITY_ORDER.indexOf(b.advisory.severity) < SEVERITY_ORDER.indexOf(a.advisory.severity) ? b : a,
      );
      const fixes = new Set(affected.map((a) => a.advisory.below));
      const vulnerability = new Models.Vulnerability.Vulnerability({
        bomRef: `vulnerability:${id}`,
        id,
        source: new Models.Vulnerability.Source({ name: 'Retire.js' }),
        description: first.advisory.summary ?? undefined,
        recommendation:
          fixes.size === 1
            ? `Upgrade to ${first.advisory.below} or later`
            : affected.map((a) => `${a.component.name} ${a.library.version}: upgrade to ${a.advisory.below} or later`).join('; '),
      });
      vulnerability.ratings.add(
        new Models.Vulnerability.Rating({
          severity: worst.advisory.severity as CycloneDX.Enums.Vulnerability.Severity,
          method: Enums.Vulnerability.RatingMethod.Other,
        }),
      );
      for (const url of new Set(affected.flatMap((a) => a.advisory.info)))
        if (/^https?:\/\//.test(url)) vulnerability.advisories.add(new Models.Vulnerability.Advisory(url));
      for (const alias of new Set(affected.flatMap((a) => a.advisory.ids)))
        if (alias !== id) vulnerability.properties.add(new Models.Property('vendorwatch:alias', alias));
      for (const { library, component } of affected)
        vulnerability.affects.add(
          new Models.Vulnerability.Affect(component.bomRef, {
            versions: new Models.Vulnerability.AffectedVersionRepository([
              new Models.Vulnerability.AffectedSingleVersion(library.version, {
                status: Enums.Vulnerability.AffectStatus.Affected,
              }),
            ]),
          }),
        );
      return vulnerability;
    });
  }
}
