import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type TAutopayRule, ZAutopayRuleRequest } from '@settle/shared/autopay';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useDeleteAutopayRule } from '../api/delete-autopay-rule';
import { useAutopayLog } from '../api/get-autopay-log';
import { useAutopayRules } from '../api/get-autopay-rules';
import { useSaveAutopayRule } from '../api/save-autopay-rule';
import { profileLabel } from './profile-label';

export interface AutopaySettingsProps {
  custNo: string;
  currency: string;
  /** The user's saved profiles (the app reads them with the payment-profiles feature). */
  profiles: TPaymentProfile[];
}

type Draft = { paymentProfileId: string | null; daysBefore: number; maxAmount: string; maxFailures: number };

const draftOf = (rule: TAutopayRule | undefined): Draft => ({
  paymentProfileId: rule ? String(rule.paymentProfileId) : null,
  daysBefore: rule?.daysBefore ?? 0,
  maxAmount: rule?.maxAmount ?? '',
  maxFailures: rule?.maxFailures ?? 3,
});

/**
 * The profile's Autopay tab: the rule of the current customer and currency (pay every invoice on
 * its due date or N days before, up to a limit per invoice, with a saved profile), its state, and
 * what autopay did lately.
 */
export function AutopaySettings({ custNo, currency, profiles }: AutopaySettingsProps) {
  const { t } = useTranslation(['autopay', 'errors']);
  const rules = useAutopayRules();
  const rule = rules.data?.find(
    (candidate) => candidate.custNo === custNo && candidate.currencyCode === currency,
  );
  if (rules.isPending) return <Text aria-busy="true">{t('autopay:loading')}</Text>;
  if (rules.isError)
    return (
      <Alert color="red" title={t('autopay:loadFailed')}>
        {translateApiError(t, rules.error)}
      </Alert>
    );
  return (
    <Stack data-testid="autopay-settings">
      <Text>{t('autopay:intro', { custNo, currency })}</Text>
      <AutopayRuleForm
        key={`${custNo}-${currency}`}
        custNo={custNo}
        currency={currency}
        profiles={profiles}
        rule={rule}
      />
      <AutopayLog custNo={custNo} currency={currency} />
    </Stack>
  );
}

function AutopayRuleForm({
  custNo,
  currency,
  profiles,
  rule,
}: AutopaySettingsProps & { rule?: TAutopayRule }) {
  const { t } = useTranslation(['autopay', 'errors']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveAutopayRule();
  const remove = useDeleteAutopayRule();
  const usable = profiles.filter(
    (profile) =>
      profile.custNo === custNo &&
      !profile.expired &&
      (profile.profileType !== 'ECHECK' || currency === 'USD'),
  );

  const submit = async () => {
    setSaved(false);
    const parsed = ZAutopayRuleRequest.safeParse({
      paymentProfileId: draft.paymentProfileId ? Number(draft.paymentProfileId) : 0,
      daysBefore: draft.daysBefore,
      maxAmount: draft.maxAmount.trim() === '' ? null : draft.maxAmount.trim(),
      maxFailures: draft.maxFailures,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({ custNo, currency, body: parsed.data });
      setSaved(true);
    } catch (error) {
      setProblem(translateApiError(t, error));
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={2} size="h4">
          {t('autopay:rule.title', { custNo, currency })}
        </Title>
        {rule ? (
          <Badge
            variant="light"
            size="lg"
            color={rule.status === 'ACTIVE' ? 'green' : 'red'}
            data-testid="autopay-status"
          >
            {t(`autopay:status.${rule.status}`)}
          </Badge>
        ) : (
          <Badge variant="light" size="lg" color="gray" data-testid="autopay-status">
            {t('autopay:status.OFF')}
          </Badge>
        )}
      </Group>
      {rule?.status === 'STOPPED' ? (
        <Alert color="red" data-testid="autopay-stopped">
          {t('autopay:stopped', {
            reason: t(`autopay:reasons.${rule.stoppedReason}`, { defaultValue: rule.stoppedReason ?? '' }),
          })}
        </Alert>
      ) : null}
      {usable.length === 0 ? <Text c="dimmed">{t('autopay:rule.noProfile')}</Text> : null}
      <Select
        label={t('autopay:rule.profile')}
        data={usable.map((profile) => ({ value: String(profile.id), label: profileLabel(profile) }))}
        value={draft.paymentProfileId}
        onChange={(value) => setDraft({ ...draft, paymentProfileId: value })}
        data-testid="autopay-profile"
        allowDeselect={false}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t('autopay:rule.daysBefore')}
          description={t('autopay:rule.daysBeforeHint')}
          min={0}
          max={30}
          allowDecimal={false}
          value={draft.daysBefore}
          onChange={(value) => setDraft({ ...draft, daysBefore: Number(value) || 0 })}
          data-testid="autopay-days-before"
        />
        <TextInput
          label={t('autopay:rule.maxAmount')}
          description={t('autopay:rule.maxAmountHint')}
          value={draft.maxAmount}
          onChange={(event) => setDraft({ ...draft, maxAmount: event.currentTarget.value })}
          inputMode="decimal"
          data-testid="autopay-max-amount"
        />
        <NumberInput
          label={t('autopay:rule.maxFailures')}
          description={t('autopay:rule.maxFailuresHint')}
          min={1}
          max={10}
          allowDecimal={false}
          value={draft.maxFailures}
          onChange={(value) => setDraft({ ...draft, maxFailures: Number(value) || 1 })}
          data-testid="autopay-max-failures"
        />
      </SimpleGrid>
      {problem ? (
        <Alert color="red" data-testid="autopay-problem">
          {problem}
        </Alert>
      ) : null}
      {saved ? (
        <Alert color="green" data-testid="autopay-saved">
          {t('autopay:rule.saved')}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={save.isPending} data-testid="autopay-save">
          {t(rule?.status === 'STOPPED' ? 'autopay:rule.resume' : 'autopay:rule.save')}
        </Button>
        {rule ? (
          <Button
            variant="default"
            loading={remove.isPending}
            onClick={() => remove.mutate({ custNo, currency })}
            data-testid="autopay-off"
          >
            {t('autopay:rule.off')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function AutopayLog({ custNo, currency }: { custNo: string; currency: string }) {
  const { t } = useTranslation('autopay');
  const { c2, date } = useFormatters();
  const log = useAutopayLog(custNo, currency);
  if (!log.data || log.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('log.title')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="autopay-log" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('log.date')}</Table.Th>
              <Table.Th scope="col">{t('log.what')}</Table.Th>
              <Table.Th scope="col">{t('log.invoice')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('log.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.slice(0, 20).map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{date(entry.runDate)}</Table.Td>
                <Table.Td>
                  {t(`kinds.${entry.kind}`)}
                  {entry.reason ? ` (${t(`reasons.${entry.reason}`, { defaultValue: entry.reason })})` : ''}
                </Table.Td>
                <Table.Td>{entry.invNo ?? '—'}</Table.Td>
                <Table.Td ta="end">{entry.amount ? c2(entry.amount, currency) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
