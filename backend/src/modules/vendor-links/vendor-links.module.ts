import { Module } from '@nestjs/common';
import { JobQueuesModule } from '../job-queues/job-queues.module';
import { LinkGuessLimiter } from './link-guess-limiter';
import { PortalHeadersInterceptor } from './portal-headers.interceptor';
import { VendorLinksService } from './vendor-links.service';

/**
 * The vendor link, shared by every kind of request to a vendor: issue a link for a request, resolve a
 * token to its live link (rate-limited per address), cancel or close it; and the portal routes' headers.
 */
@Module({
  imports: [JobQueuesModule],
  providers: [VendorLinksService, LinkGuessLimiter, PortalHeadersInterceptor],
  exports: [VendorLinksService, PortalHeadersInterceptor],
})
export class VendorLinksModule {}
