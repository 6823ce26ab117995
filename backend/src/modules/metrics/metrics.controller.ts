import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { Public } from '../../common/auth-user';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MetricsService } from './metrics.service';

/** Prometheus' scrape target: `Authorization: Bearer $METRICS_TOKEN`. */
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @UseGuards(MetricsTokenGuard)
  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  scrape(): Promise<string> {
    return this.metrics.metrics();
  }
}
