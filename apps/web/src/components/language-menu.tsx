import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { languages } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { LanguageButton } from './language-button';

/** The language menu itself, in its own chunk (menus and their positioning are not on first pages). */
export function LanguageMenu({ variant }: { variant: 'subtle' | 'white' }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160} defaultOpened>
      <Menu.Target>
        <LanguageButton variant={variant} />
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
