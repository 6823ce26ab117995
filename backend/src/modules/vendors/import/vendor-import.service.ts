import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  plural,
  createVendorSchema,
  fill,
  MESSAGES,
  type CreateVendor,
  type VendorImportFormat,
  type VendorImportResult,
  type VendorImportRowError,
} from '@vendorwatch/contracts';
import { VendorsRepository, type WorkspaceId } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { ConflictError } from '../../../common/errors';
import { noteForAudit } from '../../audit-log/audit-notes';
import { importFormatOf, readImportFile, type ImportColumn, type ImportFileRow } from './import-file';
import { importTemplate, IMPORT_TEMPLATE_TYPES } from './import-template';

const M = MESSAGES.vendorList;

/** An uploaded file, as the controller read it from the multipart body. */
export interface ImportUpload {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** The answer of a refused import: 400 with every bad row and column; nothing was added. */
export class VendorImportRejected extends BadRequestException {
  constructor(errors: VendorImportRowError[]) {
    const rows = new Set(errors.map(({ row }) => row)).size;
    super({ message: fill(M.importInvalid, { rows: plural(rows, 'row') }), errors });
  }
}

/** The schema's field names as the file names its columns. */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  name: 'name',
  url: 'url',
  description: 'description',
  domains: 'domains',
  dkimSelectors: 'dkim selectors',
};

/** A cell of several values: one per line, or separated by commas, semicolons or spaces. */
const listCell = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * One vendor's site, whatever the spelling of its URL: the URL standard's form (host lower-cased,
 * default port dropped) without the `/` of a bare site, so `https://Acme.com` and `https://acme.com/` match.
 */
export const sameUrlKey = (url: string): string => {
  try {
    return new URL(url).href.replace(/\/$/, '');
  } catch {
    return url;
  }
};

/**
 * Vendors from a CSV or Excel file, all or nothing: every row is checked as the Add Vendor form checks
 * it, a file with any bad row adds nothing and names each (row number, column, reason); rows whose URL
 * a vendor of the workspace (or an earlier row) already has are skipped and named; the workspace's
 * cap (VENDORS_PER_USER) holds for the file as a whole.
 */
@Injectable()
export class VendorImportService {
  constructor(
    private readonly vendors: VendorsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async import(workspaceId: WorkspaceId, userId: string, upload: ImportUpload): Promise<VendorImportResult> {
    const rows = await readImportFile(importFormatOf(upload.fileName, upload.mimeType, upload.bytes), upload.bytes);
    const { valid, errors } = checkRows(rows);
    if (errors.length) throw new VendorImportRejected(errors);

    const firstRowOf = new Map<string, number>();
    const skipped: VendorImportResult['skipped'] = [];
    const adding = valid.filter(({ row, vendor }) => {
      if (!vendor.url) return true;
      const earlier = firstRowOf.get(sameUrlKey(vendor.url));
      if (earlier === undefined) return firstRowOf.set(sameUrlKey(vendor.url), row);
      skipped.push({ row, reason: fill(M.duplicateInFile, { row: earlier }) });
      return false;
    });

    const cap = this.config.VENDORS_PER_USER;
    const result = await this.vendors.importWithinCap(
      workspaceId,
      userId,
      adding.map(({ row, vendor }) => ({ row, ...vendor })),
      cap,
      sameUrlKey,
    );
    if ('full' in result)
      throw new ConflictError(fill(M.importOverCap, { count: plural(result.adding, 'vendor'), limit: cap, kept: result.kept }));
    skipped.push(...result.duplicateRows.map((row) => ({ row, reason: M.duplicateUrl })));
    skipped.sort((a, b) => a.row - b.row);
    noteForAudit({ fileName: upload.fileName.slice(0, 200), created: result.created, skipped: skipped.length });
    return { created: result.created, skipped };
  }

  async template(format: VendorImportFormat): Promise<{ body: Buffer; type: string; fileName: string }> {
    return {
      body: await importTemplate(format),
      type: IMPORT_TEMPLATE_TYPES[format],
      fileName: `vendors-import-template.${format}`,
    };
  }
}

/** Each row through the Add Vendor schema: the vendors it gives, and every problem by row and column. */
function checkRows(rows: ImportFileRow[]): { valid: { row: number; vendor: CreateVendor }[]; errors: VendorImportRowError[] } {
  const valid: { row: number; vendor: CreateVendor }[] = [];
  const errors: VendorImportRowError[] = [];
  for (const { row, cells } of rows) {
    const parsed = createVendorSchema.safeParse({
      name: cells.name,
      url: cells.url,
      description: cells.description,
      domains: listCell(cells.domains),
      dkimSelectors: listCell(cells['dkim selectors']),
    });
    if (parsed.success) {
      valid.push({ row, vendor: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'name';
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ row, column, reason: issue.message });
    }
  }
  return { valid, errors };
}
