import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type VendorImportFormat, type VendorImportResult } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `POST /api/vendors/import`: the file as the form field `file`; 400 names every bad row, nothing added. */
export const importVendors = ({ file }: { file: File }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.postForm<VendorImportResult>('/api/vendors/import', form);
};

/** `GET /api/vendors/import/template?format=`: the file to fill in, downloaded. */
export const downloadImportTemplate = (format: VendorImportFormat) =>
  api.getFile('/api/vendors/import/template', { params: { format } });

/** The summary (added, skipped rows) and the refused rows are shown by the dialog; only other failures toast. */
export const useImportVendors = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof importVendors> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    importVendors,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) notifyError(MESSAGES.vendorList.importFailed, error);
      },
    },
    mutationConfig,
  );
};
