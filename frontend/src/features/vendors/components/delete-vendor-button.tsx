import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { useDeleteVendor } from '../api/delete-vendor';

export function DeleteVendorButton({ vendor }: { vendor: Vendor }) {
  const deleteVendor = useDeleteVendor();

  const onClick = () => {
    // The spec asks for the browser's own confirm dialog.
    if (!window.confirm(MESSAGES.vendors.confirmDelete)) return;
    deleteVendor.mutate({ vendorId: vendor.id });
  };

  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} />}
      loading={deleteVendor.isPending}
      onClick={onClick}
      aria-label={`Delete ${vendor.name}`}
    >
      Delete
    </Button>
  );
}
