import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createVendorSchema,
  listWindowQuerySchema,
  updateVendorSchema,
  type CreateVendor,
  type ListWindow,
  type UpdateVendor,
  type Vendor,
  type VendorListItem,
} from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { VendorsService } from './vendors.service';

const VENDOR_FIELDS = ['name', 'url', 'description', 'domains', 'dkimSelectors'] as const;

/** The request's workspace's vendors: every member reads them, editors and above change them. */
@Controller('api/vendors')
@Requires('workspace.read')
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  @Get()
  list(
    @Workspace() workspace: WorkspaceContext,
    @Query(validate(listWindowQuerySchema)) window: ListWindow,
  ): Promise<VendorListItem[]> {
    return this.vendors.list(workspace.workspaceId, window);
  }

  @Get(':id')
  get(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string): Promise<Vendor> {
    return this.vendors.get(workspace.workspaceId, id);
  }

  @Post()
  @Requires('vendors.write')
  @Audited('vendor.create', 'vendor', { targetId: 'result', fields: VENDOR_FIELDS })
  create(@Workspace() workspace: WorkspaceContext, @Body(validate(createVendorSchema)) body: CreateVendor): Promise<Vendor> {
    return this.vendors.create(workspace.workspaceId, workspace.userId, body);
  }

  @Put(':id')
  @Requires('vendors.write')
  @Audited('vendor.update', 'vendor', { fields: VENDOR_FIELDS })
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
