import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

type LanguageButtonProps = { variant: 'subtle' | 'white' } & Omit<ButtonProps, 'variant'> &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/** The switch's button: the current language's name; also the language menu's target. */
export const LanguageButton = forwardRef<HTMLButtonElement, LanguageButtonProps>(function LanguageButton(
  { variant, ...props },
  ref,
) {
  const { t, i18n } = useTranslation();
  const name = t(`language.${currentLanguage(i18n)}`);
  return (
    <Button
      ref={ref}
      variant={variant}
      color={variant === 'white' ? 'indigo' : 'gray'}
      size="compact-md"
      leftSection={<IconLanguage size={18} />}
      // The accessible name starts with the words shown (WCAG 2.5.3), then says what they are.
      aria-label={`${name} (${t('language.label')})`}
      {...props}
    >
      {name}
    </Button>
  );
});
