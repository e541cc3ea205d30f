import { Accordion, Button, Radio, Stack, Text } from '@mantine/core';
import type { TPaymentProfile, TProfileType } from '@settle/shared/payment-profiles';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PANEL_TYPES: TProfileType[] = ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'];

export interface ProfilePanelsProps {
  profiles: TPaymentProfile[];
  /** The types the currency offers for saved profiles (allow...Profile of the payment config). */
  offered: Record<TProfileType, boolean>;
  /** Paying is possible now (cart total or on-account amount above 0). */
  enabled: boolean;
  busy: boolean;
  onPay: (profile: TPaymentProfile) => void;
  /** The selection, told to the screen so it can disable the other types' pay buttons. */
  onSelect?: (profile: TPaymentProfile | null) => void;
  /** Shown in the e-check panel: the way to add a bank account from there. */
  addBank?: ReactNode;
}

/**
 * The credit, debit and e-check panels of saved profiles (spec section 4): one panel open at a time,
 * a click on the selected profile unselects it, a selection of one type disables the other types'
 * pay buttons, and an expired card cannot be chosen.
 */
export function ProfilePanels({
  profiles,
  offered,
  enabled,
  busy,
  onPay,
  onSelect,
  addBank,
}: ProfilePanelsProps) {
  const { t } = useTranslation('paymentProfiles');
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<TPaymentProfile | null>(null);
  const choose = (profile: TPaymentProfile) => {
    const next = selected?.id === profile.id ? null : profile;
    setSelected(next);
    onSelect?.(next);
  };
  // A selected profile deleted meanwhile (the manage dialog) is no longer selected.
  const gone = selected !== null && !profiles.some((profile) => profile.id === selected.id);
  useEffect(() => {
    if (!gone) return;
    setSelected(null);
    onSelect?.(null);
  }, [gone, onSelect]);
  const types = PANEL_TYPES.filter((type) => offered[type]);
  if (types.length === 0) return null;

  return (
    <Accordion value={open} onChange={setOpen} variant="separated" data-testid="profile-panels">
      {types.map((type) => {
        const ofType = profiles.filter((profile) => profile.profileType === type);
        const blocked = selected !== null && selected.profileType !== type;
        const chosen = selected?.profileType === type ? selected : null;
        return (
          <Accordion.Item key={type} value={type} data-testid={`profile-panel-${type}`}>
            <Accordion.Control>{t(`panels.${type}`, { count: ofType.length })}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {ofType.length === 0 ? <Text size="sm">{t('panels.none')}</Text> : null}
                {ofType.map((profile) => {
                  const label =
                    profile.profileType === 'ECHECK'
                      ? `${profile.aliasName || profile.name || ''} ${profile.accountNum ?? ''}`.trim()
                      : `${profile.aliasName ? `${profile.aliasName} · ` : ''}${t('cardEnding', {
                          brand: profile.cardType ?? '',
                          last4: profile.lastDigits ?? '',
                        })} · ${profile.expirationDateStr ?? ''}${profile.expired ? ` (${t('expired')})` : ''}`;
                  return (
                    <Radio
                      key={profile.id}
                      label={label}
                      checked={selected?.id === profile.id}
                      disabled={profile.expired}
                      // A click on the selected profile unselects it (a radio alone cannot).
                      onClick={() => !profile.expired && choose(profile)}
                      onChange={() => {}}
                      data-testid={`profile-option-${profile.id}`}
                    />
                  );
                })}
                <Button
                  disabled={!enabled || blocked || chosen === null || busy}
                  loading={busy && chosen !== null}
                  onClick={() => chosen && onPay(chosen)}
                  data-testid={`profile-pay-${type}`}
                >
                  {t('payWithProfile')}
                </Button>
                {type === 'ECHECK' ? addBank : null}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
