import { Button } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useDownloadRiskProfile } from '../api/download-risk-profile';

/** The vendor's risk profile as a PDF (tier and why, owner, grades, reviews, open requests, accepted risks): every member may download it. */
export function DownloadRiskProfileButton({ vendorId }: { vendorId: string }) {
  const download = useDownloadRiskProfile();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileDownload size={14} />}
      loading={download.isPending}
      onClick={() => download.mutate({ vendorId })}
      data-testid="download-risk-profile"
    >
      Download risk profile
    </Button>
  );
}
