import { Controller, Get, Param, Query } from '@nestjs/common';
import { portfolioQuerySchema, type PortfolioQuery } from '@vendorwatch/contracts';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { Requires } from '../access/requires.decorator';
import { Workspace, type WorkspaceContext } from '../access/workspace-context';
import { Audited } from '../audit-log/audited.decorator';
import { VendorInventoriesService } from './vendor-inventories.service';

/** A vendor's software, SBOM and third parties, and an assessment's grades with the what-if projection. */
@Controller('api')
@Requires('workspace.read')
export class VendorInventoriesController {
  constructor(private readonly inventories: VendorInventoriesService) {}

  @Get('vendors/:id/software')
  software(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.inventories.software(workspace.workspaceId, id);
  }

  @Get('vendors/:id/sbom')
  @Requires('reports.export')
  @Audited('vendor.sbom_export', 'vendor')
  sbom(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.inventories.sbom(workspace.workspaceId, id);
  }

  @Get('vendors/:id/third-parties')
  thirdParties(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.inventories.thirdParties(workspace.workspaceId, id);
  }

  @Get('reports/:id/grades')
  grades(@Workspace() workspace: WorkspaceContext, @Param('id', ParseIdPipe) id: string) {
    return this.inventories.grades(workspace.workspaceId, id);
  }
}

/** Across the workspace's vendors: their grades and counts, and third-party concentration. */
@Controller('api/portfolio')
@Requires('workspace.read')
export class PortfolioController {
  constructor(private readonly inventories: VendorInventoriesService) {}

  @Get('vendors')
  vendors(@Workspace() workspace: WorkspaceContext) {
    return this.inventories.summaries(workspace.workspaceId);
  }

  @Get('third-parties')
  thirdParties(@Workspace() workspace: WorkspaceContext, @Query(validate(portfolioQuerySchema)) query: PortfolioQuery) {
    return this.inventories.portfolio(workspace.workspaceId, query);
  }

  @Get('third-parties/export')
  @Requires('reports.export')
  @Audited('portfolio.export', 'portfolio')
  export(@Workspace() workspace: WorkspaceContext, @Query(validate(portfolioQuerySchema)) query: PortfolioQuery) {
    return this.inventories.portfolioExport(workspace.workspaceId, query);
  }
}
