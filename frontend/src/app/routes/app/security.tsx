import { ContentLayout } from '@/components/layouts/content-layout';
import { AccountSecurity } from '@/features/account-security/components/account-security';

export default function SecurityRoute() {
  return (
    <ContentLayout title="Security">
      <AccountSecurity />
    </ContentLayout>
  );
}
