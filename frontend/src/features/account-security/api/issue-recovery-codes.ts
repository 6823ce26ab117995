import type { RecoveryCodes } from '@vendorwatch/contracts';
import { callAuthServer } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

/** Ten new recovery codes for the verified factor, shown once; the earlier ones stop working. */
export const issueRecoveryCodes = ({ factorId }: { factorId: string }) =>
  callAuthServer<RecoveryCodes>('POST', `/factors/${encodeURIComponent(factorId)}/recovery-codes`);

export const useIssueRecoveryCodes = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof issueRecoveryCodes> } = {}) =>
  useFeatureMutation(issueRecoveryCodes, {}, mutationConfig);
