import { Module } from '@nestjs/common';
import { PortfolioController, VendorInventoriesController } from './vendor-inventories.controller';
import { VendorInventoriesService } from './vendor-inventories.service';

@Module({ controllers: [VendorInventoriesController, PortfolioController], providers: [VendorInventoriesService] })
export class VendorInventoriesModule {}
