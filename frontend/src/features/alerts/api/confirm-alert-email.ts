import { useMutation } from '@tanstack/react-query';
import type { ConfirmedAlertEmail } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/**
 * `POST /api/alerts/confirm-email`: spends the token of the link sent to an email channel's address,
 * when the person acts on the page the link opened (a mail scanner's GET spends nothing). No sign-in:
 * whoever reads the address confirms it.
 */
export const confirmAlertEmail = ({ token }: { token: string }) =>
  api.post<ConfirmedAlertEmail>('/api/alerts/confirm-email', { token }, { auth: false });

export const useConfirmAlertEmail = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof confirmAlertEmail> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: confirmAlertEmail });
