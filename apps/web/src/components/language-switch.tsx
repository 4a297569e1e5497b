import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { languages } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';

/** English / 中文 switch; the choice is kept and `<html lang>` follows (SPEC §1). */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'white' }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant={variant}
          color={variant === 'white' ? 'indigo' : 'gray'}
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          aria-label={t('language.label')}
        >
          {t(`language.${active}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void setLanguage(language)}
            rightSection={language === active ? <IconCheck size={16} /> : null}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
