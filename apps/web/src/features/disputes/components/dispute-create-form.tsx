import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX,
  type TDispute,
  type TDisputeCreateRequest,
  type TDisputeStyle,
} from '@settle/shared/disputes';
import type { TInvoiceDetail } from '@settle/shared/invoices';
import { checkDisputedAmount, checkLineItems } from '@settle/shared/rules/disputes';
import type { TUploadedFile } from '@settle/shared/uploads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { translateCatalogueMessage } from '../../../lib/catalogue-message';
import { useFormatters } from '../../../lib/use-formatters';
import { useCreateDispute } from '../api/create-dispute';
import { useReasonCodes } from '../api/get-reason-codes';
import { parseDecimalInput } from '../lib/parse-decimal';
import { translateDisputeError } from '../lib/translate-dispute-error';
import type { AttachmentUploader } from './attachment-uploader';
import { evaluateLine, type LineCounts, LineItemEditor } from './line-item-editor';

const DESCRIPTION_MAX = 500;

/** What is disputed: an invoice (by line item or amount), or the customer (by amount, no invoice). */
export type DisputeTarget =
  | { kind: 'invoice'; detail: TInvoiceDetail }
  | { kind: 'customer'; custNo: string; currencyCode: string };

export interface DisputeCreateFormProps {
  target: DisputeTarget;
  uploader: AttachmentUploader;
  onCreated: (dispute: TDispute) => void;
  onCancel: () => void;
}

/**
 * Creating a dispute: by line item (a count per line) or by amount (above zero, at most the
 * invoice's maxAmount), a reason, a description, a first note and attachments. The shared
 * rules refuse with the specification's messages before anything is sent.
 */
