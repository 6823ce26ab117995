import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { useDeleteVendor } from '../api/delete-vendor';

/** Delete, after the browser's confirm; `compact`: an icon with a tooltip (the vendors table's row). */
export function DeleteVendorButton({ vendor, compact = false }: { vendor: Vendor; compact?: boolean }) {
  const deleteVendor = useDeleteVendor();

  const onClick = () => {
    // The spec asks for the browser's own confirm dialog.
    if (!window.confirm(MESSAGES.vendors.confirmDelete)) return;
    deleteVendor.mutate({ vendorId: vendor.id });
  };

  if (compact) {
    return (
      <Tooltip label="Delete">
        <ActionIcon
          size="md"
          color="red"
          variant="light"
          loading={deleteVendor.isPending}
          onClick={onClick}
          aria-label={`Delete ${vendor.name}`}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
    );
  }
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
