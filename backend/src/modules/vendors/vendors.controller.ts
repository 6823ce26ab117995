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
import { CurrentUser, type AuthUser } from '../../common/auth-user';
import { ParseIdPipe } from '../../common/parse-uuid.pipe';
import { validate } from '../../common/zod-validation.pipe';
import { VendorsService } from './vendors.service';

@Controller('api/vendors')
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query(validate(listWindowQuerySchema)) window: ListWindow): Promise<VendorListItem[]> {
    return this.vendors.list(user.id, window);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<Vendor> {
    return this.vendors.get(user.id, id);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @Body(validate(createVendorSchema)) body: CreateVendor): Promise<Vendor> {
    return this.vendors.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) id: string,
    @Body(validate(updateVendorSchema)) body: UpdateVendor,
  ): Promise<Vendor> {
    return this.vendors.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe) id: string): Promise<void> {
    return this.vendors.remove(user.id, id);
  }
}
