import { Alert, Badge, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, totpCodeSchema } from '@vendorwatch/contracts';
import { SectionLoader } from '@/components/ui/section-loader';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useEnrollFactor } from '../api/enroll-factor';
import { useFactors } from '../api/get-factors';
import { useIssueRecoveryCodes } from '../api/issue-recovery-codes';
import { useUnenrollFactor } from '../api/unenroll-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';

/**
 * Turn two-factor authentication on (QR code, secret, first code, then ten recovery codes shown once)
 * or off; new recovery codes replace the old ones.
 */
export function TwoFactorCard() {
  const factors = useFactors();
  const enroll = useEnrollFactor();
  const unenroll = useUnenrollFactor();
  const recoveryCodes = useIssueRecoveryCodes();
  const verified = factors.data?.totp[0];
  const renewCodes = (factorId: string) => {
    if (window.confirm(MESSAGES.auth.confirmNewRecoveryCodes)) recoveryCodes.mutate({ factorId });
  };

  return (
    <SectionCard
      title="Two-factor authentication"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {factors.isPending ? (
        <SectionLoader />
      ) : factors.isError ? (
        <Alert color="red">{factors.error.message}</Alert>
      ) : verified ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Badge color="green" size="lg">
              On
            </Badge>
            <Group gap="xs">
              <Button variant="default" loading={recoveryCodes.isPending} onClick={() => renewCodes(verified.id)}>
                New recovery codes
              </Button>
              <Button
                color="red"
                variant="light"
                loading={unenroll.isPending}
                onClick={() => unenroll.mutate({ factorId: verified.id })}
              >
                Turn off
              </Button>
            </Group>
          </Group>
          {recoveryCodes.data && <RecoveryCodesPanel codes={recoveryCodes.data.codes} onDone={recoveryCodes.reset} />}
          {recoveryCodes.error && <Alert color="red">{recoveryCodes.error.message}</Alert>}
        </Stack>
      ) : enroll.data ? (
        <EnrollmentStep
          factorId={enroll.data.id}
          qrCode={enroll.data.totp.qr_code}
          secret={enroll.data.totp.secret}
          onDone={() => {
            // The session is aal2 now, which issuing the codes needs.
            recoveryCodes.mutate({ factorId: enroll.data.id });
            enroll.reset();
          }}
        />
      ) : (
        <Group justify="space-between">
          <Badge color="gray" size="lg">
            Off
          </Badge>
          <Button loading={enroll.isPending} onClick={() => enroll.mutate()}>
            Set up authenticator app
          </Button>
        </Group>
      )}
      {enroll.error && <Alert color="red">{enroll.error.message}</Alert>}
    </SectionCard>
  );
}

interface EnrollmentStepProps {
  factorId: string;
  qrCode: string;
  secret: string;
  onDone: () => void;
}

function EnrollmentStep({ factorId, qrCode, secret, onDone }: EnrollmentStepProps) {
  const verify = useVerifyFactor({ mutationConfig: { onSuccess: onDone } });
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: zodValidate(totpCodeSchema) });
  const submit = form.onSubmit(
    (values) => verify.mutate({ factorId, code: values.code.trim() }),
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">Scan this QR code with your authenticator app, or type the key below into it.</Text>
        <Image src={qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Group gap="xs">
          <Text size="sm">Key:</Text>
          <Code data-testid="totp-secret">{secret}</Code>
        </Group>
        {verify.error && (
          <Alert color="red" title="Code not accepted">
            {verify.error.message}
          </Alert>
        )}
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" loading={verify.isPending}>
            Verify and turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
