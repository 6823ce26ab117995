import { useParams } from 'react-router-dom';
import { VendorPortalPage } from '@/features/vendor-portal/components/vendor-portal-page';

/**
 * `/vendor-portal/:token`: outside the auth provider and the app shell. The link must not leak through
 * a Referer (the server sends the header too; React hoists this tag into the head).
 */
export default function VendorPortalRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <meta name="referrer" content="no-referrer" />
      <VendorPortalPage token={token} />
    </>
  );
}