export function DisputeCreateForm({
  target,
  uploader: Uploader,
  onCreated,
  onCancel,
}: DisputeCreateFormProps) {
  const { t } = useTranslation(['disputes', 'errors']);
  const formatters = useFormatters();
  const reasons = useReasonCodes();
  const create = useCreateDispute();
  const lines = target.kind === 'invoice' ? target.detail.lineItems : [];
  const currencyCode =
    target.kind === 'invoice' ? target.detail.invoice.tranCurrencyCode : target.currencyCode;
  const [style, setStyle] = useState<TDisputeStyle>(lines.length > 0 ? 'artran' : 'other');
  const [counts, setCounts] = useState<LineCounts>({});
  const [amount, setAmount] = useState('');
  const [reasonCode, setReasonCode] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [note, setNote] = useState('');
  const [attachments, setAttachments] = useState<TUploadedFile[]>([]);
  const [uploadsPending, setUploadsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const maxAmount = target.kind === 'invoice' ? target.detail.maxAmount : null;
  const message = (text: string) => translateCatalogueMessage(t, DISPUTE_MESSAGES, text, 'disputes:messages');

  /** The request, or the first rule it breaks (in English, translated where it is shown). */
  const buildRequest = (): TDisputeCreateRequest | string => {
    const common = {
      reasonCode: reasonCode ?? '',
      description: description.trim(),
      newNote: note.trim() || undefined,
      attachments: attachments.length > 0 ? attachments.map((file) => file.uuid) : undefined,
    };
    let request: TDisputeCreateRequest;
    if (style === 'artran' && target.kind === 'invoice') {
      const evaluated = lines.map((line) => ({ line, ...evaluateLine(line, counts[line.id]) }));
      if (evaluated.some((entry) => entry.count === null)) return t('disputes:messages.notANumber');
      const check = checkLineItems(
        evaluated.map(({ line, count }) => ({
          qtyShip: line.qtyShip,
          price: line.price,
          disputedCount: count!,
        })),
      );
      if (!check.ok) return check.message;
      request = {
        ...common,
        style,
        invNo: target.detail.invoice.invNo,
        tranId: target.detail.invoice.tranId,
        disputedItems: evaluated
          .filter((entry) => Number(entry.count) > 0)
          .map((entry) => ({ lineItemId: entry.line.id, disputedCount: entry.count! })),
      };
    } else {
      const parsed = parseDecimalInput(amount, 2) ?? (amount.trim() === '' ? '0' : null);
      if (parsed === null) return t('disputes:messages.notANumber');
      const check = checkDisputedAmount(parsed, maxAmount, (value) => formatters.c2(value, currencyCode));
      if (!check.ok) return check.message;
      request =
        target.kind === 'invoice'
          ? {
              ...common,
              style: 'other',
              invNo: target.detail.invoice.invNo,
              tranId: target.detail.invoice.tranId,
              disputedAmount: parsed,
            }
          : {
              ...common,
              style: 'other',
              custDispute: true,
              custNo: target.custNo,
              currencyCode: target.currencyCode,
              disputedAmount: parsed,
            };
    }
    if (!reasonCode) return DISPUTE_MESSAGES.unknownReason;
    return request;
  };

  const submit = () => {
    const request = buildRequest();
    if (typeof request === 'string') {
      setError(message(request));
      return;
    }
    setError(null);
    create.mutate(request, {
      onSuccess: onCreated,
      onError: (failure) => {
        if (!isSessionEndingError(failure)) setError(translateDisputeError(t, failure));
      },
    });
  };

  return (
    <Stack gap="md" data-testid="dispute-create">
      {target.kind === 'invoice' ? (
        <Group gap="lg">
          <Text size="sm" data-testid="dispute-create-balance">
            {t('disputes:create.balance', {
              amount: formatters.c2(target.detail.invoice.balance, currencyCode),
            })}
          </Text>
          <Text size="sm" data-testid="dispute-create-max">
            {t('disputes:create.max', { amount: formatters.c2(target.detail.maxAmount, currencyCode) })}
          </Text>
        </Group>
      ) : null}

      {lines.length > 0 ? (
        <SegmentedControl
          value={style}
          onChange={(value) => {
            setStyle(value as TDisputeStyle);
            setError(null);
          }}
          data={[
            { value: 'artran', label: t('disputes:create.byLineItem') },
            { value: 'other', label: t('disputes:create.byAmount') },
          ]}
          aria-label={t('disputes:create.style')}
          data-testid="dispute-style"
        />
      ) : null}

      {style === 'artran' && target.kind === 'invoice' ? (
        <LineItemEditor
          lines={lines}
          counts={counts}
          currencyCode={currencyCode}
          onChange={(lineId, typed) => setCounts((current) => ({ ...current, [lineId]: typed }))}
        />
      ) : (
        <TextInput
          label={t('disputes:create.amount', { currency: currencyCode })}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          data-testid="dispute-amount"
          maw={260}
          required
        />
      )}

      <Select
        label={t('disputes:fields.reason')}
        placeholder={t('disputes:create.reasonPlaceholder')}
        data={(reasons.data ?? []).map((reason) => ({ value: reason.code, label: reason.description }))}
        value={reasonCode}
        onChange={setReasonCode}
        data-testid="dispute-reason"
        nothingFoundMessage={t('disputes:create.noReasons')}
        maw={420}
        required
        allowDeselect={false}
      />
      <TextInput
        label={t('disputes:fields.description')}
        value={description}
        maxLength={DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.currentTarget.value)}
        data-testid="dispute-description"
      />
      <NoteInput
        value={note}
        onChange={setNote}
        label={t('disputes:create.firstNote')}
        testId="dispute-note"
      />

      <Paper withBorder p="sm" radius="md">
        <Title order={2} size="h6" mb="xs">
          {t('disputes:attachments.title')}
        </Title>
        {attachments.length > 0 ? (
          <Text size="sm" mb="xs" data-testid="dispute-create-attachments">
            {attachments.map((file) => file.fileName).join(', ')}
          </Text>
        ) : null}
        <Uploader
          onUploaded={(files) => setAttachments((current) => [...current, ...files])}
          onPendingChange={setUploadsPending}
        />
      </Paper>

      {error ? (
        <Alert color="red" role="alert" data-testid="dispute-create-error">
          {error}
        </Alert>
      ) : null}
      {uploadsPending ? (
        <Text size="sm" c="dimmed" data-testid="dispute-uploads-pending">
          {t('disputes:create.uploadsPending')}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-testid="dispute-cancel">
          {t('disputes:actions.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={create.isPending}
          disabled={uploadsPending}
          data-testid="dispute-save"
        >
          {t('disputes:actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A note of at most DISPUTE_NOTE_MAX characters, with what is left shown as the user types. */
export function NoteInput(props: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('disputes');
  const { n0 } = useFormatters();
  return (
    <Textarea
      label={props.label}
      value={props.value}
      maxLength={DISPUTE_NOTE_MAX}
      rows={4}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      description={t('notes.counter', { used: n0(props.value.length), max: n0(DISPUTE_NOTE_MAX) })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data-testid={props.testId}
    />
  );
}
