import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../../common/auth-user';
import { ApiDocsService } from './api-docs.service';
import type { OpenApiDocument } from './openapi-document';

@Controller('api/docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Public()
  @Get('openapi.json')
  @Header('cache-control', 'no-cache')
  openApi(): OpenApiDocument {
    return this.docs.document;
  }
}
