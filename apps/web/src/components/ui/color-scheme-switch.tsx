import {
  ActionIcon,
  type MantineBreakpoint,
  type MantineColorScheme,
  Menu,
  useMantineColorScheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OutlineIcon } from './outline-icon';

const CHOICES: ReadonlyArray<{ value: MantineColorScheme; labelKey: string; icon: readonly string[] }> = [
  {
    value: 'light',
    labelKey: 'colorScheme.light',
    icon: [
      'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
      'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
    ],
  },
  {
    value: 'dark',
    labelKey: 'colorScheme.dark',
    icon: ['M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454z'],
  },
  {
    value: 'auto',
    labelKey: 'colorScheme.auto',
    icon: [
      'M3 5a1 1 0 0 1 1 -1h16a1 1 0 0 1 1 1v10a1 1 0 0 1 -1 1h-16a1 1 0 0 1 -1 -1v-10z',
      'M7 20h10',
      'M9 16v4',
      'M15 16v4',
    ],
  },
];

/**
 * Light, dark, or the system's setting (the default). MantineProvider's colour scheme manager
 * keeps the choice in this browser's storage.
 */
export function ColorSchemeSwitch({ visibleFrom }: { visibleFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  const { colorScheme } = useMantineColorScheme();
  const current = currentChoice(colorScheme);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('colorScheme.button', { current: t(current.labelKey) })}
          visibleFrom={visibleFrom}
          data-testid="color-scheme-switch"
        >
          <OutlineIcon paths={current.icon} size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ColorSchemeMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}

/** The choices as a labelled group of a menu: the switch's own, or the navigation menu's on narrow screens. */
export function ColorSchemeMenuItems({ testIdPrefix = '' }: { testIdPrefix?: string }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>{t('colorScheme.label')}</Menu.Label>
      <Menu.RadioGroup
        value={currentChoice(colorScheme).value}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
      >
        {CHOICES.map((choice) => (
          <Menu.RadioItem
            key={choice.value}
            value={choice.value}
            rightSection={<OutlineIcon paths={choice.icon} size={16} />}
            data-testid={`${testIdPrefix}color-scheme-${choice.value}`}
          >
            {t(choice.labelKey)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}

function currentChoice(colorScheme: MantineColorScheme) {
  return CHOICES.find((choice) => choice.value === colorScheme) ?? CHOICES[2]!;
}
