import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '../../../lib/use-user-data';
import { datePatternFor, type TDatePattern } from '../utils/date-pattern';

/** The date pickers' format for the user's formatting locale (the UI language before sign-in). */
export function useDatePattern(): TDatePattern {
  const userData = useUserData();
  const { i18n } = useTranslation();
  const locale = userData?.localeForFormatting || i18n.language;
  return useMemo(() => datePatternFor(locale), [locale]);
}
