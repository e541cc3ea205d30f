import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Popover,
  Radio,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TCompany } from '@settle/shared/companies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useCompanies } from '../api/get-companies';
import { useSetDefaultCompany } from '../api/set-default-company';
import classes from './company-switcher.module.css';

const labelOf = (company: Pick<TCompany, 'company' | 'custNo'>) => `${company.company} (${company.custNo})`;

/**
 * The company switcher of the header: the user's companies (the current one marked) to switch
 * to, and the default company, kept on the server, that is current at every sign-in.
 * `onSwitch` makes a company current (the app composes it with the accounts feature).
 */
export function CompanySwitcher({
  onSwitch,
  compact = false,
}: {
  onSwitch: (custNo: string) => Promise<void>;
  /** Narrow headers: an icon button named "Companies" instead of the word. */
  compact?: boolean;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [opened, setOpened] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  const companies = useCompanies(opened);
  const setDefault = useSetDefaultCompany();
  const list = companies.data ?? [];
  const defaultCompany = list.find((company) => company.defAccount);

  // Closed at once: the switch refetches every figure on screen, which may take a while.
  const switchTo = async (company: TCompany) => {
    setOpened(false);
    setSwitching(company.custNo);
    try {
      await onSwitch(company.custNo);
    } finally {
      setSwitching(null);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      trapFocus
      withArrow
      shadow="md"
    >
      <Popover.Target>
        {compact ? (
          <ActionIcon
            variant="default"
            size="md"
            onClick={() => setOpened((open) => !open)}
            aria-label={t('profile:companies.menu')}
            aria-haspopup="dialog"
            aria-expanded={opened}
            loading={switching !== null}
            data-testid="company-switcher"
          >
            <BuildingIcon />
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            size="xs"
            onClick={() => setOpened((open) => !open)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            loading={switching !== null}
            data-testid="company-switcher"
          >
            {t('profile:companies.menu')}
          </Button>
        )}
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-label={t('profile:companies.menu')}
        data-testid="company-switcher-panel"
      >
        {companies.isPending ? (
          <Group justify="center" p="sm">
            <Loader size="sm" aria-label={t('common:loading')} />
          </Group>
        ) : companies.isError ? (
          <Alert color="red" title={t('profile:companies.loadFailed')}>
            {isSessionEndingError(companies.error) ? null : translateApiError(t, companies.error)}
          </Alert>
        ) : (
          <Stack gap="sm">
            <Stack gap={2} component="ul" className={classes.list} aria-label={t('profile:companies.menu')}>
              {list.map((company) => (
                <li key={company.custNo}>
                  <UnstyledButton
                    className={classes.company}
                    aria-current={company.current ? 'true' : undefined}
                    aria-label={
                      company.current
                        ? `${labelOf(company)}, ${t('profile:companies.current')}`
                        : t('profile:companies.switchTo', { company: labelOf(company) })
                    }
                    disabled={company.current || switching !== null}
                    onClick={() => void switchTo(company)}
                    data-testid={`company-${company.custNo}`}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm">{labelOf(company)}</Text>
                      {company.current ? (
                        <Badge size="xs" variant="light">
                          {t('profile:companies.current')}
                        </Badge>
                      ) : switching === company.custNo ? (
                        <Loader size="xs" />
                      ) : null}
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
            <Radio.Group
              label={t('profile:companies.default')}
              description={t('profile:companies.defaultHint')}
              value={defaultCompany?.custNo ?? null}
              onChange={(custNo) => {
                const chosen = list.find((company) => company.custNo === custNo);
                if (!chosen) return;
                setDefault.mutate(custNo, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      message: t('profile:companies.defaultSet', { company: labelOf(chosen) }),
                    }),
                  onError: (error) => {
                    if (!isSessionEndingError(error))
                      notifications.show({
                        color: 'red',
                        title: t('profile:companies.defaultFailed'),
                        message: translateApiError(t, error),
                      });
                  },
                });
              }}
              data-testid="company-default-group"
            >
              <Stack gap={6} mt="xs">
                {list.map((company) => (
                  <Radio
                    key={company.custNo}
                    value={company.custNo}
                    label={labelOf(company)}
                    disabled={setDefault.isPending}
                    data-testid={`company-default-${company.custNo}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function BuildingIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path
        d="M4 21V4h10v17M14 9h6v12M8 8h2M8 12h2M8 16h2M3 21h18"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
