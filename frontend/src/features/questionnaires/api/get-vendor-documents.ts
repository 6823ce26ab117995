import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorDocumentList } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation } from '@/lib/react-query';
import { saveFile } from '@/lib/save-file';

const documentsPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}/documents`;

/** `GET /api/vendors/:id/documents`: the vendor's documents with their validity, computed when read. */
export const getVendorDocuments = ({ vendorId, signal }: { vendorId: string; signal?: AbortSignal }) =>
  api.get<VendorDocumentList>(documentsPath(vendorId), { signal });

export const getVendorDocumentsQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: ['vendor-documents', vendorId],
    queryFn: ({ signal }) => getVendorDocuments({ vendorId, signal }),
    meta: { errorTitle: 'Failed to load documents' },
  });

export const useVendorDocuments = ({ vendorId }: { vendorId: string }) => useQuery(getVendorDocumentsQueryOptions(vendorId));

/** `GET /api/vendors/:id/documents/:documentId`: members only, always a download. */
export const downloadVendorDocument = async ({
  vendorId,
  documentId,
  name,
}: {
  vendorId: string;
  documentId: string;
  name: string;
}) => {
  const file = await api.getFile(`${documentsPath(vendorId)}/${encodeURIComponent(documentId)}`);
  saveFile(file.blob, file.filename ?? name);
};

export const useDownloadVendorDocument = () =>
  useFeatureMutation(downloadVendorDocument, { onError: (error) => notifyError('Failed to download the document', error) });
