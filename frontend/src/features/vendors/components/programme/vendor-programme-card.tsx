import { Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClipboardCheck, IconListCheck, IconPencil } from '@tabler/icons-react';
import type { ProgrammeTier, VendorListItem } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { ReviewStatusBadge, shortDate, TierBadge } from '@/components/compliance/programme-badges';
import { RequiresPermission } from '@/lib/workspace';
import { IntakeDialog } from './intake-dialog';
import { ProgrammeDetailsDialog } from './programme-details-dialog';
import { RecordReviewDialog } from './record-review-dialog';
import { ReviewHistory } from './review-history';
import { tierName } from './tier-options';

interface VendorProgrammeCardProps {
  vendor: VendorListItem;
  /** The workspace's tiers (names, intervals); supplied by the screen, which owns the programme settings. */
  tiers?: readonly ProgrammeTier[];
  /** The workspace's members, to name the owner and choose another; supplied by the screen. */
  members?: readonly { userId: string; email: string }[];
}

/**
 * The vendor's place in the programme: its tier and why, owner, contacts, review status with its
 * reason and next date, the intake and review dialogs, and the review history.
 */
export function VendorProgrammeCard({ vendor, tiers, members = [] }: VendorProgrammeCardProps) {
  const [intakeOpened, intake] = useDisclosure(false);
  const [reviewOpened, review] = useDisclosure(false);
  const [detailsOpened, details] = useDisclosure(false);
  const owner = vendor.ownerUserId
    ? (members.find((member) => member.userId === vendor.ownerUserId)?.email ?? 'No longer a member')
    : null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="vendor-programme">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            Programme
          </Title>
          <Group gap="xs">
            <RequiresPermission permission="vendors.write">
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={details.open}>
                Edit
              </Button>
            </RequiresPermission>
            <RequiresPermission permission="programme.write">
              <Button size="xs" variant="default" leftSection={<IconListCheck size={14} />} onClick={intake.open}>
                Run intake
              </Button>
              <Button size="xs" leftSection={<IconClipboardCheck size={14} />} onClick={review.open}>
                Record review
              </Button>
            </RequiresPermission>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Tier">
            <TierBadge tier={vendor.tier} name={tierName(tiers, vendor.tier)} />
            {vendor.tierReason && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="tier-reason">
                {vendor.tierReason}
              </Text>
            )}
            {vendor.intake && (
              <Text size="xs" c="dimmed">
                Intake suggested tier {vendor.intake.suggestedTier} on {shortDate(vendor.intake.answeredAt)}
              </Text>
            )}
          </Field>
          <Field label="Review">
            <Group gap="xs">
              <ReviewStatusBadge review={vendor.review} />
            </Group>
            <Text size="sm" data-testid="review-reason">
              {vendor.review.reason}
            </Text>
            <Text size="xs" c="dimmed">
              Next review: {shortDate(vendor.review.nextReviewAt, 'none scheduled')}
            </Text>
          </Field>
          <Field label="Owner">
            <Text size="sm" c={owner ? undefined : 'dimmed'}>
              {owner ?? 'No owner'}
            </Text>
          </Field>
          <Field label="Contacts">
            {vendor.contacts.length === 0 ? (
              <Text size="sm" c="dimmed">
                No contact
              </Text>
            ) : (
              vendor.contacts.map((contact) => (
                <Text key={contact.email} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {contact.name ? `${contact.name} · ` : ''}
                  <Anchor href={`mailto:${contact.email}`} size="sm">
                    {contact.email}
                  </Anchor>
                </Text>
              ))
            )}
          </Field>
        </SimpleGrid>
        <Divider label="Review history" labelPosition="left" />
        <ReviewHistory vendorId={vendor.id} />
      </Stack>
      <IntakeDialog vendor={vendor} tiers={tiers} opened={intakeOpened} onClose={intake.close} />
      <RecordReviewDialog vendor={vendor} opened={reviewOpened} onClose={review.close} />
      <ProgrammeDetailsDialog vendor={vendor} tiers={tiers} members={members} opened={detailsOpened} onClose={details.close} />
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
