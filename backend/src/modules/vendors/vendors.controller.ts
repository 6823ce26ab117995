import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import {
  createVendorSchema,
  moveVendorsSchema,
  updateVendorSchema,
  vendorImportTemplateQuerySchema,
  vendorListQuerySchema,
  type CreateVendor,
  type MoveVendors,
  type MoveVendorsResult,
  type UpdateVendor,
  type Vendor,
  type VendorImportFormat,
  type VendorImportResult,
  type VendorListItem,
  type VendorListPage,
  type VendorListQuery,
} from '@vendorwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { readUpload } from './import/read-upload';
import { VendorImportService } from './import/vendor-import.service';
import { VendorMoveService } from './move/vendor-move.service';
import { VendorsService } from './vendors.service';

const VENDOR_FIELDS = ['name', 'url', 'description', 'domains', 'dkimSelectors'] as const;
/** A PUT may also set the programme's fields (issue 40): the tier's reason is kept in the entry. */
const VENDOR_UPDATE_FIELDS = [...VENDOR_FIELDS, 'tier', 'tierReason', 'ownerUserId', 'contacts'] as const;

/** The request's workspace's vendors: every member reads them, editors and above change them. */
@Controller('api/vendors')
@Requires('workspace.read')
export class VendorsController {
  constructor(
    private readonly vendors: VendorsService,
    private readonly imports: VendorImportService,
    private readonly moves: VendorMoveService,
  ) {}

  @Get()
  list(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(vendorListQuerySchema)) query: VendorListQuery,
  ): Promise<VendorListPage> {
    return this.vendors.list(workspace.workspaceId, query);
  }

  @Get('import/template')
  async importTemplate(
    @Query(validate(vendorImportTemplateQuerySchema)) query: { format: VendorImportFormat },
  ): Promise<StreamableFile> {
    const template = await this.imports.template(query.format);
    return new StreamableFile(template.body, { type: template.type, disposition: `attachment; filename="${template.fileName}"` });
  }

  @Post('import')
  @Requires('vendors.write')
  @Audited('vendor.import', 'vendor')
  async import(@Workspace() workspace: WorkspaceContext, @Req() request: FastifyRequest): Promise<VendorImportResult> {
    return this.imports.import(workspace.workspaceId, workspace.userId, await readUpload(request));
  }

  @Post('move')
  @HttpCode(200)
  @Requires('vendors.move')
  @Audited('vendor.move', 'vendor', { fields: ['toWorkspaceId'] })
  move(
    @Workspace() workspace: WorkspaceContext,
    @Body(validate(moveVendorsSchema)) body: MoveVendors,
    @Req() request: FastifyRequest,
  ): Promise<MoveVendorsResult> {
    return this.moves.move(workspace, body, request.ip ?? null);
  }

  @Get(':id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<VendorListItem> {
    return this.vendors.getListItem(workspace.workspaceId, id);
  }

  @Post()
  @Requires('vendors.write')
  @Audited('vendor.create', 'vendor', { targetId: 'result', fields: VENDOR_FIELDS })
  create(@Workspace() workspace: WorkspaceContext, @Body(validate(createVendorSchema)) body: CreateVendor): Promise<Vendor> {
    return this.vendors.create(workspace.workspaceId, workspace.userId, body);
  }

  @Put(':id')
  @Requires('vendors.write')
  @Audited('vendor.update', 'vendor', { fields: VENDOR_UPDATE_FIELDS })
  update(
    @Workspace() workspace: WorkspaceContext,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateVendorSchema)) body: UpdateVendor,
  ): Promise<Vendor> {
    return this.vendors.update(workspace.workspaceId, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Requires('vendors.write')
  @Audited('vendor.delete', 'vendor')
  remove(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<void> {
    return this.vendors.remove(workspace.workspaceId, id);
  }
}
